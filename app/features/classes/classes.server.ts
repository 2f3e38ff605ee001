import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { classes, classShares, exercises, sessions, students, userData, users } from "@db/schema";
import { ACCESS_CHANGED_EVENT } from "~/lib/realtime.server";
import { hasRole, ROLE } from "~/lib/auth/roles";
import type { SessionUser } from "~/lib/auth/session.server";
import { randomCode } from "~/lib/random-code";
import type { Services } from "~/lib/services.server";
import { buildSlides, type Slide } from "~/features/library";
import type { ExerciseContent } from "~/features/library";
import { canOpen, type Viewer } from "~/features/library";
import { accountAccess } from "~/features/library/index.server";
import { exerciseVisible } from "~/features/library/index.server";

/**
 * Classes: a teacher's group with a short join link (/c/{code}). Joining gives the student
 * an account with the STUDENT role and classId set (spec §3), and a row in the teacher's
 * roster. /class/{id} shows what the teacher shared, homework, and a live view that follows
 * the card the teacher presents.
 */

function newJoinCode(length = 7): string {
  return randomCode(length);
}

export type ClassRow = typeof classes.$inferSelect;

export async function createClass(
  services: Services,
  teacherId: string,
  input: { name: string; level: string | null },
): Promise<string> {
  const id = randomUUID();
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await services.db
      .insert(classes)
      .values({ id, teacherId, name: input.name, level: input.level, joinCode: newJoinCode() })
      .onConflictDoNothing()
      .returning({ id: classes.id });
    if (inserted.length) return id;
  }
  throw new Error("could not find a free join code");
}

export async function listClasses(services: Services, teacherId: string) {
  const rows = await services.db
    .select({
      id: classes.id,
      name: classes.name,
      level: classes.level,
      joinCode: classes.joinCode,
      members: count(users.id),
    })
    .from(classes)
    .leftJoin(users, eq(users.classId, classes.id))
    .where(and(eq(classes.teacherId, teacherId), isNull(classes.archivedAt)))
    .groupBy(classes.id)
    .orderBy(asc(classes.name));
  return rows.map((r) => ({ ...r, members: Number(r.members) }));
}

export async function classByCode(services: Services, code: string) {
  if (!/^[A-Za-z0-9]{4,12}$/.test(code)) return null;
  const [row] = await services.db
    .select({
      id: classes.id,
      name: classes.name,
      level: classes.level,
      teacherFirstName: users.firstName,
      teacherLastName: users.lastName,
    })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.teacherId))
    .where(and(eq(classes.joinCode, code.toUpperCase()), isNull(classes.archivedAt)));
  return row ?? null;
}

/** "teacher" or "student" when the user may open the class, otherwise null. */
export async function classAccess(
  services: Services,
  user: Pick<SessionUser, "id" | "classId">,
  classId: string,
): Promise<{ role: "teacher" | "student"; row: ClassRow } | null> {
  const [row] = await services.db.select().from(classes).where(eq(classes.id, classId));
  if (!row) return null;
  if (row.teacherId === user.id) return { role: "teacher", row };
  if (user.classId === classId) return { role: "student", row };
  return null;
}

export type JoinError = "teacher-account" | "other-class";

/** A signed-in student joins (or a student account is moved into) a class. */
export async function joinClass(
  services: Services,
  user: Pick<SessionUser, "id" | "firstName" | "lastName" | "email" | "classId" | "data">,
  classId: string,
): Promise<JoinError | null> {
  if (hasRole(user.data.role, ROLE.TEACHER) || hasRole(user.data.role, ROLE.ADMIN))
    return "teacher-account";
  if (user.classId && user.classId !== classId) return "other-class";
  await services.db.update(users).set({ classId }).where(eq(users.id, user.id));
  await addToRoster(
    services,
    classId,
    user.id,
    `${user.firstName} ${user.lastName}`.trim(),
    user.email,
  );
  return null;
}

async function addToRoster(
  services: Services,
  classId: string,
  userId: string,
  name: string,
  email: string,
) {
  const [row] = await services.db
    .select({ teacherId: classes.teacherId, level: classes.level })
    .from(classes)
    .where(eq(classes.id, classId));
  if (!row) return;
  const [existing] = await services.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.teacherId, row.teacherId), eq(students.userId, userId)));
  if (existing) return;
  await services.db.insert(students).values({
    id: randomUUID(),
    teacherId: row.teacherId,
    userId,
    name: name || email,
    email,
    level: row.level,
    tags: ["class"],
  });
}

/**
 * A student account created from a class's join link joins the teacher's roster once its
 * address is verified (an unverified address proves nothing, so it adds no one).
 */
export async function rosterVerifiedStudent(services: Services, userId: string): Promise<void> {
  const [row] = await services.db
    .select({
      classId: users.classId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: userData.role,
    })
    .from(users)
    .innerJoin(userData, eq(userData.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.emailVerified, true)));
  if (!row?.classId || !hasRole(row.role, ROLE.STUDENT)) return;
  await addToRoster(
    services,
    row.classId,
    userId,
    `${row.firstName} ${row.lastName}`.trim(),
    row.email,
  );
}

/** A student leaves their class; their open event streams for it close at once. */
export async function leaveClass(services: Services, userId: string, classId: string) {
  const left = await services.db
    .update(users)
    .set({ classId: null })
    .where(and(eq(users.id, userId), eq(users.classId, classId)))
    .returning({ id: users.id });
  if (left.length)
    await services.realtime.publish(`user:${userId}`, ACCESS_CHANGED_EVENT, {}).catch(() => {});
  return left.length > 0;
}

/**
 * Whether a stream opened by this session may go on: the session still exists, and for a
 * class stream the user is still the class's teacher or one of its students.
 */
export async function streamAccessHolds(
  services: Services,
  userId: string,
  sessionId: string,
  classId: string | null,
): Promise<boolean> {
  const [session] = await services.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  if (!session) return false;
  if (!classId) return true;
  const [user] = await services.db
    .select({ classId: users.classId })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(
    user && (await classAccess(services, { id: userId, classId: user.classId }, classId)),
  );
}

export async function listMembers(services: Services, classId: string) {
  return services.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.classId, classId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/**
 * What the teacher shared with a class, newest first. An exercise the teacher can no longer
 * open (premium ended) is marked unavailable: students cannot open it until it is again.
 */
export async function listShares(
  services: Services,
  classId: string,
  teacher: Viewer,
  now: Date = services.clock.now(),
) {
  const rows = await services.db
    .select({
      id: classShares.id,
      kind: classShares.kind,
      text: classShares.text,
      dueAt: classShares.dueAt,
      createdAt: classShares.createdAt,
      exerciseId: classShares.exerciseId,
      title: exercises.title,
      level: exercises.level,
      isFree: exercises.isFree,
      freeExpiresAt: exercises.freeExpiresAt,
    })
    .from(classShares)
    .leftJoin(exercises, eq(exercises.id, classShares.exerciseId))
    .where(eq(classShares.classId, classId))
    .orderBy(desc(classShares.createdAt));
  return rows.map(({ isFree, freeExpiresAt, ...r }) => ({
    ...r,
    available:
      r.kind !== "exercise" || canOpen({ isFree: isFree ?? false, freeExpiresAt }, teacher, now),
    dueAt: r.dueAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Whether an exercise was shared with (or is presented live to) a class. */
async function isSharedWith(services: Services, classId: string, exerciseId: string) {
  const [share] = await services.db
    .select({ id: classShares.id })
    .from(classShares)
    .where(and(eq(classShares.classId, classId), eq(classShares.exerciseId, exerciseId)))
    .limit(1);
  if (share) return true;
  const [live] = await services.db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.liveExerciseId, exerciseId)));
  return Boolean(live);
}

export type ShareResult = "shared" | "no-class" | "no-exercise" | "locked";

/**
 * Whether the class's teacher may open an exercise now. Students see what their teacher's
 * plan opens and never more: a free-plan teacher cannot pass premium exercises to a class,
 * and what was shared locks again when the teacher's premium ends.
 */
async function teacherMayOpen(
  services: Services,
  teacherId: string,
  exerciseId: string,
  now: Date = services.clock.now(),
): Promise<"ok" | "no-exercise" | "locked"> {
  if (exerciseId.length > 100) return "no-exercise";
  const [exercise] = await services.db
    .select({ isFree: exercises.isFree, freeExpiresAt: exercises.freeExpiresAt })
    .from(exercises)
    .where(and(eq(exercises.id, exerciseId), exerciseVisible(now)));
  if (!exercise) return "no-exercise";
  return canOpen(exercise, await accountAccess(services.db, teacherId, now), now) ? "ok" : "locked";
}

async function ownsClass(services: Services, teacherId: string, classId: string) {
  const [owned] = await services.db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)));
  return Boolean(owned);
}

/** Shares an exercise (once: sharing it again changes nothing) or homework with a class. */
export async function addShare(
  services: Services,
  teacherId: string,
  classId: string,
  input: {
    kind: "exercise" | "homework";
    exerciseId: string | null;
    text: string;
    dueAt: Date | null;
  },
): Promise<ShareResult> {
  if (!(await ownsClass(services, teacherId, classId))) return "no-class";
  if (input.exerciseId) {
    const access = await teacherMayOpen(services, teacherId, input.exerciseId);
    if (access !== "ok") return access;
    const [already] = await services.db
      .select({ id: classShares.id })
      .from(classShares)
      .where(and(eq(classShares.classId, classId), eq(classShares.exerciseId, input.exerciseId)))
      .limit(1);
    if (already) return "shared";
  }
  await services.db.insert(classShares).values({ id: randomUUID(), classId, ...input });
  await services.realtime.publish(`class:${classId}`, "shares", {}).catch(() => undefined);
  return "shared";
}

/**
 * "Share with class" from presentation mode: shares the exercise if it was not shared yet and
 * puts the teacher's current card on every student's screen.
 */
export async function presentToClass(
  services: Services,
  teacherId: string,
  classId: string,
  exerciseId: string,
  card: number,
): Promise<ShareResult> {
  const shared = await addShare(services, teacherId, classId, {
    kind: "exercise",
    exerciseId,
    text: "",
    dueAt: null,
  });
  if (shared !== "shared") return shared;
  return (await setLive(services, teacherId, classId, { exerciseId, card }))
    ? "shared"
    : "no-class";
}

export interface LiveState {
  exerciseId: string | null;
  card: number;
}

/** The teacher presents (or stops presenting) an exercise card to the class. */
export async function setLive(
  services: Services,
  teacherId: string,
  classId: string,
  live: LiveState,
): Promise<boolean> {
  const updated = await services.db
    .update(classes)
    .set({
      liveExerciseId: live.exerciseId,
      liveCard: live.card,
      liveUpdatedAt: services.clock.now(),
    })
    .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)))
    .returning({ id: classes.id });
  if (!updated.length) return false;
  await services.realtime.publish(`class:${classId}`, "live", live);
  return true;
}

/**
 * A shared exercise as cards, for the class's students: null when it is not shared, or when
 * the class's teacher (`teacher`, from accountAccess) cannot open it now.
 */
export async function sharedExercise(
  services: Services,
  classId: string,
  exerciseId: string,
  teacher: Viewer,
  now: Date = services.clock.now(),
) {
  if (exerciseId.length > 100 || !(await isSharedWith(services, classId, exerciseId))) return null;
  const [exercise] = await services.db
    .select({
      id: exercises.id,
      title: exercises.title,
      content: exercises.content,
      vocabulary: exercises.vocabulary,
      isFree: exercises.isFree,
      freeExpiresAt: exercises.freeExpiresAt,
    })
    .from(exercises)
    .where(eq(exercises.id, exerciseId));
  if (!exercise || !canOpen(exercise, teacher, now)) return null;
  return {
    id: exercise.id,
    title: exercise.title,
    slides: buildSlides(
      exercise.content as ExerciseContent,
      (exercise.vocabulary as { term: string; definition: string }[] | null) ?? [],
    ),
  };
}

/** The exercise presented live in a class, as cards, when it is shared with the class. */
export async function liveExercise(
  services: Services,
  row: ClassRow,
  teacher: Viewer,
): Promise<{ exerciseId: string; title: string; card: number; slides: Slide[] } | null> {
  if (!row.liveExerciseId) return null;
  const shared = await sharedExercise(services, row.id, row.liveExerciseId, teacher);
  return shared
    ? { exerciseId: shared.id, title: shared.title, card: row.liveCard, slides: shared.slides }
    : null;
}
