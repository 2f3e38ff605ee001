import { useRef } from "react";
import {
  Form,
  useLoaderData,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/materials";
import { cx } from "~/components/ui/cx";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { MaterialCardView } from "~/features/library/components/library-card";
import {
  activeFilterChips,
  FilterChips,
  FilterGroup,
  FilterSidebar,
  FilterToggle,
  LIBRARY_FORM_ID,
  ResultPages,
  ResultsHeading,
  SearchBox,
  SkipToResults,
  useAutoSubmit,
  useGridKeys,
  useSlashToSearch,
} from "~/features/library/components/library-filters";
import { viewerFor } from "~/features/library/library.server";
import { searchMaterials } from "~/features/library/materials.server";
import { CEFR_LEVELS, MATERIAL_TYPES, TOPICS } from "~/features/library/schema";
import { parseMaterialParams, searchParamsToQuery } from "~/features/library/search-params";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

/**
 * The materials library, built like the exercises': a search box, a filter sidebar with a
 * count beside every value, chips for the filters in force, pages of results. Unknown query
 * values are dropped and a page past the end shows the last one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const { db, clock } = getServices(context);
  const params = parseMaterialParams(new URL(request.url).searchParams);
  const viewer = await viewerFor(db, getUser(context), clock.now());
  const result = await searchMaterials(db, params, viewer);
  return { params: { ...params, page: result.page }, result };
}

/** Starring a material does not re-run the search. */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction === "/api/favorites" ? false : defaultShouldRevalidate;
}

export default function MaterialsPage() {
  const t = useT();
  const { params, result } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const { apply, cancel } = useAutoSubmit(formRef);
  useSlashToSearch(searchRef);
  const onGridKey = useGridKeys();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/dashboard/materials";
  const levelLabel = (value: string) => t(`library.level.${value}`);
  const typeLabel = (value: string) => t(`materials.typeName.${value}`);
  const topicLabel = (value: string) => t(`library.topic.${value}`);
  const chips = activeFilterChips(searchParamsToQuery(params), {
    level: levelLabel,
    type: typeLabel,
    topic: topicLabel,
    free: () => t("library.freeOnly"),
    favorites: () => t("library.favoritesOnly"),
  });
  const resultsKey = searchParams.toString();
  const pageLink = (page: number) => `?${searchParamsToQuery({ ...params, page }).toString()}`;

  return (
    <>
      <title>{`${t("page.materials.title")} · Parley`}</title>
      <PageHeader title={t("page.materials.title")} description={t("page.materials.description")} />
      <Form
        ref={formRef}
        id={LIBRARY_FORM_ID}
        method="get"
        role="search"
        aria-label={t("materials.search")}
        onSubmit={cancel}
      >
        <SearchBox
          inputRef={searchRef}
          label={t("materials.search")}
          placeholder={t("materials.search")}
          defaultValue={params.q}
          loading={loading}
          onChange={() => apply(300)}
        />
      </Form>
      <SkipToResults />
      {/* The filters sit outside the form element (cards hold their own forms) and join it through form=. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <FilterSidebar
          activeCount={chips.length}
          clearHref="/dashboard/materials"
          resetKey={resultsKey}
        >
          <div className="space-y-2 border-b border-slate-200 pb-4">
            <FilterToggle
              name="free"
              label={t("library.freeOnly")}
              checked={params.freeOnly}
              count={result.facets.free.free ?? 0}
              onChange={() => apply()}
            />
            <FilterToggle
              name="favorites"
              label={t("library.favoritesOnly")}
              checked={params.favoritesOnly}
              onChange={() => apply()}
            />
          </div>
          <FilterGroup
            legend={t("materials.type")}
            name="type"
            values={MATERIAL_TYPES}
            label={typeLabel}
            selected={params.types}
            counts={result.facets.type}
            onChange={() => apply()}
          />
          <FilterGroup
            legend={t("library.filter.level")}
            name="level"
            values={CEFR_LEVELS}
            label={levelLabel}
            selected={params.levels}
            counts={result.facets.level}
            onChange={() => apply()}
          />
          <FilterGroup
            legend={t("library.filter.topic")}
            name="topic"
            values={TOPICS}
            label={topicLabel}
            selected={params.topics}
            counts={result.facets.topic}
            onChange={() => apply()}
            collapsible
          />
        </FilterSidebar>

        <section aria-labelledby="results-heading">
          <FilterChips chips={chips} />
          <div className="mb-4">
            <ResultsHeading>{t("materials.resultCount", { count: result.total })}</ResultsHeading>
          </div>
          {result.results.length === 0 ? (
            <EmptyState title={t("materials.noneTitle")}>{t("materials.none")}</EmptyState>
          ) : (
            <ul
              className={cx("grid gap-4 sm:grid-cols-2 xl:grid-cols-3", loading && "opacity-60")}
              onKeyDown={onGridKey}
              data-testid="results"
            >
              {result.results.map((material) => (
                <li key={material.id}>
                  <MaterialCardView material={material} dataResult />
                </li>
              ))}
            </ul>
          )}
          <ResultPages page={params.page} pageCount={result.pageCount} href={pageLink} />
        </section>
      </div>
    </>
  );
}
