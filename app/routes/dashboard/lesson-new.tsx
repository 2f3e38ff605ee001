import { Form, redirect, useActionData, useLoaderData, href } from "react-router";
import { useSyncExternalStore } from "react";
import { z } from "~/lib/zod";
import type { Route } from "./+types/lesson-new";
import { DateField, TimeField } from "~/components/ui/date-time-fields";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { materialTitle } from "~/features/library/materials.server";
import {
  addItem,
  createLesson,
  duplicateLesson,
  latestLesson,
  updateLesson,
} from "~/features/lessons/lessons.server";
import { getStudent } from "~/features/students/students.server";
import { rememberTimeZone, teacherTimeZone } from "~/features/lessons/teacher.server";
import { requireUser } from "~/lib/auth/session.server";
import { refuse } from "~/lib/errors";
import { AnswerAlert } from "~/components/answer-alert";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { isTimeZone, utcToZonedParts, zonedTimeToUtc } from "~/lib/time-zone";
import { notFound } from "~/lib/not-found";
import { addDays } from "~/lib/time";

export const handle = { dashboard: true };

/**
 * Spec §2.3: a lesson is planned for a student; without studentId this goes to the roster.
 * `materialId` (a material's "Add to lesson") starts the plan with that material.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const studentId = url.searchParams.get("studentId");
  if (!studentId) throw redirect(href("/dashboard/students"));
  const services = getServices(context);
  const student = await getStudent(services, user.id, studentId);
  if (!student) notFound(request);
  const timeZone = teacherTimeZone(user);
  // Next full hour tomorrow, on the teacher's clock.
  const start = addDays(services.clock.now(), 1);
  start.setUTCMinutes(0, 0, 0);
  const previous = await latestLesson(services, user.id, student.id);
  const material = await materialTitle(services.db, url.searchParams.get("materialId") ?? "");
  return {
    material,
    student: { id: student.id, name: student.name, level: student.level },
    timeZone,
    defaults: utcToZonedParts(start, timeZone),
    previous: previous ? { id: previous.id, title: previous.title, items: previous.items } : null,
  };
}

const LessonSchema = z.object({
  title: z.string().trim().min(1).max(160),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z.string().regex(/^\d{2}:\d{2}$/),
  timeZone: z.string().refine(isTimeZone),
  copyFrom: z.string().max(100).optional(),
  materialId: z.string().min(1).max(100).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const studentId = new URL(request.url).searchParams.get("studentId") ?? "";
  const parsed = LessonSchema.safeParse(Object.fromEntries(await readForm(request)));
  const startsAt = parsed.success
    ? zonedTimeToUtc(parsed.data.date, parsed.data.time, parsed.data.timeZone)
    : null;
  if (!parsed.success || !startsAt) return refuse("lessons", "when");
  await rememberTimeZone(services, user.id, parsed.data.timeZone);
  const id = parsed.data.copyFrom
    ? await duplicateLesson(services, user.id, parsed.data.copyFrom, startsAt)
    : await createLesson(services, user.id, studentId, {
        title: parsed.data.title,
        startsAt,
        timeZone: parsed.data.timeZone,
      });
  if (!id) notFound(request);
  if (parsed.data.copyFrom) await updateLesson(services, user.id, id, { title: parsed.data.title });
  // Unknown materials are skipped, and a copied plan that holds it already keeps its place.
  if (parsed.data.materialId)
    await addItem(services, user.id, id, { kind: "material", materialId: parsed.data.materialId });
  return redirect(href("/dashboard/lessons/:id", { id }));
}

/** The browser's time zone does not change while a page is open. */
const noSubscription = () => () => undefined;

export default function NewLesson() {
  const t = useT();
  const { student, timeZone, defaults, previous, material } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The browser knows the teacher's time zone better than the server's guess: read at render
  // (the server's guess on the server and while hydrating), never written into the field
  // afterwards, where a re-render after a revalidation put the server's guess back.
  const zone = useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone || timeZone,
    () => timeZone,
  );
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <title>{`${t("page.lessonNew.title")} · Parley`}</title>
      <PageHeader
        title={t("page.lessonNew.title")}
        description={t("lessons.newFor", { name: student.name })}
      />
      <AnswerAlert answer={answer} />
      <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
        <input type="hidden" name="timeZone" value={zone} />
        {material ? (
          <>
            <input type="hidden" name="materialId" value={material.id} />
            <p className="text-sm text-slate-700" data-testid="starts-with">
              {t("lessons.startsWith", { title: material.title })}
            </p>
          </>
        ) : null}
        <TextField
          label={t("lessons.title")}
          name="title"
          required
          maxLength={160}
          defaultValue={t("lessons.defaultTitle", { name: student.name })}
        />
        <div className="grid grid-cols-2 gap-4">
          <DateField label={t("lessons.date")} name="date" required defaultValue={defaults.date} />
          <TimeField label={t("lessons.time")} name="time" defaultValue={defaults.time} />
        </div>
        {previous ? (
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input type="checkbox" name="copyFrom" value={previous.id} className="mt-1 size-4" />
            <span>
              {t("lessons.copyPrevious", { title: previous.title, count: previous.items })}
            </span>
          </label>
        ) : null}
        <Button type="submit">{t("lessons.create")}</Button>
      </Form>
    </div>
  );
}
