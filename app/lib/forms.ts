import { useState, type FormEvent } from "react";
import { data } from "react-router";
import type { z } from "zod";
import { useT } from "./i18n/react";
import type { MessageKey } from "./i18n/translate";
import { fieldErrors, type FieldErrors, type FieldMessage } from "./validation/messages";

/** Fields never sent back to the browser after a failed submit. */
const SECRET_FIELDS = /password|token|altcha|captcha/i;

export type FormResult<T> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors; values: Record<string, string> };

/** What an action answers when a form has problems: errors by field, and what was typed. */
export interface FormFailure {
  errors: FieldErrors;
  values: Record<string, string>;
  /** A message for the whole form (wrong password, too many attempts…). */
  formError?: FieldMessage;
}

/** What an action answers when it did what was asked: the notice the page shows. */
export interface FormDone {
  ok: true;
  notice: MessageKey;
  values?: Record<string, string | number>;
}

/**
 * The one action answer shape (issue 20): done, with a notice, or a failure, with errors by
 * field and/or a message for the whole form. Pages add their own fields (an intent, a code).
 */
export type FormAnswer = FormDone | FormFailure;

function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === "string" && !SECRET_FIELDS.test(key)) values[key] = value.slice(0, 2000);
  }
  return values;
}

function formObject(formData: FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value !== "string") continue;
    const existing = object[key];
    if (existing === undefined) object[key] = value;
    else object[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return object;
}

type Tree = Record<string, unknown> | unknown[];

/**
 * A form whose field names are paths ("content.cards.2.word") as the nested object they name:
 * numeric segments make arrays (rows a person removed leave no hole), a name ending in "[]"
 * collects its values and splits each by line ("one per line" boxes, checkbox groups), and an
 * empty field is left out, so an optional one is absent and a required one says so.
 */
const UNSAFE_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

export function formTree(formData: FormData): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of formData.entries()) {
    if (typeof value !== "string") continue;
    const many = rawKey.endsWith("[]");
    const path = (many ? rawKey.slice(0, -2) : rawKey).split(".").slice(0, 8);
    // A name that would reach an object's prototype is no field of ours.
    if (path.some((segment) => UNSAFE_SEGMENTS.has(segment))) continue;
    let node: Tree = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const key = /^\d{1,3}$/.test(segment) ? Number(segment) : segment;
      const container = node as Record<string | number, unknown>;
      if (last) {
        if (many) {
          const lines = value
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean);
          const existing = Array.isArray(container[key]) ? (container[key] as unknown[]) : [];
          container[key] = [...existing, ...lines];
        } else if (value.trim() !== "") container[key] = value;
        return;
      }
      if (typeof container[key] !== "object" || container[key] === null)
        container[key] = /^\d{1,3}$/.test(path[i + 1] ?? "") ? [] : {};
      node = container[key] as Tree;
    });
  }
  const compact = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
    return value;
  };
  return compact(root) as Record<string, unknown>;
}

/** As parseForm, for a tree the caller built (formTree, then its own numbers and booleans). */
export function parseTree<S extends z.ZodType>(
  input: Record<string, unknown>,
  schema: S,
  formData: FormData,
): FormResult<z.infer<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data as z.infer<S> };
  return { ok: false, errors: fieldErrors(result.error, input), values: formValues(formData) };
}

/** Validates submitted form data against a schema, shared by the browser and the server. */
export function parseForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
): FormResult<z.infer<S>> {
  const input = formObject(formData);
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data as z.infer<S> };
  return { ok: false, errors: fieldErrors(result.error, input), values: formValues(formData) };
}

/** Translates a field message (from the server or the browser's own check). */
export function useMessage(): (message: FieldMessage | undefined) => string | undefined {
  const t = useT();
  return (message) => (message ? t(message.key, message.values) : undefined);
}

/**
 * Checks a form in the browser with the same schema the server uses, so most mistakes are
 * shown without a round trip. The server checks again either way.
 */
function validateInBrowser<S extends z.ZodType>(
  form: HTMLFormElement,
  schema: S,
): FieldErrors | null {
  const result = parseForm(new FormData(form), schema);
  return result.ok ? null : result.errors;
}

/**
 * The one answer of an action whose form has problems (issue 20's form pipeline): 400 with
 * errors by field and what was typed (secrets left out), plus `extra` such as the intent a
 * page with several forms needs to find the form that failed.
 */
export function formFailure<E extends object = object>(failure: FormFailure & E, status = 400) {
  return data<FormFailure & E>(failure, { status });
}

/** A done answer: the notice and its values. */
export function formDone(notice: MessageKey, values?: FormDone["values"]): FormDone {
  return { ok: true, notice, values };
}

/** A refusal of the whole form: no field errors, a message for the form, its HTTP status. */
export function formRefused(key: MessageKey, status: number, values?: FieldMessage["values"]) {
  return formFailure({ errors: {}, values: {}, formError: { key, values } }, status);
}

/**
 * An answer as the message to show (green when done, red when not), or null when there is
 * nothing to say (no answer yet, or a failure whose messages are by its fields).
 */
export function answerMessage(
  answer: FormAnswer | null | undefined,
): { ok: boolean; key: MessageKey; values?: FieldMessage["values"] } | null {
  if (!answer) return null;
  if ("notice" in answer) return { ok: true, key: answer.notice, values: answer.values };
  return answer.formError ? { ok: false, ...answer.formError } : null;
}

/**
 * A form's checks in the browser and the server's answer, in one place: the form is marked
 * `noValidate` (the browser's own bubbles would speak the browser's language, not the
 * page's), checked on submit with the schema the server uses, and not sent while it has
 * mistakes. `errors` are the browser's when it found some, else the server's.
 *
 *   const { errors, values, formProps } = useFormChecks(SignInSchema, actionData);
 *   <Form method="post" {...formProps}>…<TextField error={message(errors.email)} />
 */
export function useFormChecks<S extends z.ZodType>(schema: S, failure: FormFailure | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  return {
    errors: clientErrors ?? failure?.errors ?? {},
    values: failure?.values ?? {},
    formProps: {
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        const found = validateInBrowser(event.currentTarget, schema);
        setClientErrors(found);
        if (found) event.preventDefault();
      },
    },
  };
}
