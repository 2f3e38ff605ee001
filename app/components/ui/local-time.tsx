import { useSyncExternalStore } from "react";
import { formatDate, formatDateTime, formatDayMonthYearTime } from "~/lib/format";
import { useLocale } from "~/lib/i18n/react";

const subscribe = () => () => undefined;

/** False during server rendering and hydration, true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A date and time in the reader's language (Intl: "5 Mar 2027, 14:30", "5 mar 2027, 14:30",
 * "٥ مارس ٢٠٢٧، ٢:٣٠ م"). The server renders it in UTC; once the page is live the browser
 * shows the reader's own time zone. The server's and the browser's ICU may word a date a
 * little differently, so the first render's text is not held against hydration.
 */
export function LocalDateTime({ value }: { value: string }) {
  const hydrated = useHydrated();
  const locale = useLocale();
  return (
    <time dateTime={value} suppressHydrationWarning>
      {formatDateTime(value, locale.iso, hydrated ? undefined : "UTC")}
    </time>
  );
}

/**
 * A day in the reader's language ("5 Mar 2027", "5 mar 2027"), for an end or a date where
 * the hour adds nothing (renewal, invoice, homework due). In the reader's time zone once
 * live, or always in `timeZone` when the day was chosen in one (a due day stored as UTC).
 */
export function LocalDate({ value, timeZone }: { value: string; timeZone?: string }) {
  const hydrated = useHydrated();
  const locale = useLocale();
  return (
    <time dateTime={value} suppressHydrationWarning>
      {formatDate(value, locale.iso, timeZone ?? (hydrated ? undefined : "UTC"))}
    </time>
  );
}

/**
 * Spec §4.8: the end of a trial or of premium access is always day.month.year hour:minute
 * (05.03.2027 14:30), whatever the language; in the reader's time zone once live.
 */
export function ExpiryDateTime({ value }: { value: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={value} suppressHydrationWarning>
      {formatDayMonthYearTime(value, hydrated ? undefined : "UTC")}
    </time>
  );
}
