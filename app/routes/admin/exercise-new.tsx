import { href, Link } from "react-router";
import type { Route } from "./+types/exercise-new";
import { PageHeader } from "~/components/ui/page-header";
import {
  blankExercise,
  createFromEditor,
  listeningChoices,
} from "~/features/library/admin-library.server";
import { ExerciseEditor } from "~/features/library/components/admin-editor";
import { EXERCISE_TYPES, type ExerciseType } from "~/features/library/vocabulary";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { dataKey } from "~/lib/i18n/translate";
import { notFound } from "~/lib/not-found";

function typeOf(request: Request, value: string): ExerciseType {
  if (!(EXERCISE_TYPES as readonly string[]).includes(value)) notFound(request);
  return value as ExerciseType;
}

/** /admin/exercises/:type/new: a new exercise of that type, created as the form says. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const type = typeOf(request, params.type);
  const services = getServices(context);
  const today = services.clock.now().toISOString().slice(0, 10);
  return { type, draft: blankExercise(type, today), tracks: await listeningChoices(services) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  typeOf(request, params.type);
  return createFromEditor(getServices(context), "exercise", admin, await readForm(request));
}

export default function NewExercisePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { type, draft, tracks } = loaderData;
  const title = t("adminLibrary.newExerciseOfType", { type: t(dataKey(`library.type.${type}`)) });
  return (
    <>
      <title>{`${title} · Parley`}</title>
      <PageHeader title={title} />
      <p className="mb-6">
        <Link
          to={href("/admin/exercises/:type", { type })}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminLibrary.backToList")}
        </Link>
      </p>
      <ExerciseEditor
        mode="new"
        type={type}
        tracks={tracks}
        tree={(actionData?.tree ?? draft) as unknown as Record<string, unknown>}
        errors={actionData && "errors" in actionData ? actionData.errors : {}}
        answer={actionData}
      />
    </>
  );
}
