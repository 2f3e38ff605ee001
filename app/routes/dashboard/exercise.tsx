import { Link, type ShouldRevalidateFunctionArgs, useLoaderData, href } from "react-router";
import type { Route } from "./+types/exercise";
import { ButtonLink } from "~/components/ui/button";
import { LockIcon } from "~/components/ui/icons";
import { LevelBadge } from "~/features/library/components/badges";
import { Presenter } from "~/features/library/components/presenter";
import { exerciseForViewer, recordView, viewerFor } from "~/features/library/library.server";
import { listClasses } from "~/features/classes/classes.server";
import { ROLE } from "~/lib/auth/roles";
import { getUser, hasRole, isAdmin, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";
import { notFound } from "~/lib/not-found";

/** An exercise in presentation mode (focused layout); locked for viewers without access. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  const { db } = getServices(context);
  const user = getUser(context);
  const viewer = await viewerFor(db, user, getServices(context).clock.now());
  // An administrator previews drafts and scheduled exercises from the admin panel's editor.
  const preview = isAdmin(user) && new URL(request.url).searchParams.has("preview");
  const exercise = await exerciseForViewer(db, params.id, viewer, viewer.now, preview);
  if (!exercise) notFound(request);
  if (!exercise.locked && user && !preview) await recordView(db, user.id, exercise.id, viewer.now);
  // The teacher's classes, for "Share with class" while presenting.
  const classes =
    user && !exercise.locked && hasRole(user, ROLE.TEACHER)
      ? (await listClasses(getServices(context), user.id)).map(({ id, name }) => ({ id, name }))
      : undefined;
  return { exercise, classes };
}

/** Card changes sent to a class do not reload the exercise. */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith("/class/") || formAction === "/api/school-favorites") return false;
  return defaultShouldRevalidate;
}

export default function ExercisePage() {
  const t = useT();
  const { exercise, classes } = useLoaderData<typeof loader>();
  if (exercise.locked || !exercise.content) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <title>{`${exercise.title} · Parley`}</title>
        <div
          className="rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm"
          data-testid="locked-exercise"
        >
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <LockIcon className="size-6" />
          </span>
          <div className="mt-4 flex items-center justify-center gap-2">
            <LevelBadge level={exercise.level} />
            <span className="text-sm uppercase tracking-wide text-slate-600">
              {t(`library.type.${exercise.type}`)}
            </span>
          </div>
          <h1 className="mt-2 text-2xl font-bold text-ink" lang="en" dir="ltr">
            {exercise.title}
          </h1>
          <p className="mt-3 text-slate-600" lang="en" dir="ltr">
            {exercise.summary}
          </p>
          <p className="mt-6 font-medium text-ink">{t("presenter.lockedTitle")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("presenter.lockedText")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={href("/dashboard/membership")} theme="secondary" size="large">
              {t("menu.goPremium")}
            </ButtonLink>
            <ButtonLink to={`${href("/dashboard/exercises")}?free=1`} theme="white" size="large">
              {t("presenter.browseFree")}
            </ButtonLink>
          </div>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link
            to={href("/dashboard/exercises")}
            className="font-medium text-brand-700 hover:underline"
          >
            {t("presenter.backToLibrary")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <title>{`${exercise.title} · Parley`}</title>
      <Presenter exercise={{ ...exercise, content: exercise.content }} classes={classes} />
    </>
  );
}
