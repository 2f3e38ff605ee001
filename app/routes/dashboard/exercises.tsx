import {
  href,
  data,
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useRevalidator,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/exercises";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { ExerciseCardView } from "~/features/library/components/library-card";
import { FilterGroup, LIBRARY_FORM_ID } from "~/features/library/components/library-filters";
import { LibraryLayout } from "~/features/library/components/library-layout";
import { viewerFor } from "~/features/library/library.server";
import {
  AUDIENCES,
  CEFR_LEVELS,
  EXERCISE_TYPES,
  GROUPINGS,
  SKILL_FOCUS,
  TOPICS,
} from "~/features/library/vocabulary";
import { GRAMMAR_POINTS, LANGUAGE_FUNCTIONS } from "~/features/library/language-focus";
import {
  DURATION_BUCKETS,
  parseSearchParams,
  searchParamsToQuery,
  SORTS,
} from "~/features/library/search-params";
import { searchExercises, type FacetName } from "~/features/library/search.server";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";
import { useExerciseHref } from "~/features/library/components/exercise-href";
import { dataKey } from "~/lib/i18n/translate";

export const handle = { dashboard: true, search: true };

const SEARCH_TIMEOUT_MS = 8000;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const services = getServices(context);
  const params = parseSearchParams(new URL(request.url).searchParams);
  const viewer = await viewerFor(services.db, getUser(context), getServices(context).clock.now());
  try {
    // The database cancels a search that runs too long (rather than leaving it running after
    // the page gave up on it).
    const result = await services.database.withStatementTimeout(SEARCH_TIMEOUT_MS, (db) =>
      searchExercises(services.database, params, viewer, viewer.now, db),
    );
    return { params, result };
  } catch (error) {
    getRequestInfo(context).log.error({ err: error, params }, "exercise search failed");
    throw data({ error: "search-failed" }, { status: 503 });
  }
}

/** Starring an exercise does not re-run the search. */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction === "/api/favorites" || formAction === "/api/school-favorites") return false;
  return defaultShouldRevalidate;
}

const FACET_VALUES: Record<Facet, readonly string[]> = {
  level: CEFR_LEVELS,
  type: EXERCISE_TYPES,
  topic: TOPICS,
  duration: DURATION_BUCKETS,
  grouping: GROUPINGS,
  audience: AUDIENCES,
  skill: SKILL_FOCUS,
  grammar: GRAMMAR_POINTS,
  function: LANGUAGE_FUNCTIONS,
};

type Facet = Exclude<FacetName, "free">;

const labelKey = (facet: Facet, value: string) => dataKey(`library.${facet}.${value}`);

export default function ExercisesPage() {
  const exerciseHref = useExerciseHref();
  const t = useT();
  const { params, result } = useLoaderData<typeof loader>();
  const facetLabel = (facet: Facet) => (value: string) => t(labelKey(facet, value));
  const group = (
    apply: () => void,
    facet: Facet,
    selected: readonly string[],
    collapsible = false,
  ) => (
    <FilterGroup
      legend={t(`library.filter.${facet}`)}
      name={facet}
      values={FACET_VALUES[facet]}
      label={facetLabel(facet)}
      selected={selected}
      counts={result.facets[facet]}
      onChange={apply}
      collapsible={collapsible}
    />
  );

  const pageLink = (page: number) => `?${searchParamsToQuery({ ...params, page }).toString()}`;
  const removeInterpretation = (kind: "level" | "type" | "minutes", value: string) => {
    const words = params.q.split(/\s+/).filter((w) => {
      const lower = w.toLowerCase();
      if (kind === "level") return lower !== value.toLowerCase();
      if (kind === "type") return !value.split("-").includes(lower.replace(/s$/, ""));
      return !/^\d+$|^min|^minutes?$/.test(lower);
    });
    return `?${searchParamsToQuery({ ...params, q: words.join(" "), page: 1 }).toString()}`;
  };

  return (
    <>
      <title>{`${t("page.exercises.title")} · Parley`}</title>
      <PageHeader
        title={t("page.exercises.title")}
        description={t("page.exercises.description")}
        actions={
          <ButtonLink to={href("/dashboard/listening")} theme="white">
            {t("audio.tracks")}
          </ButtonLink>
        }
      />
      <LibraryLayout
        pathname="/dashboard/exercises"
        searchLabel={t("library.searchLabel")}
        placeholder={t("library.searchPlaceholder")}
        query={params.q}
        belowSearch={
          result.corrections.length > 0 ||
          result.interpreted.levels.length ||
          result.interpreted.types.length ||
          result.interpreted.minutes ? (
            <div
              className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600"
              aria-live="polite"
            >
              {result.corrections.length > 0 ? (
                <span>{t("library.correctedTo", { text: result.searchedText })}</span>
              ) : null}
              {result.interpreted.levels.map((level) => (
                <Link
                  key={level}
                  to={removeInterpretation("level", level)}
                  className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800 hover:bg-brand-100"
                  aria-label={t("library.removeFilter", { name: level })}
                >
                  {level} ×
                </Link>
              ))}
              {result.interpreted.types.map((type) => (
                <Link
                  key={type}
                  to={removeInterpretation("type", type)}
                  className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800 hover:bg-brand-100"
                  aria-label={t("library.removeFilter", { name: t(`library.type.${type}`) })}
                >
                  {t(`library.type.${type}`)} ×
                </Link>
              ))}
              {result.interpreted.minutes ? (
                <Link
                  to={removeInterpretation("minutes", "")}
                  className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800 hover:bg-brand-100"
                  aria-label={t("library.removeFilter", {
                    name: t("library.aboutMinutes", { count: result.interpreted.minutes }),
                  })}
                >
                  {t("library.aboutMinutes", { count: result.interpreted.minutes })} ×
                </Link>
              ) : null}
            </div>
          ) : null
        }
        clearHref="/dashboard/exercises"
        filterQuery={searchParamsToQuery(params)}
        facetLabels={{
          level: facetLabel("level"),
          type: facetLabel("type"),
          topic: facetLabel("topic"),
          duration: facetLabel("duration"),
          grouping: facetLabel("grouping"),
          audience: facetLabel("audience"),
          skill: facetLabel("skill"),
          grammar: facetLabel("grammar"),
          function: facetLabel("function"),
        }}
        freeOnly={params.freeOnly}
        favoritesOnly={params.favoritesOnly}
        freeCount={result.facets.free.free ?? 0}
        filters={(apply) => (
          <>
            {group(apply, "level", params.levels)}
            {group(apply, "type", params.types)}
            {group(apply, "duration", params.durations)}
            {group(apply, "topic", params.topics, true)}
            {group(apply, "grouping", params.groupings)}
            {group(apply, "audience", params.audiences)}
            {group(apply, "grammar", params.grammar, true)}
            {group(apply, "function", params.functions, true)}
            {group(apply, "skill", params.skills)}
          </>
        )}
        heading={t("library.resultCount", { count: result.total })}
        headingExtras={(apply, resetKey) => (
          <div className="flex items-center gap-2">
            <label htmlFor="library-sort" className="text-sm text-slate-600">
              {t("library.sortBy")}
            </label>
            <select
              id="library-sort"
              form={LIBRARY_FORM_ID}
              name="sort"
              defaultValue={params.sort}
              key={`sort-${resetKey}`}
              onChange={apply}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`library.sort.${sort}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        results={result.results.map((exercise) => (
          <li key={exercise.id}>
            <ExerciseCardView exercise={exercise} href={exerciseHref(exercise.id)} dataResult />
          </li>
        ))}
        empty={
          <EmptyState title={t("library.noResultsTitle")}>{t("library.noResults")}</EmptyState>
        }
        page={params.page}
        pageCount={result.pageCount}
        pageHref={pageLink}
      />
    </>
  );
}

/** A slow or failed search explains itself and offers to try again (spec §8). */
export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const failed = isRouteErrorResponse(error) && error.status === 503;
  return (
    <div className="mx-auto max-w-xl py-10">
      <Alert tone="error" title={t("library.searchFailedTitle")}>
        <p>{failed ? t("library.searchFailed") : t("error.500.message")}</p>
        <Button
          className="mt-3"
          onClick={() => void revalidator.revalidate()}
          loading={revalidator.state === "loading"}
        >
          {t("library.retry")}
        </Button>
      </Alert>
    </div>
  );
}
