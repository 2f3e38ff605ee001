/**
 * Spec §4.8: expiry dates are shown as day.month.year hour:minute, e.g. 05.03.2027 14:30,
 * in the given time zone (the browser's own when none is given).
 */
export function formatDayMonthYearTime(value: Date | string, timeZone?: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}.${get("month")}.${get("year")} ${get("hour")}:${get("minute")}`;
}

export function formatDate(value: Date | string, locale: string, timeZone?: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(date);
}
