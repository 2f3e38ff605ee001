/**
 * Lengths of time in milliseconds, the one place they are written (issue 20: "one source per
 * fact"). Calendar days in a time zone are another matter: see time-zone.ts.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A day in seconds, for what counts in seconds (cookie and session ages). */
export const DAY_S = DAY_MS / SECOND_MS;

/** `date` plus a number of 24-hour days (negative: before). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** "2026-12-10T09:00" (a datetime-local value, read as UTC) as an instant, or null. */
export function parseUtcDateTimeLocal(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
