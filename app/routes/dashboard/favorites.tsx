import { Link, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/favorites";
import { StarIcon } from "~/components/ui/icons";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { ExerciseCardView } from "~/features/library/components/exercise-card";
import { listFavoriteCards, viewerFor } from "~/features/library/library.server";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";
import { useExerciseHref } from "~/features/library/components/exercise-href";

export const handle = { dashboard: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const { db } = getServices(context);
  const viewer = await viewerFor(db, getUser(context), getServices(context).clock.now());
  return { favorites: await listFavoriteCards(db, viewer) };
}

/** An unstarred exercise stays on the page until the next visit, so it can be starred again. */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction === "/api/favorites" ? false : defaultShouldRevalidate;
}

export default function FavoritesPage() {
  const exerciseHref = useExerciseHref();
  const t = useT();
  const { favorites } = useLoaderData<typeof loader>();
  return (
    <>
      <title>{`${t("page.favorites.title")} · Parley`}</title>
      <PageHeader title={t("page.favorites.title")} description={t("page.favorites.description")} />
      {favorites.length === 0 ? (
        <EmptyState title={t("page.favorites.emptyTitle")} icon={<StarIcon className="size-8" />}>
          {t("page.favorites.empty")}{" "}
          <Link to="/dashboard/exercises" className="font-semibold text-brand-700 hover:underline">
            {t("nav.exercises")}
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {favorites.map((exercise) => (
            <li key={exercise.id}>
              <ExerciseCardView exercise={exercise} href={exerciseHref(exercise.id)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
