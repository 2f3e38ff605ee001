import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useRouteError,
  useSearchParams,
  useSubmit,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/exercises";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { SearchIcon } from "~/components/ui/icons";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { Spinner } from "~/components/ui/spinner";
import { ExerciseCardView } from "~/features/library/components/exercise-card";
import { viewerFor } from "~/features/library/library.server";
import {
  AUDIENCES,
  CEFR_LEVELS,
  EXERCISE_TYPES,
  GROUPINGS,
  TOPICS,
} from "~/features/library/schema";
import {
  DURATION_BUCKETS,
  parseSearchParams,
  searchParamsToQuery,
  SORTS,
  type SearchParams,
} from "~/features/library/search-params";
import { searchExercises, type FacetName } from "~/features/library/search.server";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";
import type { Translate } from "~/lib/i18n/translate";
import { useExerciseHref } from "~/features/library/components/exercise-href";

export const handle = { dashboard: true, search: true };

const SEARCH_TIMEOUT_MS = 8000;
const FORM_ID = "library-search";

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

const FACET_VALUES: Record<Exclude<FacetName, "free">, readonly string[]> = {
  level: CEFR_LEVELS,
  type: EXERCISE_TYPES,
  topic: TOPICS,
  duration: DURATION_BUCKETS,
  grouping: GROUPINGS,
  audience: AUDIENCES,
};

const FACET_PARAM: Record<Exclude<FacetName, "free">, string> = {
  level: "level",
  type: "type",
  topic: "topic",
  duration: "duration",
  grouping: "grouping",
  audience: "audience",
};

function labelKey(facet: Exclude<FacetName, "free">, value: string): string {
  return `library.${facet}.${value}`;
}

const FACET_FIELD = {
  level: "levels",
  type: "types",
  topic: "topics",
  duration: "durations",
  grouping: "groupings",
  audience: "audiences",
} as const satisfies Record<Exclude<FacetName, "free">, keyof SearchParams>;

/** Every filter in force, each with the address of the same search without it. */
function activeFilters(params: SearchParams, t: Translate) {
  const chips: { key: string; label: string; href: string }[] = [];
  for (const facet of Object.keys(FACET_FIELD) as (keyof typeof FACET_FIELD)[]) {
    const field = FACET_FIELD[facet];
    for (const value of params[field] as string[]) {
      const rest = (params[field] as string[]).filter((v) => v !== value);
      chips.push({
        key: `${facet}:${value}`,
        label: t(labelKey(facet, value)),
        href: `?${searchParamsToQuery({ ...params, [field]: rest, page: 1 }).toString()}`,
      });
    }
  }
  if (params.freeOnly)
    chips.push({
      key: "free",
      label: t("library.freeOnly"),
      href: `?${searchParamsToQuery({ ...params, freeOnly: false, page: 1 }).toString()}`,
    });
  if (params.favoritesOnly)
    chips.push({
      key: "favorites",
      label: t("library.favoritesOnly"),
      href: `?${searchParamsToQuery({ ...params, favoritesOnly: false, page: 1 }).toString()}`,
    });
  return chips;
}

function FilterGroup({
  facet,
  selected,
  counts,
  onChange,
  collapsible = false,
}: {
  facet: Exclude<FacetName, "free">;
  selected: string[];
  counts: Record<string, number>;
  onChange: () => void;
  collapsible?: boolean;
}) {
  const t = useT();
  const [expanded, setExpanded] = useState(!collapsible);
  const values = FACET_VALUES[facet];
  const visible = expanded
    ? values
    : values.filter((v) => selected.includes(v) || (counts[v] ?? 0) > 0).slice(0, 8);
  return (
    <fieldset className="border-b border-slate-200 py-4 first:pt-0">
      <legend className="mb-2 text-sm font-semibold text-ink">
        {t(`library.filter.${facet}`)}
      </legend>
      <ul className="space-y-1">
        {visible.map((value) => {
          const count = counts[value] ?? 0;
          const checked = selected.includes(value);
          return (
            <li key={value}>
              <label
                className={cx(
                  "flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm hover:bg-slate-50",
                  count === 0 && !checked && "text-slate-500",
                )}
              >
                <input
                  type="checkbox"
                  form={FORM_ID}
                  name={FACET_PARAM[facet]}
                  value={value}
                  defaultChecked={checked}
                  onChange={onChange}
                  className="size-4 accent-brand-700"
                />
                <span className="flex-1">{t(labelKey(facet, value))}</span>
                <span className="text-xs tabular-nums text-slate-600">{count}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {collapsible ? (
        <button
          type="button"
          onClick={() => setExpanded((e) => !e)}
          className="mt-1 text-sm font-medium text-brand-700 hover:underline"
        >
          {expanded
            ? t("library.filter.showFewer")
            : t("library.filter.showAll", { count: values.length })}
        </button>
      ) : null}
    </fieldset>
  );
}

/** Arrow keys move between result cards (up/down by row, left/right by card). */
function useGridKeys() {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key))
      return;
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[data-result]")];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index === -1) return;
    const columns = Math.max(
      1,
      Math.round(event.currentTarget.clientWidth / (links[0]?.closest("li")?.clientWidth || 1)),
    );
    const rtl = document.documentElement.dir === "rtl";
    const step =
      event.key === "ArrowDown"
        ? columns
        : event.key === "ArrowUp"
          ? -columns
          : event.key === "ArrowRight"
            ? rtl
              ? -1
              : 1
            : event.key === "ArrowLeft"
              ? rtl
                ? 1
                : -1
              : 0;
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? links.length - 1
          : Math.min(links.length - 1, Math.max(0, index + step));
    event.preventDefault();
    links[next]?.focus();
  };
}

export default function ExercisesPage() {
  const exerciseHref = useExerciseHref();
  const t = useT();
  const { params, result } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const debounce = useRef<number | undefined>(undefined);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/dashboard/exercises";
  const onGridKey = useGridKeys();
  const chips = activeFilters(params, t);

  const apply = (delay = 0) => {
    window.clearTimeout(debounce.current);
    debounce.current = window.setTimeout(() => {
      if (formRef.current)
        void submit(formRef.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  // "/" jumps to the search box, as on most search pages.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (
        event.key === "/" &&
        !(event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)
      ) {
        event.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const pageLink = (page: number) => `?${searchParamsToQuery({ ...params, page }).toString()}`;
  const resultsKey = searchParams.toString();
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
      <PageHeader title={t("page.exercises.title")} description={t("page.exercises.description")} />
      <Form
        ref={formRef}
        id={FORM_ID}
        method="get"
        role="search"
        aria-label={t("library.searchLabel")}
        onSubmit={() => window.clearTimeout(debounce.current)}
      >
        <div className="relative">
          {/* The form's own submit button: Enter or a click searches at once (the typing
              debounce aside), and a form without one fails WCAG 3.2.2 checks (H32). */}
          <button
            type="submit"
            className="absolute start-1.5 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <SearchIcon className="size-5" />
            <span className="sr-only">{t("library.searchButton")}</span>
          </button>
          <label htmlFor="library-q" className="sr-only">
            {t("library.searchLabel")}
          </label>
          <input
            ref={searchRef}
            id="library-q"
            type="search"
            name="q"
            defaultValue={params.q}
            maxLength={200}
            autoComplete="off"
            placeholder={t("library.searchPlaceholder")}
            onChange={() => apply(300)}
            className="block w-full rounded-xl border border-slate-300 bg-white py-3 ps-11 pe-12 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
          />
          {loading ? (
            <Spinner className="absolute end-3 top-1/2 size-5 -translate-y-1/2 text-brand-600" />
          ) : null}
        </div>
        {result.corrections.length > 0 ||
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
        ) : null}
      </Form>
      <a
        href="#results-heading"
        className="sr-only focus:not-sr-only focus:mt-3 focus:inline-block focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-800 focus:ring-3 focus:ring-brand-300"
      >
        {t("library.skipToResults")}
      </a>
      {/* Filters and sorting sit outside the form element (result cards hold their own forms) and join it through form=. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div>
          {/* A checkbox, not a script, opens the filters on a phone, so they work without JavaScript too. */}
          <input
            type="checkbox"
            id="library-filters-toggle"
            className="peer sr-only lg:hidden"
            checked={filtersOpen}
            onChange={(event) => setFiltersOpen(event.currentTarget.checked)}
            aria-controls="library-filters"
          />
          <label
            htmlFor="library-filters-toggle"
            className="mb-3 flex w-full cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium peer-focus-visible:ring-3 peer-focus-visible:ring-brand-300 lg:hidden"
          >
            {filtersOpen ? t("library.hideFilters") : t("library.showFilters")}
            {chips.length > 0 ? (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                {chips.length}
              </span>
            ) : null}
          </label>
          <div
            id="library-filters"
            className="hidden rounded-2xl border border-slate-200 bg-white p-4 peer-checked:block lg:block"
            key={resultsKey}
          >
            <div className="space-y-2 border-b border-slate-200 pb-4">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  form={FORM_ID}
                  name="free"
                  value="1"
                  defaultChecked={params.freeOnly}
                  onChange={() => apply()}
                  className="size-4 accent-brand-700"
                />
                <span className="flex-1">{t("library.freeOnly")}</span>
                <span className="text-xs tabular-nums text-slate-600">
                  {result.facets.free.free ?? 0}
                </span>
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  form={FORM_ID}
                  name="favorites"
                  value="1"
                  defaultChecked={params.favoritesOnly}
                  onChange={() => apply()}
                  className="size-4 accent-brand-700"
                />
                <span className="flex-1">{t("library.favoritesOnly")}</span>
              </label>
            </div>
            <FilterGroup
              facet="level"
              selected={params.levels}
              counts={result.facets.level}
              onChange={() => apply()}
            />
            <FilterGroup
              facet="type"
              selected={params.types}
              counts={result.facets.type}
              onChange={() => apply()}
            />
            <FilterGroup
              facet="duration"
              selected={params.durations}
              counts={result.facets.duration}
              onChange={() => apply()}
            />
            <FilterGroup
              facet="topic"
              selected={params.topics}
              counts={result.facets.topic}
              onChange={() => apply()}
              collapsible
            />
            <FilterGroup
              facet="grouping"
              selected={params.groupings}
              counts={result.facets.grouping}
              onChange={() => apply()}
            />
            <FilterGroup
              facet="audience"
              selected={params.audiences}
              counts={result.facets.audience}
              onChange={() => apply()}
            />
            <noscript>
              <Button type="submit" form={FORM_ID} className="mt-4 w-full">
                {t("library.applyFilters")}
              </Button>
            </noscript>
            <Link
              to="/dashboard/exercises"
              className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline"
            >
              {t("library.clearFilters")}
            </Link>
          </div>
        </div>

        <section aria-labelledby="results-heading">
          {chips.length > 0 ? (
            <ul className="mb-3 flex flex-wrap gap-2" aria-label={t("library.activeFilters")}>
              {chips.map((chip) => (
                <li key={chip.key}>
                  <Link
                    to={chip.href}
                    replace
                    preventScrollReset
                    className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100"
                    aria-label={t("library.removeFilter", { name: chip.label })}
                  >
                    {chip.label} <span aria-hidden="true">×</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2
              id="results-heading"
              tabIndex={-1}
              className="text-sm font-semibold text-slate-700"
              aria-live="polite"
            >
              {t("library.resultCount", { count: result.total })}
            </h2>
            <div className="flex items-center gap-2">
              <label htmlFor="library-sort" className="text-sm text-slate-600">
                {t("library.sortBy")}
              </label>
              <select
                id="library-sort"
                form={FORM_ID}
                name="sort"
                defaultValue={params.sort}
                key={`sort-${resultsKey}`}
                onChange={() => apply()}
                className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
              >
                {SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`library.sort.${sort}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {result.results.length === 0 ? (
            <EmptyState title={t("library.noResultsTitle")}>{t("library.noResults")}</EmptyState>
          ) : (
            <ul
              className={cx("grid gap-4 sm:grid-cols-2 xl:grid-cols-3", loading && "opacity-60")}
              onKeyDown={onGridKey}
              data-testid="results"
            >
              {result.results.map((exercise) => (
                <li key={exercise.id}>
                  <ExerciseCardView
                    exercise={exercise}
                    href={exerciseHref(exercise.id)}
                    dataResult
                  />
                </li>
              ))}
            </ul>
          )}
          {result.pageCount > 1 ? (
            <nav
              aria-label={t("library.pages")}
              className="mt-6 flex items-center justify-center gap-3"
            >
              {params.page > 1 ? (
                <Link
                  to={pageLink(params.page - 1)}
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
                >
                  {t("library.previous")}
                </Link>
              ) : null}
              <span className="text-sm text-slate-600">
                {t("library.pageOf", {
                  page: String(params.page),
                  pages: String(result.pageCount),
                })}
              </span>
              {params.page < result.pageCount ? (
                <Link
                  to={pageLink(params.page + 1)}
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
                >
                  {t("library.next")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
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
