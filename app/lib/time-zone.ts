import { dateTimeFormat } from "./intl-cache";

/**
 * Wall-clock times in a named time zone (IANA), without a date library: a lesson planned
 * for "2026-12-01 18:00" in Europe/Warsaw is stored as the instant that is, DST included.
 */

export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An instant's date and time on a zone's wall clock, as numbers (24-hour clock). */
function wallClock(instant: number, timeZone: string) {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of a date ("YYYY-MM-DD") and time ("HH:MM") on a zone's wall clock; null if invalid. */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t || !isTimeZone(timeZone)) return null;
  const [y, mo, da, h, mi] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || da < 1 || da > 31 || h > 23 || mi > 59) return null;
  const guess = Date.UTC(y, mo - 1, da, h, mi);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  const result = new Date(second);
  return Number.isNaN(result.getTime()) ? null : result;
}

/** An instant as "YYYY-MM-DD" and "HH:MM" on a zone's wall clock (for form fields). */
export function utcToZonedParts(instant: Date, timeZone: string): { date: string; time: string } {
  const w = wallClock(instant.getTime(), isTimeZone(timeZone) ? timeZone : "UTC");
  const two = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${String(w.year).padStart(4, "0")}-${two(w.month)}-${two(w.day)}`,
    time: `${two(w.hour)}:${two(w.minute)}`,
  };
}
