import { Form, Link, href } from "react-router";
import { ButtonLink, Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { LevelBadge } from "~/features/library";
import type { CefrLevel } from "~/features/library";
import { useT } from "~/lib/i18n/react";
import type { listStudents } from "../students.server";
import { StudentImport } from "./student-import";
import { StudentForm } from "./student-form";
import { useStudentsForms } from "./students-forms";

/** The roster: search, the add and import forms, and the teacher's students. */
export function Roster({
  q,
  archived,
  students,
}: {
  q: string;
  archived: boolean;
  students: Awaited<ReturnType<typeof listStudents>>;
}) {
  const t = useT();
  const { answer } = useStudentsForms();
  return (
    <div className="space-y-6">
      <PageHeader title={t("page.students.title")} description={t("page.students.description")} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Form
          method="get"
          action={href("/dashboard/students")}
          role="search"
          className="flex flex-wrap items-end gap-2"
        >
          <TextField
            label={t("students.search")}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
          />
          {archived ? <input type="hidden" name="archived" value="1" /> : null}
          <Button type="submit" theme="white">
            {t("students.searchButton")}
          </Button>
        </Form>
        <Link
          to={archived ? "/dashboard/students" : "/dashboard/students?archived=1"}
          className="text-sm font-medium text-brand-700 underline"
        >
          {archived ? t("students.showActive") : t("students.showArchived")}
        </Link>
      </div>

      <details
        className="rounded-2xl border border-slate-200 bg-white p-5"
        open={answer?.intent === "create" || undefined}
      >
        <summary className="cursor-pointer font-semibold text-ink">{t("students.add")}</summary>
        <StudentForm intent="create" failure={answer?.intent === "create" ? answer : undefined} />
      </details>

      <StudentImport answer={answer} />

      {students.length === 0 ? (
        <EmptyState title={q ? t("students.noMatch") : t("page.students.emptyTitle")}>
          {q ? t("students.noMatchText") : t("page.students.empty")}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={t("page.students.title")}>
          {students.map((s) => (
            <li key={s.id} className="rounded-2xl border border-slate-200 bg-white p-5">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <h2 className="text-lg font-semibold text-ink">
                    <Link
                      to={`${href("/dashboard/students")}?student=${s.id}`}
                      className="hover:underline"
                    >
                      {s.name}
                    </Link>
                  </h2>
                  {s.email ? <p className="text-sm text-slate-600">{s.email}</p> : null}
                </div>
                {s.level ? <LevelBadge level={s.level as CefrLevel} /> : null}
              </div>
              {s.goals ? (
                <p className="mt-2 line-clamp-2 text-sm text-slate-700">{s.goals}</p>
              ) : null}
              {s.tags.length ? (
                <ul className="mt-2 flex flex-wrap gap-1" aria-label={t("students.tags")}>
                  {s.tags.map((tag) => (
                    <li
                      key={tag}
                      className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
                    >
                      {tag}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="mt-3 text-sm text-slate-600">
                {t("students.lessonsCount", { count: s.lessons })}
                {s.nextLessonAt ? (
                  <>
                    {" · "}
                    {t("students.next")} <LocalDateTime value={s.nextLessonAt} />
                  </>
                ) : null}
              </p>
              {s.archived ? null : (
                <ButtonLink
                  to={`${href("/dashboard/lessons/new")}?studentId=${s.id}`}
                  theme="white"
                  size="small"
                  className="mt-3"
                >
                  {t("students.planLesson")}
                  <span className="sr-only"> {s.name}</span>
                </ButtonLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
