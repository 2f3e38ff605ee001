import { Link, useLoaderData, type ShouldRevalidateFunctionArgs, href } from "react-router";
import type { Route } from "./+types/favorites";
import { cx } from "~/components/ui/cx";
import { SchoolIcon, StarIcon } from "~/components/ui/icons";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import {
  ExerciseCardGrid,
  ExerciseCardView,
  MaterialCardView,
} from "~/features/library/components/library-card";
import {
  listFavoriteCards,
  listSchoolFavoriteCards,
  viewerFor,
} from "~/features/library/library.server";
import { listFavoriteMaterialCards } from "~/features/library/materials.server";
import { CEFR_LEVELS } from "~/features/library/vocabulary";
import type { SchoolFavoriteCard } from "~/features/library/school-favorites.server";
import { teacherTimeZone } from "~/features/lessons/teacher.server";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formatDate } from "~/lib/format";
import { useLocale, useT } from "~/lib/i18n/react";
import { useExerciseHref } from "~/features/library/components/exercise-href";

export const handle = { dashboard: true };

/**
 * The teacher's own favorites (exercises, then materials), and — for a teacher in a school —
 * the school's shared favorite exercises on a second tab (`?list=school`). A teacher in no
 * school sees no tab at all, and the school tab's address shows their own list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db } = getServices(context);
  const viewer = await viewerFor(db, getUser(context), getServices(context).clock.now());
  const school = viewer.school;
  const list: "mine" | "school" =
    school && new URL(request.url).searchParams.get("list") === "school" ? "school" : "mine";
  return {
    school,
    list,
    timeZone: teacherTimeZone(user),
    favorites: list === "mine" ? await listFavoriteCards(db, viewer) : [],
    materials: list === "mine" ? await listFavoriteMaterialCards(db, viewer) : [],
    schoolFavorites: list === "school" ? await listSchoolFavoriteCards(db, viewer) : [],
  };
}

/**
 * An unstarred exercise or material stays on the page until the next visit, so it can be starred again.
 * The school's list is reloaded after a change (another teacher may have changed it too).
 */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction === "/api/favorites" ? false : defaultShouldRevalidate;
}

function ListTabs({ list, school }: { list: "mine" | "school"; school: string }) {
  const t = useT();
  const tab = (active: boolean) =>
    cx(
      "inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold",
      active
        ? "border-brand-700 text-brand-800"
        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-ink",
    );
  return (
    <nav aria-label={t("page.favorites.lists")} className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-2">
        <li>
          <Link
            to={href("/dashboard/favorites")}
            aria-current={list === "mine" ? "page" : undefined}
            className={tab(list === "mine")}
          >
            <StarIcon className="size-4" />
            {t("page.favorites.mine")}
          </Link>
        </li>
        <li>
          <Link
            to={`${href("/dashboard/favorites")}?list=school`}
            aria-current={list === "school" ? "page" : undefined}
            className={tab(list === "school")}
            title={school}
          >
            <SchoolIcon className="size-4" />
            {t("page.favorites.school")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function SchoolFavorites({
  school,
  favorites,
  timeZone,
}: {
  school: string;
  favorites: SchoolFavoriteCard[];
  timeZone: string;
}) {
  const t = useT();
  const locale = useLocale();
  const exerciseHref = useExerciseHref();
  if (favorites.length === 0)
    return (
      <EmptyState
        title={t("page.favorites.schoolEmptyTitle")}
        icon={<SchoolIcon className="size-8" />}
      >
        {t("page.favorites.schoolEmpty", { school })}{" "}
        <Link
          to={href("/dashboard/exercises")}
          className="font-semibold text-brand-700 hover:underline"
        >
          {t("nav.exercises")}
        </Link>
      </EmptyState>
    );
  return (
    <div className="space-y-8" data-testid="school-favorites">
      {CEFR_LEVELS.map((level) => {
        const items = favorites.filter((f) => f.level === level);
        if (items.length === 0) return null;
        return (
          <section key={level} aria-labelledby={`school-level-${level}`}>
            <h2 id={`school-level-${level}`} className="mb-3 text-lg font-semibold text-ink">
              {t(`library.level.${level}`)}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((exercise) => (
                <li key={exercise.id} className="flex flex-col gap-1.5">
                  <ExerciseCardView exercise={exercise} href={exerciseHref(exercise.id)} />
                  <p className="px-1 text-xs text-slate-600">
                    {exercise.addedBy
                      ? t("page.favorites.addedBy", { name: exercise.addedBy })
                      : t("page.favorites.addedByFormer")}
                    {" · "}
                    <time dateTime={exercise.addedAt}>
                      {formatDate(exercise.addedAt, locale.iso, timeZone)}
                    </time>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

export default function FavoritesPage() {
  const t = useT();
  const { favorites, materials, schoolFavorites, school, list, timeZone } =
    useLoaderData<typeof loader>();
  return (
    <>
      <title>{`${t(list === "school" ? "page.favorites.school" : "page.favorites.heading")} · Parley`}</title>
      <PageHeader
        title={t("page.favorites.heading")}
        description={
          school && list === "school"
            ? t("page.favorites.schoolDescription", { school: school.name })
            : t("page.favorites.intro")
        }
      />
      {school ? <ListTabs list={list} school={school.name} /> : null}
      {school && list === "school" ? (
        <SchoolFavorites school={school.name} favorites={schoolFavorites} timeZone={timeZone} />
      ) : favorites.length === 0 && materials.length === 0 ? (
        <EmptyState title={t("page.favorites.emptyTitle")} icon={<StarIcon className="size-8" />}>
          {t("page.favorites.empty")}{" "}
          <Link
            to={href("/dashboard/exercises")}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t("nav.exercises")}
          </Link>
        </EmptyState>
      ) : (
        <div className="space-y-8">
          {favorites.length > 0 ? (
            <section aria-labelledby="favorite-exercises">
              <h2 id="favorite-exercises" className="mb-3 text-lg font-semibold text-ink">
                {t("nav.exercises")}
              </h2>
              <ExerciseCardGrid exercises={favorites} />
            </section>
          ) : null}
          {materials.length > 0 ? (
            <section aria-labelledby="favorite-materials" data-testid="favorite-materials">
              <h2 id="favorite-materials" className="mb-3 text-lg font-semibold text-ink">
                {t("nav.materials")}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {materials.map((material) => (
                  <li key={material.id}>
                    <MaterialCardView material={material} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}
