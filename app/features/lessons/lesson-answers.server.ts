import { formFailure, type FormFailure } from "~/lib/forms";
import type { MessageKey } from "~/lib/i18n/translate";
import type { LessonNotice } from "./components/lesson-forms";

/**
 * The answers of the lesson page's forms (each posts to its own route under
 * /dashboard/lessons/{id}, issue 20): the form pipeline's failure with a message for the
 * whole form, or a notice. A lesson or item that is not the teacher's is a 404 instead.
 */
export function lessonRefused(key: MessageKey, status: number) {
  return formFailure({ errors: {}, values: {}, formError: { key } }, status);
}

/** A form whose fields do not parse (only a hand-made request: the page's forms cannot). */
export function lessonInvalid({ errors, values }: Omit<FormFailure, "formError">) {
  return formFailure({ errors, values, formError: { key: "lessons.error.invalid" } });
}

export function lessonSaved(): LessonNotice {
  return { ok: true, notice: "lessons.saved" };
}
