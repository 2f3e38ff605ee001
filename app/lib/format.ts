import { dateTimeFormat } from "./intl-cache";

/**
 * Spec §4.8: expiry dates are shown as day.month.year hour:minute, e.g. 05.03.2027 14:30,
 * in the given time zone (the browser's own when none is given).
 */
export function formatDayMonthYearTime(value: Date | string, timeZone?: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const parts = dateTimeFormat("en-GB", {
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
  if (Number.isNaN(date.getTime())) return "";
  return dateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(date);
}

/** A date and time in a language's own way (issue 13: everywhere but the §4.8 expiry). */
export function formatDateTime(value: Date | string, locale: string, timeZone?: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return dateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(date);
}
