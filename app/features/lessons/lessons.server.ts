import { noteLessonDone } from "~/features/reviews/index.server";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql } from "drizzle-orm";
import { exercises, lessonItems, lessons, materials, students } from "@db/schema";
import type { Services } from "~/lib/services.server";
import { planItems, planMinutes } from "~/features/students";
import { getStudent } from "~/features/students/index.server";
import { HOUR_MS, addDays } from "~/lib/time";
import { exerciseVisible, materialVisible } from "~/features/library/index.server";

/**
 * Lessons planned per student. Every read and write is scoped to the teacher; a lesson of
 * another teacher is "not found". The plan is an ordered list of exercises, materials and
 * free-text steps, each with minutes.
 */

interface LessonItemView {
  id: string;
  kind: "exercise" | "material" | "step";
  exerciseId: string | null;
  materialId: string | null;
  title: string;
  level: string | null;
  text: string;
  minutes: number;
  /** When this exercise or material was used with the student in another lesson. */
  usedBefore: string | null;
}

export interface LessonView {
  id: string;
  title: string;
  startsAt: string;
  timeZone: string;
  status: "planned" | "done";
  notes: string;
  homework: string;
  student: { id: string; name: string; level: string | null };
  items: LessonItemView[];
  minutes: number;
}

export interface LessonInput {
  title: string;
  startsAt: Date;
  timeZone: string;
}

export async function createLesson(
  services: Services,
  teacherId: string,
  studentId: string,
  input: LessonInput,
): Promise<string | null> {
  const student = await getStudent(services, teacherId, studentId);
  if (!student) return null;
  const id = randomUUID();
  await services.db.insert(lessons).values({ id, teacherId, studentId, ...input });
  return id;
}

async function ownedLesson(services: Services, teacherId: string, id: string) {
  const [row] = await services.db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, id), eq(lessons.teacherId, teacherId)));
  return row ?? null;
}

/** What a student already met: exercise and material ids, each with its latest lesson's date. */
export interface UsedWithStudent {
  exercises: Map<string, string>;
  materials: Map<string, string>;
}

/** Exercises and materials used with a student in lessons other than this one. */
export async function usedWithStudent(
  services: Services,
  teacherId: string,
  studentId: string,
  exceptLessonId: string | null = null,
): Promise<UsedWithStudent> {
  const rows = await services.db
    .select({
      exerciseId: lessonItems.exerciseId,
      materialId: lessonItems.materialId,
      at: sql<Date>`max(${lessons.startsAt})`,
    })
    .from(lessonItems)
    .innerJoin(lessons, eq(lessons.id, lessonItems.lessonId))
    .where(
      and(
        eq(lessons.teacherId, teacherId),
        eq(lessons.studentId, studentId),
        sql`(${lessonItems.exerciseId} is not null or ${lessonItems.materialId} is not null)`,
        exceptLessonId ? sql`${lessons.id} <> ${exceptLessonId}` : undefined,
      ),
    )
    .groupBy(lessonItems.exerciseId, lessonItems.materialId);
  const used: UsedWithStudent = { exercises: new Map(), materials: new Map() };
  for (const r of rows) {
    const at = new Date(r.at).toISOString();
    if (r.exerciseId) used.exercises.set(r.exerciseId, at);
    if (r.materialId) used.materials.set(r.materialId, at);
  }
  return used;
}

export async function getLesson(
  services: Services,
  teacherId: string,
  id: string,
): Promise<LessonView | null> {
  const lesson = await ownedLesson(services, teacherId, id);
  if (!lesson) return null;
  const [student] = await services.db
    .select({ id: students.id, name: students.name, level: students.level })
    .from(students)
    .where(eq(students.id, lesson.studentId));
  const items = await services.db
    .select({
      item: lessonItems,
      exerciseTitle: exercises.title,
      exerciseLevel: exercises.level,
      materialTitle: materials.title,
      materialLevel: materials.level,
    })
    .from(lessonItems)
    .leftJoin(exercises, eq(exercises.id, lessonItems.exerciseId))
    .leftJoin(materials, eq(materials.id, lessonItems.materialId))
    .where(eq(lessonItems.lessonId, id))
    .orderBy(asc(lessonItems.position));
  const used = await usedWithStudent(services, teacherId, lesson.studentId, id);
  const views: LessonItemView[] = items.map(({ item, ...r }) => ({
    id: item.id,
    kind: item.kind,
    exerciseId: item.exerciseId,
    materialId: item.materialId,
    title: r.exerciseTitle ?? r.materialTitle ?? item.text,
    level: r.exerciseLevel ?? r.materialLevel ?? null,
    text: item.text,
    minutes: item.minutes,
    usedBefore: item.exerciseId
      ? (used.exercises.get(item.exerciseId) ?? null)
      : item.materialId
        ? (used.materials.get(item.materialId) ?? null)
        : null,
  }));
  return {
    id: lesson.id,
    title: lesson.title,
    startsAt: lesson.startsAt.toISOString(),
    timeZone: lesson.timeZone,
    status: lesson.status,
    notes: lesson.notes,
    homework: lesson.homework,
    student: student ?? { id: lesson.studentId, name: "", level: null },
    items: views,
    minutes: views.reduce((sum, i) => sum + i.minutes, 0),
  };
}

export async function updateLesson(
  services: Services,
  teacherId: string,
  id: string,
  patch: Partial<{
    title: string;
    startsAt: Date;
    timeZone: string;
    status: "planned" | "done";
    notes: string;
    homework: string;
  }>,
): Promise<boolean> {
  const updated = await services.db
    .update(lessons)
    .set({ ...patch, updatedAt: services.clock.now() })
    .where(and(eq(lessons.id, id), eq(lessons.teacherId, teacherId)))
    .returning({ id: lessons.id });
  if (updated.length > 0 && patch.status === "done") await noteLessonDone(services, teacherId);
  return updated.length > 0;
}

export async function deleteLesson(services: Services, teacherId: string, id: string) {
  const deleted = await services.db
    .delete(lessons)
    .where(and(eq(lessons.id, id), eq(lessons.teacherId, teacherId)))
    .returning({ id: lessons.id });
  return deleted.length > 0;
}

async function nextPosition(services: Services, lessonId: string): Promise<number> {
  const [row] = await services.db
    .select({ max: sql<number | null>`max(${lessonItems.position})` })
    .from(lessonItems)
    .where(eq(lessonItems.lessonId, lessonId));
  return Number(row?.max ?? -1) + 1;
}

export type NewItem =
  | { kind: "exercise"; exerciseId: string; minutes?: number }
  | { kind: "material"; materialId: string; minutes?: number }
  | { kind: "step"; text: string; minutes: number };

/**
 * Adds an item at the end of the plan; false when the lesson or the exercise is unknown,
 * "already" when that exercise or material is in the plan already (never added twice).
 */
export async function addItem(
  services: Services,
  teacherId: string,
  lessonId: string,
  item: NewItem,
): Promise<boolean | "already"> {
  if (!(await ownedLesson(services, teacherId, lessonId))) return false;
  if (item.kind !== "step") {
    const [present] = await services.db
      .select({ id: lessonItems.id })
      .from(lessonItems)
      .where(
        and(
          eq(lessonItems.lessonId, lessonId),
          item.kind === "exercise"
            ? eq(lessonItems.exerciseId, item.exerciseId)
            : eq(lessonItems.materialId, item.materialId),
        ),
      )
      .limit(1);
    if (present) return "already";
  }
  let minutes = item.minutes ?? 10;
  if (item.kind === "exercise") {
    const [exercise] = await services.db
      .select({ minutes: exercises.durationMinutes })
      .from(exercises)
      .where(and(eq(exercises.id, item.exerciseId), exerciseVisible(services.clock.now())));
    if (!exercise) return false;
    minutes = item.minutes ?? exercise.minutes;
  }
  if (item.kind === "material") {
    const [material] = await services.db
      .select({ minutes: materials.durationMinutes })
      .from(materials)
      .where(and(eq(materials.id, item.materialId), materialVisible(services.clock.now())));
    if (!material) return false;
    minutes = item.minutes ?? material.minutes;
  }
  await services.db.insert(lessonItems).values({
    id: randomUUID(),
    lessonId,
    position: await nextPosition(services, lessonId),
    kind: item.kind,
    exerciseId: item.kind === "exercise" ? item.exerciseId : null,
    materialId: item.kind === "material" ? item.materialId : null,
    text: item.kind === "step" ? item.text : "",
    minutes,
  });
  return true;
}

/** Changes an item's minutes, moves it up or down, or removes it. */
export async function changeItem(
  services: Services,
  teacherId: string,
  lessonId: string,
  itemId: string,
  change: { minutes: number } | { move: -1 | 1 } | { remove: true },
): Promise<boolean> {
  if (!(await ownedLesson(services, teacherId, lessonId))) return false;
  const items = await services.db
    .select({ id: lessonItems.id, position: lessonItems.position })
    .from(lessonItems)
    .where(eq(lessonItems.lessonId, lessonId))
    .orderBy(asc(lessonItems.position));
  const index = items.findIndex((i) => i.id === itemId);
  if (index === -1) return false;
  const scope = and(eq(lessonItems.id, itemId), eq(lessonItems.lessonId, lessonId));
  if ("minutes" in change) {
    await services.db.update(lessonItems).set({ minutes: change.minutes }).where(scope);
  } else if ("remove" in change) {
    await services.db.delete(lessonItems).where(scope);
  } else {
    const other = items[index + change.move];
    const current = items[index];
    if (!other || !current) return true;
    await services.db.transaction(async (tx) => {
      await tx
        .update(lessonItems)
        .set({ position: other.position })
        .where(eq(lessonItems.id, current.id));
      await tx
        .update(lessonItems)
        .set({ position: current.position })
        .where(eq(lessonItems.id, other.id));
    });
  }
  return true;
}

/** A copy of a lesson and its plan, a week later by default; answers the new id. */
export async function duplicateLesson(
  services: Services,
  teacherId: string,
  id: string,
  startsAt?: Date,
): Promise<string | null> {
  const lesson = await ownedLesson(services, teacherId, id);
  if (!lesson) return null;
  const items = await services.db
    .select()
    .from(lessonItems)
    .where(eq(lessonItems.lessonId, id))
    .orderBy(asc(lessonItems.position));
  const copy = randomUUID();
  await services.db.transaction(async (tx) => {
    await tx.insert(lessons).values({
      id: copy,
      teacherId,
      studentId: lesson.studentId,
      startsAt: startsAt ?? addDays(lesson.startsAt, 7),
      timeZone: lesson.timeZone,
      title: lesson.title,
      status: "planned",
    });
    if (items.length)
      await tx.insert(lessonItems).values(
        items.map((i) => ({
          id: randomUUID(),
          lessonId: copy,
          position: i.position,
          kind: i.kind,
          exerciseId: i.exerciseId,
          materialId: i.materialId,
          text: i.text,
          minutes: i.minutes,
        })),
      );
  });
  return copy;
}

export interface LessonSummary {
  id: string;
  title: string;
  startsAt: string;
  status: "planned" | "done";
  studentId: string;
  studentName: string;
  minutes: number;
  items: number;
}

/** How long a lesson counts as under way after its start. */
const LESSON_RUNNING_MS = HOUR_MS;

/** Upcoming (from now, soonest first) or past (most recent first) lessons of a teacher. */
export async function listLessons(
  services: Services,
  teacherId: string,
  when: "upcoming" | "past",
  options: { limit?: number; studentIds?: string[] } = {},
  now: Date = services.clock.now(),
): Promise<LessonSummary[]> {
  const rows = await services.db
    .select({
      id: lessons.id,
      title: lessons.title,
      startsAt: lessons.startsAt,
      status: lessons.status,
      studentId: lessons.studentId,
      studentName: students.name,
      minutes: planMinutes,
      items: planItems,
    })
    .from(lessons)
    .innerJoin(students, eq(students.id, lessons.studentId))
    .where(
      and(
        eq(lessons.teacherId, teacherId),
        // A lesson stays "upcoming" for its first hour, while it is being taught, unless the
        // teacher marked it done; a lesson marked done is past whatever its date.
        when === "upcoming"
          ? and(
              gte(lessons.startsAt, new Date(now.getTime() - LESSON_RUNNING_MS)),
              ne(lessons.status, "done"),
            )
          : or(
              lt(lessons.startsAt, new Date(now.getTime() - LESSON_RUNNING_MS)),
              eq(lessons.status, "done"),
            ),
        options.studentIds?.length ? inArray(lessons.studentId, options.studentIds) : undefined,
      ),
    )
    .orderBy(when === "upcoming" ? asc(lessons.startsAt) : desc(lessons.startsAt))
    .limit(options.limit ?? 200);
  return rows.map((r) => ({
    ...r,
    startsAt: r.startsAt.toISOString(),
    minutes: Number(r.minutes),
    items: Number(r.items),
  }));
}

/** The student's latest lesson (by date), to start a new plan from. */
export async function latestLesson(
  services: Services,
  teacherId: string,
  studentId: string,
): Promise<{ id: string; title: string; items: number } | null> {
  const [row] = await services.db
    .select({
      id: lessons.id,
      title: lessons.title,
      items: planItems,
    })
    .from(lessons)
    .where(and(eq(lessons.teacherId, teacherId), eq(lessons.studentId, studentId)))
    .orderBy(desc(lessons.startsAt))
    .limit(1);
  return row ? { ...row, items: Number(row.items) } : null;
}

/**
 * The teacher's upcoming lessons (not done, soonest first) to add a material to, each marked
 * when its plan already holds that material.
 */
export async function lessonsToAddMaterial(
  services: Services,
  teacherId: string,
  materialId: string,
  now: Date = services.clock.now(),
): Promise<(LessonSummary & { hasMaterial: boolean })[]> {
  const upcoming = await listLessons(services, teacherId, "upcoming", { limit: 50 }, now);
  if (upcoming.length === 0) return [];
  const holding = await services.db
    .selectDistinct({ lessonId: lessonItems.lessonId })
    .from(lessonItems)
    .where(
      and(
        eq(lessonItems.materialId, materialId),
        inArray(
          lessonItems.lessonId,
          upcoming.map((l) => l.id),
        ),
      ),
    );
  const has = new Set(holding.map((r) => r.lessonId));
  return upcoming.map((l) => ({ ...l, hasMaterial: has.has(l.id) }));
}
