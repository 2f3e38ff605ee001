import { Button } from "~/components/ui/button";
import { DateField, TimeField } from "~/components/ui/date-time-fields";
import { TextAreaField, TextField } from "~/components/ui/field";
import { IntentButton } from "~/components/ui/intent-button";
import { useT } from "~/lib/i18n/react";
import type { LessonPageData } from "../lesson-page.server";
import { useLessonForm } from "./lesson-forms";

/** The lesson's title, date and time (in its time zone), homework and notes; and Delete. */
export function LessonDetails({ lesson, when }: Pick<LessonPageData, "lesson" | "when">) {
  const t = useT();
  const details = useLessonForm(lesson.id, "details");
  const remove = useLessonForm(lesson.id, "delete");
  return (
    <section aria-labelledby="details" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="details" className="text-lg font-semibold text-ink">
        {t("lessons.details")}
      </h2>
      <details.fetcher.Form
        method="post"
        action={details.action}
        className="mt-3 grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="timeZone" value={lesson.timeZone} />
        <TextField
          label={t("lessons.title")}
          name="title"
          required
          maxLength={160}
          defaultValue={lesson.title}
          className="sm:col-span-2"
        />
        <DateField label={t("lessons.date")} name="date" required defaultValue={when.date} />
        <TimeField
          label={t("lessons.time")}
          name="time"
          defaultValue={when.time}
          hint={lesson.timeZone}
        />
        <TextAreaField
          label={t("lessons.homework")}
          name="homework"
          rows={3}
          maxLength={2000}
          defaultValue={lesson.homework}
          className="sm:col-span-2"
        />
        <TextAreaField
          label={t("lessons.notes")}
          name="notes"
          rows={4}
          maxLength={5000}
          defaultValue={lesson.notes}
          hint={t("lessons.notesHint")}
          className="sm:col-span-2"
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2 print:hidden">
          <Button type="submit">{t("lessons.save")}</Button>
        </div>
      </details.fetcher.Form>
      <div className="mt-4 print:hidden">
        <IntentButton
          intent="delete"
          action={remove.action}
          fetcher={remove.fetcher}
          theme="danger"
        >
          {t("lessons.delete")}
        </IntentButton>
      </div>
    </section>
  );
}
