import { useSyncExternalStore } from "react";
import { formatDateTime, formatDayMonthYearTime } from "~/lib/format";
import { useLocale } from "~/lib/i18n/react";

const subscribe = () => () => undefined;

/** False during server rendering and hydration, true afterwards. */
export function useHydrated(): boolean {
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
