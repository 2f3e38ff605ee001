import { useRef, type ReactNode } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { useT } from "~/lib/i18n/react";
import {
  activeFilterChips,
  FilterChips,
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
} from "./library-filters";
import { Spinner } from "~/components/ui/spinner";

/** Searches at once with the form's current state (a filter or the sort changed). */
type Apply = () => void;

/**
 * A library page (exercises, materials) below its header: the search form, the skip link,
 * the filter sidebar (Free only and My favorites only first, then the page's groups), the
 * chips, the result count, the results grid or what to say when there are none, the pages.
 * Filters and sorting sit outside the form element (result cards hold their own forms) and
 * join it through form=.
 */
export function LibraryLayout({
  pathname,
  searchLabel,
  placeholder,
  query,
  belowSearch,
  clearHref,
  filterQuery,
  facetLabels,
  freeOnly,
  favoritesOnly,
  freeCount,
  filters,
  heading,
  headingExtras,
  results,
  empty,
  page,
  pageCount,
  pageHref,
}: {
  /** The page's own path (its searches show a spinner, and dim the results). */
  pathname: string;
  searchLabel: string;
  placeholder: string;
  query: string;
  /** Under the search box, inside the form (what the search understood). */
  belowSearch?: ReactNode;
  clearHref: string;
  /** The search in force as a query string (checked values only): its filters become chips. */
  filterQuery: URLSearchParams;
  /** How each filter group's values read on their chips (Free only and favorites are added). */
  facetLabels: Record<string, (value: string) => string>;
  freeOnly: boolean;
  favoritesOnly: boolean;
  freeCount: number;
  /** The page's filter groups. */
  filters: (apply: Apply) => ReactNode;
  heading: string;
  /** Beside the result count (sorting); `resetKey` changes with every search. */
  headingExtras?: (apply: Apply, resetKey: string) => ReactNode;
  /** One <li> per result. */
  results: ReactNode[];
  empty: ReactNode;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
}) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const { apply: submitAfter, cancel } = useAutoSubmit(formRef);
  useSlashToSearch(searchRef);
  const onGridKey = useGridKeys();
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  // The sidebar and the sort show the address's state again after each search.
  const resetKey = searchParams.toString();
  const apply = () => submitAfter();
  const chips = activeFilterChips(filterQuery, {
    ...facetLabels,
    free: () => t("library.freeOnly"),
    favorites: () => t("library.favoritesOnly"),
  });
  return (
    <>
      <Form
        ref={formRef}
        id={LIBRARY_FORM_ID}
        method="get"
        role="search"
        aria-label={searchLabel}
        onSubmit={cancel}
      >
        <SearchBox
          inputRef={searchRef}
          label={searchLabel}
          placeholder={placeholder}
          defaultValue={query}
          loading={loading}
          onChange={() => submitAfter(300)}
        />
        {belowSearch}
      </Form>
      <SkipToResults />
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <FilterSidebar activeCount={chips.length} clearHref={clearHref} resetKey={resetKey}>
          <div className="space-y-2 border-b border-slate-200 pb-4">
            <FilterToggle
              name="free"
              label={t("library.freeOnly")}
              checked={freeOnly}
              count={freeCount}
              onChange={apply}
            />
            <FilterToggle
              name="favorites"
              label={t("library.favoritesOnly")}
              checked={favoritesOnly}
              onChange={apply}
            />
          </div>
          {filters(apply)}
        </FilterSidebar>

        <section aria-labelledby="results-heading">
          <FilterChips chips={chips} />
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <ResultsHeading>{heading}</ResultsHeading>
              {loading ? <Spinner className="size-5 text-brand-700" /> : null}
            </div>
            {headingExtras?.(apply, resetKey)}
          </div>
          {results.length === 0 ? (
            empty
          ) : (
            <ul
              className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
              // Updating while the next results load (the spinner by the heading shows it; the
              // cards keep full contrast instead of fading below WCAG AA).
              aria-busy={loading || undefined}
              onKeyDown={onGridKey}
              data-testid="results"
            >
              {results}
            </ul>
          )}
          <ResultPages page={page} pageCount={pageCount} href={pageHref} />
        </section>
      </div>
    </>
  );
}
