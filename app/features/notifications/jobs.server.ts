import { and, eq, gt, lte, sql } from "drizzle-orm";
import { lessons, students } from "@db/schema";
import { queryRows } from "~/lib/db.server";
import type { PeriodicJob } from "~/lib/queue.server";
import type { Services } from "~/lib/services.server";
import { notify } from "./notifications.server";
import { DAY_MS, addDays } from "~/lib/time";

/** A reminder for each planned lesson starting within the next 24 hours (once per lesson). */
export async function lessonReminders(services: Services, now: Date = services.clock.now()) {
  const soon = await services.db
    .select({
      id: lessons.id,
      teacherId: lessons.teacherId,
      title: lessons.title,
      startsAt: lessons.startsAt,
      student: students.name,
    })
    .from(lessons)
    .innerJoin(students, eq(students.id, lessons.studentId))
    .where(
      and(
        eq(lessons.status, "planned"),
        gt(lessons.startsAt, now),
        lte(lessons.startsAt, new Date(now.getTime() + DAY_MS)),
      ),
    );
  let sent = 0;
  for (const lesson of soon)
    if (
      await notify(services, lesson.teacherId, {
        kind: "lesson",
        messageKey: "notifications.lessonSoon" as const,
        values: { title: lesson.title, student: lesson.student, at: lesson.startsAt.toISOString() },
        url: `/dashboard/lessons/${lesson.id}`,
        dedupeKey: `lesson:${lesson.id}`,
      })
    )
      sent++;
  return { sent };
}

/** ISO week of a date, "2026-W48", for once-a-week notifications. */
function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/**
 * Once a week: teachers hear how many exercises were published in the last seven days at
 * the levels of their active students.
 */
async function weeklyNewExercises(services: Services, now: Date = services.clock.now()) {
  const rows = await queryRows<{ teacher_id: string; levels: string; count: number }>(
    services.db,
    sql`select s.teacher_id, string_agg(distinct s.level, ', ' order by s.level) as levels,
               (select count(*)::int from exercises e
                 where e.published_at > ${addDays(now, -7)}
                   and e.published_at <= ${now} and e.status = 'published'
                   and e.level in (select distinct level from students x
                                    where x.teacher_id = s.teacher_id and x.archived_at is null
                                      and x.level is not null)) as count
          from students s
         where s.archived_at is null and s.level is not null
         group by s.teacher_id`,
  );
  const week = isoWeek(now);
  let sent = 0;
  for (const row of rows)
    if (
      Number(row.count) > 0 &&
      (await notify(services, row.teacher_id, {
        kind: "exercises",
        messageKey: "notifications.newExercises" as const,
        values: { count: Number(row.count), levels: row.levels },
        url: "/dashboard/exercises?sort=newest",
        dedupeKey: `exercises:${week}`,
      }))
    )
      sent++;
  return { sent };
}

export function notificationJobs(services: Services): PeriodicJob[] {
  return [
    {
      name: "lesson-reminders",
      cron: "*/15 * * * *",
      run: (now) => lessonReminders(services, now),
    },
    { name: "new-exercises", cron: "5 8 * * *", run: (now) => weeklyNewExercises(services, now) },
  ];
}
