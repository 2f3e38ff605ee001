import { formFailure, type FormFailure } from "~/lib/forms";

/**
 * The lesson page's forms (each posts to its own route under /dashboard/lessons/{id}, issue
 * 20) answer the one answer shape (app/lib/forms.ts): a refusal of the error vocabulary
 * (`refuse("lessons", code)`), or done with a notice. A lesson or item that is not the
 * teacher's is a 404 instead.
 */

/** A form whose fields do not parse (only a hand-made request: the page's forms cannot). */
export function lessonInvalid({ errors, values }: Omit<FormFailure, "formError">) {
  return formFailure({ errors, values, formError: { key: "lessons.error.invalid" } });
}
