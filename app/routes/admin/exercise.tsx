import { href, Link } from "react-router";
import type { Route } from "./+types/exercise";
import { PageHeader } from "~/components/ui/page-header";
import {
  doneNotice,
  editorAction,
  listeningChoices,
  loadEditor,
} from "~/features/library/admin-library.server";
import {
  EditorActions,
  ExerciseEditor,
  RevisionHistory,
} from "~/features/library/components/admin-editor";
import type { ExerciseDraft } from "~/features/library/editing.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { notFound } from "~/lib/not-found";

/** /admin/exercise/:id: the editor of one exercise, its actions and its history. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const services = getServices(context);
  const editor = await loadEditor(services, "exercise", params.id);
  if (!editor) notFound(request);
  return {
    ...editor,
    tracks: await listeningChoices(services),
    draft: editor.draft as ExerciseDraft,
    notice: doneNotice(new URL(request.url)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  return editorAction(getServices(context), "exercise", params.id, admin, await readForm(request));
}

export default function EditExercisePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { id, draft, revisions, notice, tracks } = loaderData;
  const answer = actionData ?? notice;
  return (
    <>
      <title>{`${draft.record.title} · ${t("adminLibrary.editExercise")} · Parley`}</title>
      <PageHeader title={t("adminLibrary.editExercise")} description={draft.record.title} />
      <p className="mb-4">
        <Link
          to={href("/admin/exercises/:type", { type: draft.record.content.type })}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminLibrary.backToList")}
        </Link>
      </p>
      <div className="mb-6">
        <EditorActions kind="exercise" id={id} status={draft.status} />
      </div>
      <div className="grid gap-6">
        <ExerciseEditor
          key={`${id}:${revisions[0]?.id ?? 0}`}
          mode="edit"
          type={draft.record.content.type}
          tracks={tracks}
          tree={
            ((actionData && "tree" in actionData ? actionData.tree : undefined) ??
              draft) as unknown as Record<string, unknown>
          }
          errors={actionData && "errors" in actionData ? actionData.errors : {}}
          answer={answer}
        />
        <RevisionHistory revisions={revisions} />
      </div>
    </>
  );
}
