import { useEffect } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigate,
  href,
} from "react-router";
import { z } from "zod";
import type { Route } from "./+types/lesson";
import { Alert } from "~/components/ui/alert";
import { DateField, TimeField } from "~/components/ui/date-time-fields";
import { Button, ButtonLink } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { viewerFor } from "~/features/library/library.server";
import {
  addItem,
  changeItem,
  deleteLesson,
  duplicateLesson,
  getLesson,
  updateLesson,
  usedWithStudent,
} from "~/features/lessons/lessons.server";
import { useFocusAfterRemove } from "~/features/lessons/keep-focus";
import { LibraryPicker } from "~/features/lessons/library-picker";
import { pickerQuery, runPicker } from "~/features/lessons/picker.server";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { isTimeZone, utcToZonedParts, zonedTimeToUtc } from "~/lib/time-zone";
import { useExerciseHref } from "~/features/library/components/exercise-href";
import { ENGLISH } from "~/lib/i18n/locales";
import { notFound } from "~/lib/not-found";

export const handle = { dashboard: true };

/**
 * /dashboard/lessons/{id}: the plan of one lesson (exercises, materials, steps with minutes),
 * the exercise picker (the student's level and "not used with this student" by default),
 * notes and homework; ?run=N walks the plan one item at a time.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const lesson = await getLesson(services, user.id, params.id);
  if (!lesson) notFound(request);
  const url = new URL(request.url);
  const run = url.searchParams.get("run");
  // The picker: the student's level and "not used with this student" by default.
  const query = pickerQuery(url, ["exercise", "material"], lesson.student.level);
  const picker = query
    ? await runPicker(
        services,
        await viewerFor(services.db, getUser(context), services.clock.now()),
        query,
        await usedWithStudent(services, user.id, lesson.student.id, lesson.id),
      )
    : null;
  return {
    lesson,
    when: utcToZonedParts(new Date(lesson.startsAt), lesson.timeZone),
    run: run === null ? null : Math.max(0, Math.min(Number(run) || 0, lesson.items.length - 1)),
    picker,
  };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add-exercise"),
    exerciseId: z.string().min(1).max(100),
  }),
  z.object({ intent: z.literal("add-material"), materialId: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal("add-step"),
    text: z.string().trim().min(1).max(500),
    minutes: z.coerce.number().int().min(0).max(600),
  }),
  z.object({
    intent: z.literal("minutes"),
    itemId: z.string().min(1).max(100),
    minutes: z.coerce.number().int().min(0).max(600),
  }),
  z.object({ intent: z.literal("up"), itemId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("down"), itemId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("remove"), itemId: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal("details"),
    title: z.string().trim().min(1).max(160),
    date: z.string(),
    time: z.string(),
    timeZone: z.string().refine(isTimeZone),
    notes: z.string().trim().max(5000).default(""),
    homework: z.string().trim().max(2000).default(""),
  }),
  z.object({ intent: z.literal("done") }),
  z.object({ intent: z.literal("planned") }),
  z.object({ intent: z.literal("duplicate") }),
  z.object({ intent: z.literal("delete") }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data({ messageKey: "lessons.error.invalid" as const }, { status: 400 });
  const input = parsed.data;
  const id = params.id;
  let ok = true;
  switch (input.intent) {
    case "add-exercise":
    case "add-material": {
      const added = await addItem(
        services,
        user.id,
        id,
        input.intent === "add-exercise"
          ? { kind: "exercise", exerciseId: input.exerciseId }
          : { kind: "material", materialId: input.materialId },
      );
      if (added === "already")
        return data({ messageKey: "lessons.error.already" as const }, { status: 409 });
      ok = added;
      break;
    }
    case "add-step":
      ok =
        (await addItem(services, user.id, id, {
          kind: "step",
          text: input.text,
          minutes: input.minutes,
        })) === true;
      break;
    case "minutes":
      ok = await changeItem(services, user.id, id, input.itemId, { minutes: input.minutes });
      break;
    case "up":
    case "down":
      ok = await changeItem(services, user.id, id, input.itemId, {
        move: input.intent === "up" ? -1 : 1,
      });
      break;
    case "remove":
      ok = await changeItem(services, user.id, id, input.itemId, { remove: true });
      break;
    case "details": {
      const startsAt = zonedTimeToUtc(input.date, input.time, input.timeZone);
      if (!startsAt) return data({ messageKey: "lessons.error.when" as const }, { status: 400 });
      ok = await updateLesson(services, user.id, id, {
        title: input.title,
        startsAt,
        timeZone: input.timeZone,
        notes: input.notes,
        homework: input.homework,
      });
      if (ok) return { messageKey: "lessons.saved" as const };
      break;
    }
    case "done":
    case "planned":
      ok = await updateLesson(services, user.id, id, { status: input.intent });
      break;
    case "duplicate": {
      const copy = await duplicateLesson(services, user.id, id);
      if (!copy) notFound(request);
      return redirect(href("/dashboard/lessons/:id", { id: copy }));
    }
    case "delete":
      if (!(await deleteLesson(services, user.id, id))) notFound(request);
      return redirect(href("/dashboard/lessons"));
  }
  if (!ok) notFound(request);
  return null;
}

export default function LessonPage() {
  const exerciseHref = useExerciseHref();
  const t = useT();
  const { lesson, when, run, picker } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { listRef, emptyRef, onRemoveSubmit } = useFocusAfterRemove(lesson.items.length);
  if (run !== null) return <RunLesson lesson={lesson} index={run} />;
  return (
    <div className="space-y-6 print:space-y-3">
      <title>{`${lesson.title} · Parley`}</title>
      <Link
        to={`${href("/dashboard/students")}?student=${lesson.student.id}`}
        className="text-sm font-medium text-brand-700 underline print:hidden"
      >
        ← {lesson.student.name}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title={lesson.title}
          description={
            <>
              {lesson.student.name} · <LocalDateTime value={lesson.startsAt} /> ·{" "}
              {t("lessons.total", { count: lesson.minutes })} ·{" "}
              {t(`lessons.status.${lesson.status}`)}
            </>
          }
        />
        <div className="flex flex-wrap gap-2 print:hidden">
          {lesson.items.length ? <ButtonLink to="?run=0">{t("lessons.run")}</ButtonLink> : null}
          <Button theme="white" onClick={() => window.print()}>
            {t("lessons.print")}
          </Button>
          <IntentButton intent="duplicate" size="medium">
            {t("lessons.duplicate")}
          </IntentButton>
          <IntentButton intent={lesson.status === "done" ? "planned" : "done"} size="medium">
            {lesson.status === "done" ? t("lessons.markPlanned") : t("lessons.markDone")}
          </IntentButton>
        </div>
      </div>
      {answer && "messageKey" in answer ? (
        <Alert tone={answer.messageKey === "lessons.saved" ? "success" : "error"}>
          {t(answer.messageKey)}
        </Alert>
      ) : null}

      <section aria-labelledby="plan" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="plan" ref={emptyRef} tabIndex={-1} className="text-lg font-semibold text-ink">
          {t("lessons.plan")}
        </h2>
        {lesson.items.length === 0 ? (
          <p className="mt-2 text-slate-600">{t("lessons.emptyPlan")}</p>
        ) : (
          <ol ref={listRef} onSubmit={onRemoveSubmit} className="mt-3 space-y-2">
            {lesson.items.map((item, i) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3"
              >
                <span className="w-6 text-sm font-semibold text-slate-500">{i + 1}.</span>
                <div className="min-w-0 flex-1 basis-[calc(100%-2.5rem)] sm:basis-0">
                  <p className="font-medium text-ink">
                    {item.kind === "exercise" && item.exerciseId ? (
                      <Link
                        to={exerciseHref(item.exerciseId)}
                        className="hover:underline"
                        lang="en"
                        dir="ltr"
                      >
                        {item.title}
                      </Link>
                    ) : item.kind === "material" && item.materialId ? (
                      <Link
                        to={href("/dashboard/materials/:id", { id: item.materialId })}
                        className="hover:underline"
                        lang="en"
                        dir="ltr"
                      >
                        {item.title}
                      </Link>
                    ) : (
                      item.text
                    )}
                  </p>
                  <p className="text-sm text-slate-600">
                    {t(`lessons.kind.${item.kind}`)}
                    {item.level ? ` · ${item.level}` : ""}
                    {item.usedBefore ? (
                      <>
                        {" · "}
                        <span className="font-medium text-amber-800">
                          {t("lessons.usedBefore")} <LocalDateTime value={item.usedBefore} />
                        </span>
                      </>
                    ) : null}
                  </p>
                </div>
                <Form method="post" className="flex items-center gap-1 print:hidden">
                  <input type="hidden" name="intent" value="minutes" />
                  <input type="hidden" name="itemId" value={item.id} />
                  <label className="text-sm text-slate-700">
                    <span className="sr-only">
                      {t("lessons.minutesLabel", { title: item.title })}
                    </span>
                    <input
                      type="number"
                      name="minutes"
                      min={0}
                      max={600}
                      defaultValue={item.minutes}
                      className="w-16 rounded-lg border border-slate-300 px-2 py-1"
                    />
                  </label>
                  <span className="text-sm text-slate-600">{t("lessons.min")}</span>
                  <Button type="submit" size="small" theme="white">
                    {t("lessons.set")}
                  </Button>
                </Form>
                <span className="hidden text-sm print:inline">
                  {t("lessons.minutes", { count: item.minutes })}
                </span>
                <div className="flex gap-1 print:hidden">
                  <IntentButton intent="up" fields={{ itemId: item.id }}>
                    <span aria-hidden="true">↑</span>
                    <span className="sr-only">{t("lessons.up", { title: item.title })}</span>
                  </IntentButton>
                  <IntentButton intent="down" fields={{ itemId: item.id }}>
                    <span aria-hidden="true">↓</span>
                    <span className="sr-only">{t("lessons.down", { title: item.title })}</span>
                  </IntentButton>
                  <IntentButton intent="remove" fields={{ itemId: item.id }}>
                    {t("lessons.remove")}
                    <span className="sr-only"> {item.title}</span>
                  </IntentButton>
                </div>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-4 flex flex-wrap gap-2 print:hidden">
          <ButtonLink to="?pick=exercise" theme="white" size="small">
            {t("lessons.addExercise")}
          </ButtonLink>
          <ButtonLink to="?pick=material" theme="white" size="small">
            {t("lessons.addMaterial")}
          </ButtonLink>
        </div>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-2 print:hidden">
          <input type="hidden" name="intent" value="add-step" />
          <TextField
            label={t("lessons.step")}
            name="text"
            required
            maxLength={500}
            className="min-w-64 flex-1"
          />
          <TextField
            label={t("lessons.min")}
            name="minutes"
            type="number"
            min={0}
            max={600}
            defaultValue={5}
            className="w-24"
          />
          <Button type="submit" theme="white">
            {t("lessons.addStep")}
          </Button>
        </Form>
      </section>

      {picker ? (
        <LibraryPicker
          picker={picker}
          title={picker.kind === "exercise" ? t("lessons.pickExercise") : t("lessons.pickMaterial")}
          freshLabel={t(
            picker.kind === "exercise" ? "lessons.notUsed" : "lessons.notUsedMaterials",
            {
              name: lesson.student.name,
            },
          )}
          usedLabel={t("lessons.usedBefore")}
          intent={picker.kind === "exercise" ? "add-exercise" : "add-material"}
          actionLabel={t("lessons.add")}
          chosen={
            new Set(
              lesson.items.flatMap((item) =>
                picker.kind === "exercise"
                  ? item.exerciseId
                    ? [item.exerciseId]
                    : []
                  : item.materialId
                    ? [item.materialId]
                    : [],
              ),
            )
          }
          chosenLabel={t("lessons.inThisLesson")}
        />
      ) : null}

      <section
        aria-labelledby="details"
        className="rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="details" className="text-lg font-semibold text-ink">
          {t("lessons.details")}
        </h2>
        <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="details" />
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
        </Form>
        <div className="mt-4 print:hidden">
          <IntentButton intent="delete" theme="danger">
            {t("lessons.delete")}
          </IntentButton>
        </div>
      </section>
    </div>
  );
}

type LessonData = Awaited<ReturnType<typeof loader>>["lesson"];

/** Run lesson: one item at a time, big, with the keyboard (←/→) to move through the plan. */
function RunLesson({ lesson, index }: { lesson: LessonData; index: number }) {
  const exerciseHref = useExerciseHref();
  const t = useT();
  const navigate = useNavigate();
  const item = lesson.items[index];
  const last = lesson.items.length - 1;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)
        return;
      if (event.key === "ArrowRight" && index < last) void navigate(`?run=${index + 1}`);
      if (event.key === "ArrowLeft" && index > 0) void navigate(`?run=${index - 1}`);
      if (event.key === "Escape") void navigate("?");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [index, last, navigate]);
  if (!item) return null;
  // Run mode is for the class: it covers the app's top bar and menus, the whole window.
  return (
    <div
      className="fixed inset-0 z-40 overflow-y-auto bg-white px-4 py-6 sm:px-8"
      data-testid="run-lesson"
    >
      <div className="mx-auto flex min-h-full max-w-4xl flex-col">
        <title>{`${lesson.title} · Parley`}</title>
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span>
            {lesson.title} · {lesson.student.name}
          </span>
          <span>
            {t("lessons.runProgress", { current: index + 1, total: lesson.items.length })}
          </span>
        </div>
        <div
          className="mt-6 flex flex-1 flex-col items-center justify-center rounded-3xl bg-brand-700 p-10 text-center text-white"
          aria-live="polite"
        >
          <p className="text-sm font-semibold tracking-wide uppercase opacity-80">
            {t(`lessons.kind.${item.kind}`)} · {t("lessons.minutes", { count: item.minutes })}
          </p>
          <h1
            className="mt-4 text-3xl font-bold sm:text-5xl"
            {...(item.kind === "step" ? {} : ENGLISH)}
          >
            {item.title}
          </h1>
          {item.kind === "exercise" && item.exerciseId ? (
            <ButtonLink
              to={exerciseHref(item.exerciseId)}
              theme="white"
              size="large"
              className="mt-8"
            >
              {t("lessons.present")}
            </ButtonLink>
          ) : item.kind === "material" && item.materialId ? (
            <ButtonLink
              to={href("/dashboard/materials/:id", { id: item.materialId })}
              theme="white"
              size="large"
              className="mt-8"
            >
              {t("lessons.openMaterial")}
            </ButtonLink>
          ) : null}
        </div>
        <div className="mt-6 flex items-center justify-between gap-3">
          {index > 0 ? (
            <ButtonLink to={`?run=${index - 1}`} theme="white">
              ← {t("lessons.previous")}
            </ButtonLink>
          ) : (
            <span />
          )}
          <ButtonLink to="?" theme="white">
            {t("lessons.endRun")}
          </ButtonLink>
          {index < last ? (
            <ButtonLink to={`?run=${index + 1}`}>{t("lessons.next")} →</ButtonLink>
          ) : (
            <IntentButton intent="done" theme="primary" size="medium">
              {t("lessons.finish")}
            </IntentButton>
          )}
        </div>
        {lesson.homework ? (
          <p className="mt-4 text-sm text-slate-700">
            <strong>{t("lessons.homework")}:</strong> {lesson.homework}
          </p>
        ) : null}
      </div>
    </div>
  );
}
