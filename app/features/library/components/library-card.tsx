import type { ReactNode } from "react";
import { Link, href } from "react-router";
import { ClockIcon } from "~/components/ui/icons";
import { cx } from "~/components/ui/cx";
import { useT } from "~/lib/i18n/react";
import type { MaterialCard } from "../materials.server";
import type { CefrLevel } from "../vocabulary";
import type { ExerciseCard } from "../search.server";
import { AccessBadges, LevelBadge } from "./badges";
import { useExerciseHref } from "./exercise-href";
import { FavoriteButton } from "./favorite-button";
import { SchoolFavoriteButton } from "./school-favorite-button";
import { ENGLISH } from "~/lib/i18n/locales";

/**
 * A library card (an exercise or a material): level and type, the stars, the title (a link
 * over the whole card), the summary, minutes and access badges.
 */
function LibraryCard({
  level,
  typeLabel,
  title,
  summary,
  minutes,
  href,
  actions,
  badges,
  active = false,
  dataResult = false,
}: {
  level: CefrLevel;
  typeLabel: string;
  title: string;
  summary: string;
  minutes: number;
  href: string;
  actions: ReactNode;
  badges: ReactNode;
  active?: boolean;
  dataResult?: boolean;
}) {
  const t = useT();
  return (
    <article
      className={cx(
        "group relative flex h-full flex-col rounded-2xl border bg-white p-4 shadow-sm transition-shadow hover:shadow-md",
        active ? "border-brand-500 ring-2 ring-brand-200" : "border-slate-200",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={level} />
          <span className="text-xs font-medium uppercase tracking-wide text-slate-600">
            {typeLabel}
          </span>
        </div>
        <div className="relative z-10 -me-1.5 -mt-1.5 flex shrink-0 items-center">{actions}</div>
      </div>
      {/* English content: its own direction on the block, so on an Arabic or Hebrew page it
          starts on the left and a clamped summary ends in "…" where the text ends. */}
      <h3 {...ENGLISH} className="mt-2 text-base font-semibold leading-snug text-ink">
        <Link
          to={href}
          data-result={dataResult || undefined}
          className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus:outline-none focus-visible:underline focus-visible:after:ring-3 focus-visible:after:ring-brand-600"
        >
          {title}
        </Link>
      </h3>
      <p {...ENGLISH} className="mt-1.5 line-clamp-3 text-sm text-slate-600">
        {summary}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 pt-3 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <ClockIcon className="size-4" />
          {t("library.minutes", { count: minutes })}
        </span>
        {badges}
      </div>
    </article>
  );
}

export function ExerciseCardView({
  exercise,
  href,
  active = false,
  dataResult = false,
}: {
  exercise: ExerciseCard;
  href: string;
  active?: boolean;
  /** Marks the link for arrow-key navigation through a result grid. */
  dataResult?: boolean;
}) {
  const t = useT();
  return (
    <LibraryCard
      level={exercise.level}
      typeLabel={t(`library.type.${exercise.type}`)}
      title={exercise.title}
      summary={exercise.summary}
      minutes={exercise.durationMinutes}
      href={href}
      active={active}
      dataResult={dataResult}
      actions={
        <>
          <SchoolFavoriteButton
            exerciseId={exercise.id}
            schoolFavorite={exercise.schoolFavorite}
            title={exercise.title}
          />
          <FavoriteButton id={exercise.id} favorite={exercise.favorite} title={exercise.title} />
        </>
      }
      badges={
        <AccessBadges
          isFree={exercise.isFree}
          isFresh={exercise.isFresh}
          freeExpiresAt={exercise.freeExpiresAt}
          locked={exercise.locked}
        />
      }
    />
  );
}

/** Exercise cards in the dashboard's grid, each linking to the exercise in the reader's language. */
export function ExerciseCardGrid({ exercises }: { exercises: ExerciseCard[] }) {
  const exerciseHref = useExerciseHref();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {exercises.map((exercise) => (
        <li key={exercise.id}>
          <ExerciseCardView exercise={exercise} href={exerciseHref(exercise.id)} />
        </li>
      ))}
    </ul>
  );
}

export function MaterialCardView({
  material,
  dataResult = false,
}: {
  material: MaterialCard;
  /** Marks the link for arrow-key navigation through a result grid. */
  dataResult?: boolean;
}) {
  const t = useT();
  return (
    <LibraryCard
      level={material.level}
      typeLabel={t(`materials.typeName.${material.type}`)}
      title={material.title}
      summary={material.summary}
      minutes={material.durationMinutes}
      href={href("/dashboard/materials/:id", { id: material.id })}
      dataResult={dataResult}
      actions={
        <FavoriteButton
          kind="material"
          id={material.id}
          favorite={material.favorite}
          title={material.title}
        />
      }
      badges={<AccessBadges isFree={material.isFree} locked={material.locked} />}
    />
  );
}
