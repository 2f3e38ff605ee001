import { Link } from "react-router";
import { cx } from "~/components/ui/cx";
import { useT } from "~/lib/i18n/react";
import { CURRENCIES, type Currency } from "./prices";

/**
 * The USD / EUR / PLN choice shown beside prices (the landing's pricing, the membership
 * page). Plain links to `?currency=…`: they work without JavaScript, the server decides the
 * prices from the parameter, and the pick can be shared or reloaded.
 */
export function CurrencySwitcher({
  current,
  hash = "",
  className,
}: {
  current: Currency;
  /** Where the page should land after the switch, e.g. "#pricing". */
  hash?: string;
  className?: string;
}) {
  const t = useT();
  return (
    <nav
      aria-label={t("landing.pricing.currency")}
      className={cx("flex gap-1 rounded-lg bg-white p-1 shadow-sm", className)}
    >
      {CURRENCIES.map((c) => (
        <Link
          key={c}
          to={`?currency=${c}${hash}`}
          preventScrollReset
          aria-current={c === current ? "true" : undefined}
          className={cx(
            "rounded-md px-3 py-1.5 text-sm font-semibold",
            c === current ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100",
          )}
        >
          {c}
        </Link>
      ))}
    </nav>
  );
}
