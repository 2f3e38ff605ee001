import { useId, useState } from "react";
import { FieldHint, FieldLabel } from "./field";
import { useLocale } from "~/lib/i18n/react";

/*
 * Date and time fields that read the way the rest of the app writes dates (issue 21 item 7).
 * A browser draws `<input type="date">` and `<input type="time">` in its own language, not the
 * page's: a Polish teacher with an English browser saw "12/09/2026" and "11:00 AM" beside the
 * app's "9 gru 2026, 11:00". The date keeps the browser's calendar picker and says the chosen
 * day underneath in the interface language; the time is a list written in the interface
 * language's own clock ("14:15" in Polish, "2:15 PM" in English). Both post what the inputs
 * did: YYYY-MM-DD and HH:MM.
 */

const selectClasses =
  "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200";

function parseDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(day.getTime()) ? null : day;
}

/** "środa, 9 grudnia 2026": a calendar day (no time zone: it is the day the teacher picked). */
function formatCalendarDay(value: string, locale: string): string {
  const day = parseDay(value);
  return day
    ? new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" }).format(day)
    : "";
}

/** A time of day as the language writes it: "14:15" in Polish, "2:15 PM" in English. */
function formatClockTime(value: string, locale: string): string {
  const [hour, minute] = value.split(":").map(Number);
  return new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(2000, 0, 1, hour, minute)));
}

export interface DateFieldProps {
  label: string;
  name: string;
  defaultValue?: string;
  required?: boolean;
  min?: string;
  className?: string;
}

/** The browser's date picker, with the chosen day written out in the interface language. */
export function DateField({ label, name, defaultValue = "", className, ...rest }: DateFieldProps) {
  const id = useId();
  const locale = useLocale();
  const [value, setValue] = useState(defaultValue);
  const readout = formatCalendarDay(value, locale.iso);
  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={defaultValue}
        onChange={(event) => setValue(event.currentTarget.value)}
        aria-describedby={`${id}-day`}
        className={selectClasses}
        {...rest}
      />
      {/* Server and browser ICU may word a day differently: the browser's words win. */}
      <output
        id={`${id}-day`}
        htmlFor={id}
        className="mt-1 block min-h-5 text-sm text-slate-600"
        data-testid={`${name}-readout`}
        suppressHydrationWarning
      >
        {readout}
      </output>
    </div>
  );
}

export interface TimeFieldProps {
  label: string;
  name: string;
  /** "HH:MM", 24-hour. */
  defaultValue: string;
  hint?: string;
  className?: string;
}

/**
 * A time of day from a list, every quarter of an hour (plus the saved time if it is another),
 * each written in the interface language's clock. It posts "HH:MM" as the time input did.
 */
export function TimeField({ label, name, defaultValue, hint, className }: TimeFieldProps) {
  const id = useId();
  const locale = useLocale();
  const two = (n: number) => String(n).padStart(2, "0");
  const times = Array.from(
    { length: 96 },
    (_, i) => `${two(Math.floor(i / 4))}:${two((i % 4) * 15)}`,
  );
  if (/^\d{2}:\d{2}$/.test(defaultValue) && !times.includes(defaultValue)) {
    times.push(defaultValue);
    times.sort();
  }
  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={selectClasses}
      >
        {times.map((time) => (
          // Server and browser ICU may word a time differently: the browser's words win.
          <option key={time} value={time} suppressHydrationWarning>
            {formatClockTime(time, locale.iso)}
          </option>
        ))}
      </select>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
    </div>
  );
}
