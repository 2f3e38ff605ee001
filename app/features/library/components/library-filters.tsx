import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { SearchIcon } from "~/components/ui/icons";
import { Spinner } from "~/components/ui/spinner";
import { useT } from "~/lib/i18n/react";

/**
 * The pieces both library pages (exercises, materials) are built from: a search form whose
 * filters live in a sidebar and join it through `form=`, checkbox groups with a count beside
 * every value, chips for the filters in force, the phone's "Show filters" button, the pages
 * control and arrow keys through the result grid. Everything works as a plain GET form
 * without JavaScript; with it, every change searches at once.
 */

/** The id of the search form the sidebar's inputs belong to. */
export const LIBRARY_FORM_ID = "library-search";
/** The results' heading, which the skip link and the page's live count use. */
const RESULTS_HEADING_ID = "results-heading";

/** Submits the search form now, or after `delay` ms (typing); a later call replaces it. */
export function useAutoSubmit(formRef: RefObject<HTMLFormElement | null>) {
  const submit = useSubmit();
  const debounce = useRef<number | undefined>(undefined);
  const apply = (delay = 0) => {
    window.clearTimeout(debounce.current);
    debounce.current = window.setTimeout(() => {
      if (formRef.current)
        void submit(formRef.current, { replace: true, preventScrollReset: true });
    }, delay);
  };
  return { apply, cancel: () => window.clearTimeout(debounce.current) };
}

/** "/" jumps to the search box, as on most search pages. */
export function useSlashToSearch(searchRef: RefObject<HTMLInputElement | null>) {
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
  }, [searchRef]);
}

/** Arrow keys move between result cards (up/down by row, left/right by card). */
export function useGridKeys() {
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

export interface FilterChip {
  key: string;
  label: string;
  /** The same search without this filter (and back on its first page). */
  href: string;
}

/**
 * Every filter in force in a query string, in its order, each with the address of the same
 * search without it. `labels` names the parameters that are filters and how each value reads.
 */
export function activeFilterChips(
  query: URLSearchParams,
  labels: Record<string, (value: string) => string>,
): FilterChip[] {
  const entries = [...query.entries()];
  return entries.flatMap(([name, value], i) => {
    const label = labels[name];
    if (!label) return [];
    const rest = new URLSearchParams(entries.filter(([other], j) => j !== i && other !== "page"));
    return [{ key: `${name}:${value}`, label: label(value), href: `?${rest.toString()}` }];
  });
}

/**
 * The search box (name "q"): searches as the teacher types, with a spinner while it runs, and
 * the form's own submit button: Enter or a click searches at once (the typing debounce
 * aside), and a form without one fails WCAG 3.2.2 checks (H32).
 */
export function SearchBox({
  inputRef,
  label,
  placeholder,
  defaultValue,
  loading,
  onChange,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  placeholder?: string;
  defaultValue: string;
  loading: boolean;
  onChange: () => void;
}) {
  const t = useT();
  return (
    <div className="relative">
      <button
        type="submit"
        className="absolute start-1.5 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <SearchIcon className="size-5" />
        <span className="sr-only">{t("library.searchButton")}</span>
      </button>
      <label htmlFor="library-q" className="sr-only">
        {label}
      </label>
      <input
        ref={inputRef}
        id="library-q"
        type="search"
        name="q"
        defaultValue={defaultValue}
        maxLength={200}
        autoComplete="off"
        placeholder={placeholder}
        onChange={onChange}
        className="block w-full rounded-xl border border-slate-300 bg-white py-3 ps-11 pe-12 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
      />
      {loading ? (
        <Spinner className="absolute end-3 top-1/2 size-5 -translate-y-1/2 text-brand-600" />
      ) : null}
    </div>
  );
}

/** A checkbox group of one filter, each value with how many results it would give. */
export function FilterGroup({
  legend,
  name,
  values,
  label,
  selected,
  counts,
  onChange,
  collapsible = false,
}: {
  legend: string;
  /** The query parameter ("level", "type" …). */
  name: string;
  values: readonly string[];
  label: (value: string) => string;
  selected: readonly string[];
  counts: Record<string, number>;
  onChange: () => void;
  /** Long groups (topics) show the values with results first, the rest on request. */
  collapsible?: boolean;
}) {
  const t = useT();
  const [expanded, setExpanded] = useState(!collapsible);
  const visible = expanded
    ? values
    : values.filter((v) => selected.includes(v) || (counts[v] ?? 0) > 0).slice(0, 8);
  return (
    <fieldset className="border-b border-slate-200 py-4 first:pt-0">
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
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
                  form={LIBRARY_FORM_ID}
                  name={name}
                  value={value}
                  defaultChecked={checked}
                  onChange={onChange}
                  className="size-4 accent-brand-700"
                />
                <span className="flex-1">{label(value)}</span>
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

/** A single on/off filter ("Free only"), with its count when it has one. */
export function FilterToggle({
  name,
  label,
  checked,
  count,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  count?: number;
  onChange: () => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        form={LIBRARY_FORM_ID}
        name={name}
        value="1"
        defaultChecked={checked}
        onChange={onChange}
        className="size-4 accent-brand-700"
      />
      <span className="flex-1">{label}</span>
      {count === undefined ? null : (
        <span className="text-xs tabular-nums text-slate-600">{count}</span>
      )}
    </label>
  );
}

/** The link past the filters, for keyboard and screen reader users. */
export function SkipToResults() {
  const t = useT();
  return (
    <a
      href={`#${RESULTS_HEADING_ID}`}
      className="sr-only focus:not-sr-only focus:mt-3 focus:inline-block focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-800 focus:ring-3 focus:ring-brand-300"
    >
      {t("library.skipToResults")}
    </a>
  );
}

/**
 * The filter sidebar: on a phone behind "Show filters" (with the number of filters in force),
 * always open from 1024 px. `resetKey` (the query) makes the checkboxes show the address's
 * state again after each search.
 */
export function FilterSidebar({
  activeCount,
  clearHref,
  resetKey,
  children,
}: {
  activeCount: number;
  clearHref: string;
  resetKey: string;
  children: ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div>
      {/* A checkbox, not a script, opens the filters on a phone, so they work without JavaScript too. */}
      <input
        type="checkbox"
        id="library-filters-toggle"
        className="peer sr-only lg:hidden"
        checked={open}
        onChange={(event) => setOpen(event.currentTarget.checked)}
        aria-controls="library-filters"
      />
      <label
        htmlFor="library-filters-toggle"
        className="mb-3 flex w-full cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium peer-focus-visible:ring-3 peer-focus-visible:ring-brand-300 lg:hidden"
      >
        {open ? t("library.hideFilters") : t("library.showFilters")}
        {activeCount > 0 ? (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
            {activeCount}
          </span>
        ) : null}
      </label>
      <div
        id="library-filters"
        className="hidden rounded-2xl border border-slate-200 bg-white p-4 peer-checked:block lg:block"
        key={resetKey}
      >
        {children}
        <noscript>
          <Button type="submit" form={LIBRARY_FORM_ID} className="mt-4 w-full">
            {t("library.applyFilters")}
          </Button>
        </noscript>
        <Link
          to={clearHref}
          className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline"
        >
          {t("library.clearFilters")}
        </Link>
      </div>
    </div>
  );
}

/** The filters in force above the results, each a link that removes it. */
export function FilterChips({ chips }: { chips: FilterChip[] }) {
  const t = useT();
  if (chips.length === 0) return null;
  return (
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
  );
}

/** The results' heading: how many there are, announced when it changes. */
export function ResultsHeading({ children }: { children: ReactNode }) {
  return (
    <h2
      id={RESULTS_HEADING_ID}
      tabIndex={-1}
      className="text-sm font-semibold text-slate-700"
      aria-live="polite"
    >
      {children}
    </h2>
  );
}

/** Previous · "Page 2 of 4" · Next under the results. */
export function ResultPages({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  const t = useT();
  if (pageCount <= 1) return null;
  const link =
    "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label={t("library.pages")} className="mt-6 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={link}>
          {t("library.previous")}
        </Link>
      ) : null}
      <span className="text-sm text-slate-600">
        {t("library.pageOf", { page: String(page), pages: String(pageCount) })}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={link}>
          {t("library.next")}
        </Link>
      ) : null}
    </nav>
  );
}
