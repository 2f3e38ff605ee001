import { Link, href } from "react-router";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { LevelBadge } from "~/features/library";
import { useExerciseHref } from "~/features/library";
import type { CefrLevel } from "~/features/library";
import { useT } from "~/lib/i18n/react";
import type { StudentDetails } from "../students-page.server";
import type { studentHistory } from "../students.server";
import { StudentForm } from "./student-form";
import { useStudentsAction, useStudentsForms } from "./students-forms";
import { dataKey } from "~/lib/i18n/translate";

/** One student: history, exercises used, and their details to edit. */
export function StudentView({
  student,
  history,
}: {
  student: StudentDetails;
  history: Awaited<ReturnType<typeof studentHistory>>;
}) {
  const t = useT();
  const exerciseHref = useExerciseHref();
  const { answer } = useStudentsForms();
  const archiveAction = useStudentsAction("archive");
  return (
    <div className="space-y-6">
      <Link
        to={href("/dashboard/students")}
        className="text-sm font-medium text-brand-700 underline"
      >
        ← {t("students.back")}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title={student.name} description={student.goals || t("students.noGoals")} />
        <div className="flex flex-wrap gap-2">
          {student.archived ? null : (
            <ButtonLink to={`${href("/dashboard/lessons/new")}?studentId=${student.id}`}>
              {t("students.planLesson")}
            </ButtonLink>
          )}
          <IntentButton
            intent={student.archived ? "restore" : "archive"}
            fields={{ id: student.id }}
            action={archiveAction}
            size="medium"
          >
            {student.archived ? t("students.restore") : t("students.archive")}
          </IntentButton>
        </div>
      </div>
      {answer?.intent === "saved" ? <Alert tone="success">{t("students.saved")}</Alert> : null}
      <section
        aria-labelledby="history"
        className="rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="history" className="text-lg font-semibold text-ink">
          {t("students.history")}
        </h2>
        {history.lessons.length === 0 ? (
          <p className="mt-2 text-slate-600">{t("students.noLessons")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {history.lessons.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  to={href("/dashboard/lessons/:id", { id: l.id })}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {l.title}
                </Link>
                <span className="text-sm text-slate-600">
                  <LocalDateTime value={l.startsAt} /> ·{" "}
                  {t("lessons.minutes", { count: l.minutes })} ·{" "}
                  {t(dataKey(`lessons.status.${l.status}`))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="used" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="used" className="text-lg font-semibold text-ink">
          {t("students.used")}
        </h2>
        {history.exercises.length === 0 ? (
          <p className="mt-2 text-slate-600">{t("students.noneUsed")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {history.exercises.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="flex items-center gap-2">
                  <LevelBadge level={e.level as CefrLevel} />
                  <Link
                    to={exerciseHref(e.id)}
                    className="font-medium text-ink hover:underline"
                    lang="en"
                    dir="ltr"
                  >
                    {e.title}
                  </Link>
                </span>
                <span className="text-sm text-slate-600">
                  {t("students.usedTimes", { count: e.times })} · <LocalDateTime value={e.usedAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section
        aria-labelledby="details"
        className="rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="details" className="text-lg font-semibold text-ink">
          {t("students.details")}
        </h2>
        <StudentForm
          intent="update"
          student={student}
          failure={answer?.intent === "update" ? answer : undefined}
        />
      </section>
    </div>
  );
}
