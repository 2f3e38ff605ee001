import { Link, useLocation } from "react-router";
import { cx } from "./cx";
import { useT } from "~/lib/i18n/react";

/** Numbered page links (?page=N), keeping the rest of the query string. */
export function Pagination({ page, pages, label }: { page: number; pages: number; label: string }) {
  const t = useT();
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <nav aria-label={label} className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          rel="prev"
          className="rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t("common.previous")}
        </Link>
      ) : null}
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        <Link
          key={n}
          to={href(n)}
          aria-current={n === page ? "page" : undefined}
          className={cx(
            "min-w-10 rounded-lg px-3 py-2 text-center text-sm font-semibold",
            n === page ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100",
          )}
        >
          {n}
        </Link>
      ))}
      {page < pages ? (
        <Link
          to={href(page + 1)}
          rel="next"
          className="rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t("common.next")}
        </Link>
      ) : null}
    </nav>
  );
}
