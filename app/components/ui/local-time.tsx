import { useSyncExternalStore } from "react";
import { formatDayMonthYearTime } from "~/lib/format";

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
 * A date and time as day.month.year hour:minute. The server renders it in UTC; once the
 * page is live the browser shows the reader's own time zone.
 */
export function LocalDateTime({ value }: { value: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={value}>{formatDayMonthYearTime(value, hydrated ? undefined : "UTC")}</time>
  );
}
