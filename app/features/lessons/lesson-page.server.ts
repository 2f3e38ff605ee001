import { viewerFor } from "~/features/library/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import { notFound } from "~/lib/not-found";
import type { Services } from "~/lib/services.server";
import { utcToZonedParts } from "~/lib/time-zone";
import { getLesson, usedWithStudent } from "./lessons.server";
import { pickerQuery, runPicker } from "./picker.server";

/**
 * What /dashboard/lessons/{id} shows the teacher who owns the lesson (anyone else: 404): the
 * plan, the lesson's date and time in its own time zone, `?run=N` (the item shown in run
 * mode, kept within the plan) and `?pick=` (the library picker: the student's level and "not
 * used with this student" by default).
 */
export async function lessonPageData(
  services: Services,
  user: SessionUser,
  lessonId: string,
  request: Request,
) {
  const lesson = await getLesson(services, user.id, lessonId);
  if (!lesson) notFound(request);
  const url = new URL(request.url);
  const run = url.searchParams.get("run");
  const query = pickerQuery(url, ["exercise", "material"], lesson.student.level);
  const picker = query
    ? await runPicker(
        services,
        await viewerFor(services.db, user, services.clock.now()),
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

export type LessonPageData = Awaited<ReturnType<typeof lessonPageData>>;
