import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import { cx } from "./cx";

const inputClasses =
  "block w-full rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200 disabled:bg-slate-50";

/** A field's visible label, above it. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
      {children}
    </label>
  );
}

/** A field's hint under it (nothing when there is none); `id` is what aria-describedby names. */
export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
}

/**
 * A labelled input with its hint and error wired to it for assistive technology. The type is
 * always written out (text by default): checkers read an autocomplete token such as
 * "given-name" as valid only on an input that says it is a text control.
 */
export function TextField({
  label,
  name,
  error,
  hint,
  className,
  type = "text",
  ...rest
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        name={name}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={cx(inputClasses, error ? "border-red-500" : "border-slate-300")}
        {...rest}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id"
> {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  className,
  ...rest
}: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={cx(inputClasses, "min-h-24", error ? "border-red-500" : "border-slate-300")}
        {...rest}
      />
      <FieldHint id={hintId}>{hint}</FieldHint>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "type"
> {
  label: ReactNode;
  name: string;
  error?: string;
}

export function CheckboxField({ label, name, error, className, ...rest }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          {...rest}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 ms-8 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
