import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { z } from "zod";
import type { Route } from "./+types/students";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { LevelBadge } from "~/features/library/components/badges";
import { LevelSelect } from "~/features/library/components/level-select";
import { CEFR_LEVELS, type CefrLevel } from "~/features/library/schema";
import { createClass, listClasses } from "~/features/teaching/classes.server";
import { parseCsv } from "~/features/teaching/csv";
import { joinUrl } from "~/features/teaching/join-url";
import { readRoster, StudentSchema, type CsvRowResult } from "~/features/teaching/schemas";
import {
  createStudent,
  getStudent,
  importStudents,
  listStudents,
  setArchived,
  studentHistory,
  updateStudent,
  type StudentRow,
} from "~/features/teaching/students.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formFailure, parseForm, useFormChecks, useMessage, type FormFailure } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { useExerciseHref } from "~/features/library/components/exercise-href";
import { isolatePaths } from "~/lib/bidi";
import { useRootData } from "~/features/shell/root-data";
import { notFound } from "~/lib/not-found";

export const handle = { dashboard: true };

/** /dashboard/students: the roster; ?student={id} opens one student with their history. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const archived = url.searchParams.get("archived") === "1";
  const id = url.searchParams.get("student");
  if (id) {
    const student = await getStudent(services, user.id, id);
    if (!student) notFound(request);
    return {
      view: "student" as const,
      student: serialize(student),
      history: await studentHistory(services, user.id, id),
    };
  }
  return {
    view: "list" as const,
    q,
    archived,
    students: await listStudents(services, user.id, { q, archived }),
    classes: await listClasses(services, user.id),
  };
}

function serialize(s: StudentRow) {
  return {
    id: s.id,
    name: s.name,
    email: s.email,
    level: s.level,
    goals: s.goals,
    notes: s.notes,
    tags: s.tags,
    archived: s.archivedAt !== null,
  };
}

const IntentSchema = z.object({
  intent: z.enum([
    "create",
    "update",
    "archive",
    "restore",
    "import-preview",
    "import",
    "create-class",
  ]),
  id: z.string().max(100).optional(),
});

type ActionAnswer =
  | (FormFailure & { intent: "create" | "update" })
  | { intent: "import-preview" | "import"; csv: string; rows: CsvRowResult[]; imported: number }
  | { intent: "import-error"; messageKey: string }
  | { intent: "saved" };

const MAX_CSV_BYTES = 256 * 1024;

const ClassSchema = z.object({
  name: z.string().trim().min(1).max(80),
  level: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => ((CEFR_LEVELS as readonly string[]).includes(v) ? v : null)),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const form = await readForm(request, MAX_CSV_BYTES + 16 * 1024);
  const intent = IntentSchema.safeParse(Object.fromEntries(form));
  if (!intent.success) throw data(null, { status: 400, statusText: "Unknown action" });
  const { id } = intent.data;

  switch (intent.data.intent) {
    case "create-class": {
      const parsed = ClassSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success)
        return data(
          { intent: "import-error", messageKey: "classes.error.name" } satisfies ActionAnswer,
          {
            status: 400,
          },
        );
      const classId = await createClass(services, user.id, parsed.data);
      return redirect(`/class/${classId}`);
    }
    case "create":
    case "update": {
      const parsed = parseForm(form, StudentSchema);
      if (!parsed.ok)
        return formFailure({
          intent: intent.data.intent,
          errors: parsed.errors,
          values: parsed.values,
        });
      if (intent.data.intent === "create") {
        const newId = await createStudent(services, user.id, parsed.data);
        return redirect(`/dashboard/students?student=${newId}`);
      }
      if (!id || !(await updateStudent(services, user.id, id, parsed.data))) notFound(request);
      return { intent: "saved" } satisfies ActionAnswer;
    }
    case "archive":
    case "restore":
      if (!id || !(await setArchived(services, user.id, id, intent.data.intent === "archive")))
        notFound(request);
      return redirect(
        intent.data.intent === "archive"
          ? "/dashboard/students"
          : `/dashboard/students?student=${id}`,
      );
    case "import-preview":
    case "import": {
      const file = form.get("file");
      const csv =
        file instanceof File && file.size > 0 ? await file.text() : String(form.get("csv") ?? "");
      if (csv.length > MAX_CSV_BYTES)
        return data(
          { intent: "import-error", messageKey: "students.import.tooBig" } satisfies ActionAnswer,
          {
            status: 413,
          },
        );
      const roster = readRoster(parseCsv(csv));
      if (!roster)
        return data(
          { intent: "import-error", messageKey: "students.import.noHeader" } satisfies ActionAnswer,
          { status: 400 },
        );
      const imported =
        intent.data.intent === "import"
          ? await importStudents(
              services,
              user.id,
              roster.rows.flatMap((r) => (r.student ? [r.student] : [])),
            )
          : 0;
      return {
        intent: intent.data.intent,
        csv,
        rows: roster.rows,
        imported,
      } satisfies ActionAnswer;
    }
  }
}

export default function StudentsPage() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>();
  return (
    <>
      <title>{`${t("page.students.title")} · Parley`}</title>
      {loaded.view === "student" ? (
        <StudentView student={loaded.student} history={loaded.history} />
      ) : (
        <>
          <Roster q={loaded.q} archived={loaded.archived} students={loaded.students} />
          <Classes classes={loaded.classes} />
        </>
      )}
    </>
  );
}

function Roster({
  q,
  archived,
  students,
}: {
  q: string;
  archived: boolean;
  students: Awaited<ReturnType<typeof listStudents>>;
}) {
  const t = useT();
  const answer = useActionData<ActionAnswer>();
  return (
    <div className="space-y-6">
      <PageHeader title={t("page.students.title")} description={t("page.students.description")} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
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

      <Import answer={answer} />

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
                    <Link to={`/dashboard/students?student=${s.id}`} className="hover:underline">
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
                  to={`/dashboard/lessons/new?studentId=${s.id}`}
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

function StudentForm({
  intent,
  failure,
  student,
}: {
  intent: "create" | "update";
  failure?: FormFailure;
  student?: ReturnType<typeof serialize>;
}) {
  const t = useT();
  const message = useMessage();
  const navigation = useNavigation();
  const { errors, formProps } = useFormChecks(StudentSchema, failure);
  const value = (name: string, fallback: string) => failure?.values[name] ?? fallback;
  return (
    <Form method="post" {...formProps} className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      {student ? <input type="hidden" name="id" value={student.id} /> : null}
      <TextField
        label={t("students.name")}
        name="name"
        required
        maxLength={120}
        defaultValue={value("name", student?.name ?? "")}
        error={message(errors.name)}
      />
      <TextField
        label={t("students.email")}
        name="email"
        type="email"
        maxLength={254}
        hint={t("students.emailHint")}
        defaultValue={value("email", student?.email ?? "")}
        error={message(errors.email)}
      />
      <LevelSelect
        label={t("students.level")}
        emptyLabel={t("students.levelUnknown")}
        defaultValue={value("level", student?.level ?? "")}
        error={errors.level ? message(errors.level) : undefined}
        fullWidth
      />
      <TextField
        label={t("students.tags")}
        name="tags"
        maxLength={400}
        hint={t("students.tagsHint")}
        defaultValue={value("tags", student?.tags.join(", ") ?? "")}
        error={message(errors.tags)}
      />
      <TextAreaField
        label={t("students.goals")}
        name="goals"
        rows={3}
        maxLength={2000}
        defaultValue={value("goals", student?.goals ?? "")}
        error={message(errors.goals)}
        className="sm:col-span-2"
      />
      <TextAreaField
        label={t("students.notes")}
        name="notes"
        rows={3}
        maxLength={5000}
        hint={t("students.notesHint")}
        defaultValue={value("notes", student?.notes ?? "")}
        error={message(errors.notes)}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={navigation.state === "submitting"}>
          {intent === "create" ? t("students.addButton") : t("students.save")}
        </Button>
      </div>
    </Form>
  );
}

function Import({ answer }: { answer: ActionAnswer | undefined }) {
  const t = useT();
  const message = useMessage();
  const result = answer?.intent === "import-preview" || answer?.intent === "import" ? answer : null;
  const good = result?.rows.filter((r) => r.student).length ?? 0;
  const bad = result?.rows.filter((r) => !r.student) ?? [];
  return (
    <details
      className="rounded-2xl border border-slate-200 bg-white p-5"
      open={result || answer?.intent === "import-error" ? true : undefined}
    >
      <summary className="cursor-pointer font-semibold text-ink">
        {t("students.import.title")}
      </summary>
      <p className="mt-2 text-sm text-slate-600">{t("students.import.help")}</p>
      {answer?.intent === "import-error" ? (
        <Alert tone="error" className="mt-4">
          {t(answer.messageKey)}
        </Alert>
      ) : null}
      {result?.intent === "import" ? (
        <Alert tone={bad.length ? "info" : "success"} className="mt-4">
          {t("students.import.done", { count: result.imported })}
          {bad.length ? ` ${t("students.import.skipped", { count: bad.length })}` : ""}
        </Alert>
      ) : null}
      {result?.intent === "import-preview" ? (
        <div className="mt-4 space-y-3">
          <p className="text-sm text-slate-700">
            {t("students.import.preview", { count: good })}
            {bad.length ? ` ${t("students.import.withErrors", { count: bad.length })}` : ""}
          </p>
          <div className="max-h-72 overflow-auto rounded-lg border border-slate-200">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("students.import.line")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("students.name")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("students.level")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("students.import.status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.line} className="border-t border-slate-100">
                    <td className="px-3 py-1.5">{r.line}</td>
                    <td className="px-3 py-1.5">{r.input.name}</td>
                    <td className="px-3 py-1.5">{r.input.level}</td>
                    <td className="px-3 py-1.5">
                      {r.student ? (
                        <span className="text-emerald-700">{t("students.import.ok")}</span>
                      ) : (
                        <span className="text-red-700">
                          {Object.entries(r.errors)
                            .map(([field, m]) => `${t(`students.${field}`)}: ${message(m) ?? ""}`)
                            .join("; ")}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {good ? (
            <Form method="post">
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="csv" value={result.csv} />
              <Button type="submit">{t("students.import.confirm", { count: good })}</Button>
            </Form>
          ) : null}
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="import-preview" />
          <label className="block text-sm font-medium text-slate-800">
            {t("students.import.file")}
            <input type="file" name="file" accept=".csv,text/csv" className="mt-1 block text-sm" />
          </label>
          <TextAreaField
            label={t("students.import.paste")}
            name="csv"
            rows={4}
            placeholder={
              "name,email,level,goals,tags\nAnna Kowalska,anna@example.com,B1,IELTS in June,exam"
            }
          />
          <Button type="submit" theme="white">
            {t("students.import.check")}
          </Button>
        </Form>
      )}
    </details>
  );
}

function StudentView({
  student,
  history,
}: {
  student: ReturnType<typeof serialize>;
  history: Awaited<ReturnType<typeof studentHistory>>;
}) {
  const t = useT();
  const exerciseHref = useExerciseHref();
  const answer = useActionData<ActionAnswer>();
  return (
    <div className="space-y-6">
      <Link to="/dashboard/students" className="text-sm font-medium text-brand-700 underline">
        ← {t("students.back")}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title={student.name} description={student.goals || t("students.noGoals")} />
        <div className="flex flex-wrap gap-2">
          {student.archived ? null : (
            <ButtonLink to={`/dashboard/lessons/new?studentId=${student.id}`}>
              {t("students.planLesson")}
            </ButtonLink>
          )}
          <IntentButton
            intent={student.archived ? "restore" : "archive"}
            fields={{ id: student.id }}
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
                  to={`/dashboard/lessons/${l.id}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {l.title}
                </Link>
                <span className="text-sm text-slate-600">
                  <LocalDateTime value={l.startsAt} /> ·{" "}
                  {t("lessons.minutes", { count: l.minutes })} · {t(`lessons.status.${l.status}`)}
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

function Classes({ classes }: { classes: Awaited<ReturnType<typeof listClasses>> }) {
  const t = useT();
  const origin = useRootData()?.env.appOrigin ?? "";
  return (
    <section
      aria-labelledby="classes"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="classes" className="text-lg font-semibold text-ink">
        {t("classes.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("classes.intro")}</p>
      {classes.length ? (
        <ul className="mt-4 divide-y divide-slate-100">
          {classes.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <Link to={`/class/${c.id}`} className="font-medium text-brand-700 hover:underline">
                  {c.name}
                </Link>
                <p className="text-sm wrap-anywhere text-slate-600">
                  {c.level ? `${c.level} · ` : ""}
                  {t("classes.members", { count: c.members })} ·{" "}
                  {isolatePaths(t("classes.joinLink", { url: joinUrl(origin, c.joinCode) }))}
                </p>
              </div>
              <ButtonLink to={`/class/${c.id}`} theme="white" size="small">
                {t("classes.open")}
                <span className="sr-only"> {c.name}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="create-class" />
        <TextField label={t("classes.name")} name="name" required maxLength={80} />
        <LevelSelect
          label={t("students.level")}
          emptyLabel={t("students.levelUnknown")}
          defaultValue=""
        />
        <Button type="submit" theme="white">
          {t("classes.create")}
        </Button>
      </Form>
    </section>
  );
}
