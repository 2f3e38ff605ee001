import { Form, Link, href } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { useT } from "~/lib/i18n/react";
import { AnswerAlert } from "~/components/answer-alert";
import type { FormDone, FormFailure } from "~/lib/forms";

export interface LessonChoice {
  id: string;
  title: string;
  startsAt: string;
  studentName: string;
  /** The plan holds the item already: marked, no button (as in the lesson's picker). */
  hasMaterial: boolean;
}

/** What the page's action said about the last "Add": added (to which lesson), or why not. */
export type AddToLessonAnswer = (FormDone & { lessonId: string }) | FormFailure;

/**
 * "Add to lesson" on a material's page: the teacher's upcoming lessons, each with an Add
 * button (intent add-to-lesson, posted to the page's action), or a new lesson for one of
 * their students that starts with this material (/dashboard/lessons/new).
 */
export function AddToLessonPanel({
  materialId,
  lessons,
  students,
  answer,
}: {
  materialId: string;
  lessons: LessonChoice[];
  students: { id: string; name: string }[];
  answer: AddToLessonAnswer | undefined;
}) {
  const t = useT();
  return (
    <section
      id="add-to-lesson-panel"
      aria-labelledby="add-to-lesson"
      className="mt-6 rounded-2xl border border-brand-200 bg-white p-5 print:hidden"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="add-to-lesson" className="text-lg font-semibold text-ink">
          {t("materials.addToLesson")}
        </h2>
        <Link to="?" preventScrollReset className="text-sm font-medium text-brand-700 underline">
          {t("lessons.closePicker")}
        </Link>
      </div>
      {answer ? (
        <div className="mt-3">
          {"lessonId" in answer ? (
            <Alert tone="success">
              {t(answer.notice, answer.values)}{" "}
              <Link
                to={href("/dashboard/lessons/:id", { id: answer.lessonId })}
                className="font-semibold underline"
              >
                {t("materials.openLesson")}
              </Link>
            </Alert>
          ) : (
            <AnswerAlert answer={answer} />
          )}
        </div>
      ) : null}
      <h3 className="mt-4 text-sm font-semibold text-slate-700">{t("lessons.upcoming")}</h3>
      {lessons.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("materials.noUpcoming")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="lesson-choices">
          {lessons.map((lesson) => (
            <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="font-medium text-ink">{lesson.title}</span>
                <span className="block text-sm text-slate-600">
                  {lesson.studentName} · <LocalDateTime value={lesson.startsAt} />
                </span>
              </span>
              {lesson.hasMaterial ? (
                <span
                  className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-sm font-semibold text-emerald-900"
                  data-testid="lesson-chosen"
                >
                  <CheckIcon className="size-4" aria-hidden="true" />
                  {t("lessons.inThisLesson")}
                </span>
              ) : (
                <IntentButton intent="add-to-lesson" fields={{ lessonId: lesson.id }}>
                  {t("lessons.add")}
                  <span className="sr-only"> {lesson.title}</span>
                </IntentButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-5 border-t border-slate-100 pt-4">
        {students.length === 0 ? (
          <Link
            to={href("/dashboard/students")}
            className="text-sm font-semibold text-brand-700 underline"
          >
            {t("students.add")}
          </Link>
        ) : (
          <Form
            method="get"
            action={href("/dashboard/lessons/new")}
            className="flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="materialId" value={materialId} />
            <label className="block text-sm font-medium text-slate-800">
              {t("materials.student")}
              <select
                name="studentId"
                className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal text-ink shadow-sm"
              >
                {students.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" theme="white">
              {t("materials.newLesson")}
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}
