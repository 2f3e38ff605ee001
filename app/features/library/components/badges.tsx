import { cx } from "~/components/ui/cx";
import { LockIcon } from "~/components/ui/icons";
import { useT } from "~/lib/i18n/react";
import type { CefrLevel } from "../vocabulary";

const LEVEL_COLORS: Record<CefrLevel, string> = {
  A1: "bg-emerald-100 text-emerald-900",
  A2: "bg-teal-100 text-teal-900",
  B1: "bg-sky-100 text-sky-900",
  B2: "bg-blue-100 text-blue-900",
  C1: "bg-violet-100 text-violet-900",
  C2: "bg-fuchsia-100 text-fuchsia-900",
};

export function LevelBadge({ level, className }: { level: CefrLevel; className?: string }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-md px-2 py-0.5 text-xs font-bold",
        LEVEL_COLORS[level],
        className,
      )}
    >
      {level}
    </span>
  );
}

/** Free, free until a date, new, or locked (with the reason in words for screen readers). */
export function AccessBadges({
  isFree,
  isFresh,
  freeExpiresAt,
  locked,
}: {
  isFree: boolean;
  isFresh?: boolean;
  freeExpiresAt?: string | null;
  locked: boolean;
}) {
  const t = useT();
  const temporarilyFree = !isFree && freeExpiresAt !== null && freeExpiresAt !== undefined;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {isFresh ? (
        <span className="rounded-md bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-800">
          {t("library.badge.new")}
        </span>
      ) : null}
      {isFree ? (
        <span className="rounded-md bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
          {t("library.badge.free")}
        </span>
      ) : null}
      {temporarilyFree && !locked ? (
        <span className="rounded-md bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
          {t("library.badge.freeForNow")}
        </span>
      ) : null}
      {locked ? (
        <span className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
          <LockIcon className="size-3.5" />
          {t("library.badge.premium")}
        </span>
      ) : null}
    </span>
  );
}
