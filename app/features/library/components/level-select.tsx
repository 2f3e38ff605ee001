import { useId } from "react";
import { cx } from "~/components/ui/cx";
import { CEFR_LEVELS } from "../vocabulary";

/**
 * A labelled CEFR level picker (name "level"): an empty first choice ("any level", "not
 * known yet" …) and A1–C2. Used by the student form, the class form and the lesson picker.
 */
export function LevelSelect({
  label,
  emptyLabel,
  defaultValue,
  error,
  fullWidth = false,
  className,
}: {
  label: string;
  emptyLabel: string;
  defaultValue: string;
  error?: string;
  fullWidth?: boolean;
  className?: string;
}) {
  const errorId = useId();
  return (
    <div className={className}>
      <label className="block text-sm font-medium text-slate-800">
        {label}
        <select
          name="level"
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cx(
            "mt-1 block rounded-lg border bg-white px-3 py-2 text-base font-normal text-ink shadow-sm",
            error ? "border-red-500" : "border-slate-300",
            fullWidth && "w-full",
          )}
        >
          <option value="">{emptyLabel}</option>
          {CEFR_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
