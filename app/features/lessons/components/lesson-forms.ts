import { useLocation } from "react-router";
import { answerMessage, type FormAnswer } from "~/lib/forms";
import { usePageForms } from "~/lib/page-forms";

/**
 * The forms of the lesson page. Each posts to its own route, /dashboard/lessons/{id}/{name}
 * (one form per route module, issue 20).
 */
type LessonForm =
  "add-item" | "add-step" | "minutes" | "item" | "details" | "status" | "duplicate" | "delete";

/** What a form of the page answers (most answer nothing: the page shows the change). */
export type LessonAnswer = FormAnswer | null;

/**
 * A form of the page: its address (keeping the page's query, so that without JavaScript the
 * answer comes on the same view: the open picker, the item in run mode) and the page's shared
 * fetcher.
 */
export function useLessonForm(lessonId: string, form: LessonForm) {
  const { fetcher } = usePageForms<LessonAnswer>("lesson");
  return { fetcher, action: `/dashboard/lessons/${lessonId}/${form}${useLocation().search}` };
}

/** The latest answer of any of the page's forms, as the message to show. */
export function useLessonAnswer() {
  return answerMessage(usePageForms<LessonAnswer>("lesson").answer);
}
