import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql } from "drizzle-orm";
import { exercises, lessonItems, lessons, students } from "@db/schema";
import type { Services } from "~/lib/services.server";
import { planMinutes } from "./lesson-sql";
import { containsPattern } from "~/lib/text-search";
import type { StudentInput } from "./schemas";

/**
 * The roster. Every query is scoped to the signed-in teacher: a student of another teacher
 * is "not found", never "forbidden", so ids cannot be probed.
 */

export type StudentRow = typeof students.$inferSelect;

export interface StudentSummary {
  id: string;
  name: string;
  email: string | null;
  level: string | null;
  tags: string[];
  goals: string;
  archived: boolean;
  lessons: number;
  lastLessonAt: string | null;
  nextLessonAt: string | null;
}

export async function listStudents(
  services: Services,
  teacherId: string,
  options: { q?: string; archived?: boolean } = {},
  now: Date = services.clock.now(),
): Promise<StudentSummary[]> {
  const q = options.q?.trim() ?? "";
  const pattern = containsPattern(q);
  const rows = await services.db
    .select({
      student: students,
      lessons: sql<number>`(select count(*)::int from lessons l where l.student_id = "students"."id")`,
      lastLessonAt: sql<Date | null>`(select max(starts_at) from lessons l where l.student_id = "students"."id" and l.starts_at <= ${now})`,
      nextLessonAt: sql<Date | null>`(select min(starts_at) from lessons l where l.student_id = "students"."id" and l.starts_at > ${now})`,
    })
    .from(students)
    .where(
      and(
        eq(students.teacherId, teacherId),
        options.archived ? isNotNull(students.archivedAt) : isNull(students.archivedAt),
        q
          ? or(
              ilike(students.name, pattern),
              ilike(students.email, pattern),
              ilike(students.goals, pattern),
              sql`exists (select 1 from unnest(${students.tags}) t where t ilike ${pattern})`,
              sql`${students.level} = ${q.toUpperCase()}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${students.name})`));
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  return rows.map((r) => ({
    id: r.student.id,
    name: r.student.name,
    email: r.student.email,
    level: r.student.level,
    tags: r.student.tags,
    goals: r.student.goals,
    archived: r.student.archivedAt !== null,
    lessons: Number(r.lessons),
    lastLessonAt: iso(r.lastLessonAt),
    nextLessonAt: iso(r.nextLessonAt),
  }));
}

/** One of the teacher's students, or null (also for another teacher's student). */
export async function getStudent(
  services: Services,
  teacherId: string,
  id: string,
): Promise<StudentRow | null> {
  const [row] = await services.db
    .select()
    .from(students)
    .where(and(eq(students.id, id), eq(students.teacherId, teacherId)));
  return row ?? null;
}

export async function createStudent(
  services: Services,
  teacherId: string,
  input: StudentInput,
): Promise<string> {
  const id = randomUUID();
  await services.db.insert(students).values({ id, teacherId, ...input });
  return id;
}

export async function updateStudent(
  services: Services,
  teacherId: string,
  id: string,
  input: StudentInput,
): Promise<boolean> {
  const updated = await services.db
    .update(students)
    .set({ ...input, updatedAt: services.clock.now() })
    .where(and(eq(students.id, id), eq(students.teacherId, teacherId)))
    .returning({ id: students.id });
  return updated.length > 0;
}

export async function setArchived(
  services: Services,
  teacherId: string,
  id: string,
  archived: boolean,
): Promise<boolean> {
  const updated = await services.db
    .update(students)
    .set({ archivedAt: archived ? services.clock.now() : null, updatedAt: services.clock.now() })
    .where(and(eq(students.id, id), eq(students.teacherId, teacherId)))
    .returning({ id: students.id });
  return updated.length > 0;
}

/** Adds many students at once (a CSV import); answers how many were added. */
export async function importStudents(
  services: Services,
  teacherId: string,
  inputs: StudentInput[],
): Promise<number> {
  if (inputs.length === 0) return 0;
  await services.db
    .insert(students)
    .values(inputs.map((input) => ({ id: randomUUID(), teacherId, ...input })));
  return inputs.length;
}

export interface StudentHistory {
  lessons: { id: string; title: string; startsAt: string; status: string; minutes: number }[];
  exercises: {
    id: string;
    title: string;
    level: string;
    type: string;
    usedAt: string;
    times: number;
  }[];
}

/** The lessons of a student and every exercise already used with them (newest first). */
export async function studentHistory(
  services: Services,
  teacherId: string,
  studentId: string,
): Promise<StudentHistory> {
  const lessonRows = await services.db
    .select({
      id: lessons.id,
      title: lessons.title,
      startsAt: lessons.startsAt,
      status: lessons.status,
      minutes: planMinutes,
    })
    .from(lessons)
    .where(and(eq(lessons.studentId, studentId), eq(lessons.teacherId, teacherId)))
    .orderBy(desc(lessons.startsAt));
  const used = await services.db
    .select({
      id: exercises.id,
      title: exercises.title,
      level: exercises.level,
      type: exercises.type,
      usedAt: sql<Date>`max(${lessons.startsAt})`,
      times: sql<number>`count(*)::int`,
    })
    .from(lessonItems)
    .innerJoin(lessons, eq(lessons.id, lessonItems.lessonId))
    .innerJoin(exercises, eq(exercises.id, lessonItems.exerciseId))
    .where(and(eq(lessons.studentId, studentId), eq(lessons.teacherId, teacherId)))
    .groupBy(exercises.id, exercises.title, exercises.level, exercises.type)
    .orderBy(desc(sql`max(${lessons.startsAt})`));
  return {
    lessons: lessonRows.map((l) => ({
      ...l,
      startsAt: l.startsAt.toISOString(),
      minutes: Number(l.minutes),
    })),
    exercises: used.map((e) => ({
      ...e,
      usedAt: new Date(e.usedAt).toISOString(),
      times: Number(e.times),
    })),
  };
}
