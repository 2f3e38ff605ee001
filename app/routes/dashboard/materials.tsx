import { href, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/materials";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { MaterialCardView } from "~/features/library/components/library-card";
import { FilterGroup } from "~/features/library/components/library-filters";
import { LibraryLayout } from "~/features/library/components/library-layout";
import { viewerFor } from "~/features/library/library.server";
import { searchMaterials } from "~/features/library/materials.server";
import { CEFR_LEVELS, MATERIAL_TYPES, TOPICS } from "~/features/library/vocabulary";
import { parseMaterialParams, searchParamsToQuery } from "~/features/library/search-params";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";
import { dataKey } from "~/lib/i18n/translate";

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

/** The sidebar's groups: type, level, topic (the long one folds). */
const MATERIAL_FACETS = [
  {
    name: "type",
    field: "types",
    legend: "materials.type",
    values: MATERIAL_TYPES,
    label: (value: string) => dataKey(`materials.typeName.${value}`),
  },
  {
    name: "level",
    field: "levels",
    legend: "library.filter.level",
    values: CEFR_LEVELS,
    label: (value: string) => dataKey(`library.level.${value}`),
  },
  {
    name: "topic",
    field: "topics",
    legend: "library.filter.topic",
    values: TOPICS,
    label: (value: string) => dataKey(`library.topic.${value}`),
  },
] as const;

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
  const pageLink = (page: number) => `?${searchParamsToQuery({ ...params, page }).toString()}`;

  return (
    <>
      <title>{`${t("page.materials.title")} · Parley`}</title>
      <PageHeader
        title={t("page.materials.title")}
        description={t("page.materials.description")}
        actions={
          <ButtonLink to={href("/dashboard/listening")} theme="white">
            {t("audio.tracks")}
          </ButtonLink>
        }
      />
      <LibraryLayout
        pathname="/dashboard/materials"
        searchLabel={t("materials.search")}
        placeholder={t("materials.search")}
        query={params.q}
        clearHref="/dashboard/materials"
        filterQuery={searchParamsToQuery(params)}
        facetLabels={Object.fromEntries(
          MATERIAL_FACETS.map((facet) => [facet.name, (value: string) => t(facet.label(value))]),
        )}
        freeOnly={params.freeOnly}
        favoritesOnly={params.favoritesOnly}
        freeCount={result.facets.free.free ?? 0}
        filters={(apply) =>
          MATERIAL_FACETS.map((facet) => (
            <FilterGroup
              key={facet.name}
              legend={t(facet.legend)}
              name={facet.name}
              values={facet.values}
              label={(value) => t(facet.label(value))}
              selected={params[facet.field]}
              counts={result.facets[facet.name]}
              onChange={apply}
              collapsible={facet.name === "topic"}
            />
          ))
        }
        heading={t("materials.resultCount", { count: result.total })}
        results={result.results.map((material) => (
          <li key={material.id}>
            <MaterialCardView material={material} dataResult />
          </li>
        ))}
        empty={<EmptyState title={t("materials.noneTitle")}>{t("materials.none")}</EmptyState>}
        page={params.page}
        pageCount={result.pageCount}
        pageHref={pageLink}
      />
    </>
  );
}
