import type { z } from "zod";
import { dataKey, type MessageKey } from "~/lib/i18n/translate";

/**
 * The ten default form messages of spec §5 (and two for lists of items, which §5 does not
 * cover: the admin editors), as i18n keys with their values. Every form
 * turns its Zod issues into these through `fieldErrors`, on the server and in the browser.
 */
const VALIDATION_KEYS = {
  invalid: "validation.invalid",
  required: "validation.required",
  mismatch: "validation.mismatch",
  stringMin: "validation.stringMin",
  stringMax: "validation.stringMax",
  email: "validation.email",
  pattern: "validation.pattern",
  exactLength: "validation.exactLength",
  numberMin: "validation.numberMin",
  numberMax: "validation.numberMax",
  itemsMin: "validation.itemsMin",
  itemsMax: "validation.itemsMax",
} as const;

export interface FieldMessage {
  key: MessageKey;
  values?: Record<string, string | number>;
}

export type FieldErrors = Record<string, FieldMessage>;

/** Params a schema's `.refine()` may carry to pick a message: `{ params: { key: "…" } }`. */
interface RefinementParams {
  key?: string;
  mismatch?: boolean;
}

function messageForIssue(issue: z.core.$ZodIssue, input?: unknown): FieldMessage {
  switch (issue.code) {
    case "invalid_type":
      return input === undefined || input === null || input === ""
        ? { key: VALIDATION_KEYS.required }
        : { key: VALIDATION_KEYS.invalid };
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") {
        if (min <= 1) return { key: VALIDATION_KEYS.required };
        if (issue.exact) return { key: VALIDATION_KEYS.exactLength, values: { length: min } };
        return { key: VALIDATION_KEYS.stringMin, values: { min } };
      }
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return { key: VALIDATION_KEYS.numberMin, values: { min } };
      }
      if (issue.origin === "array" && min <= 1) return { key: VALIDATION_KEYS.required };
      if (issue.origin === "array") return { key: VALIDATION_KEYS.itemsMin, values: { min } };
      return { key: VALIDATION_KEYS.invalid };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") {
        if (issue.exact) return { key: VALIDATION_KEYS.exactLength, values: { length: max } };
        return { key: VALIDATION_KEYS.stringMax, values: { max } };
      }
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return { key: VALIDATION_KEYS.numberMax, values: { max } };
      }
      if (issue.origin === "array") return { key: VALIDATION_KEYS.itemsMax, values: { max } };
      return { key: VALIDATION_KEYS.invalid };
    }
    case "invalid_format":
      if (issue.format === "email") return { key: VALIDATION_KEYS.email };
      if (issue.format === "regex") return { key: VALIDATION_KEYS.pattern };
      return { key: VALIDATION_KEYS.invalid };
    case "invalid_value":
      return input === undefined || input === ""
        ? { key: VALIDATION_KEYS.required }
        : { key: VALIDATION_KEYS.invalid };
    case "custom": {
      const params = (issue.params ?? {}) as RefinementParams;
      if (params.mismatch) return { key: VALIDATION_KEYS.mismatch };
      if (params.key) return { key: dataKey(params.key) };
      return { key: VALIDATION_KEYS.invalid };
    }
    default:
      return { key: VALIDATION_KEYS.invalid };
  }
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The first message for each field of a failed parse. */
export function fieldErrors(error: z.ZodError, input?: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "form";
    if (errors[field]) continue;
    errors[field] = messageForIssue(issue, valueAt(input, issue.path));
  }
  return errors;
}
