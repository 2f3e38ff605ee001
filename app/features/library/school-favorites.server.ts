import { and, desc, eq } from "drizzle-orm";
import { exercises, organizationMembers, organizations, schoolFavorites, users } from "@db/schema";
import type { Database } from "~/lib/db.server";
import type { ExerciseCard } from "./search.server";
import { exerciseVisible } from "./visibility.server";

/**
 * A school's shared favorites: one list per school. Every current member (the owner and the
 * school's administrators included) sees it and adds or removes exercises; whoever is not a
 * member — a teacher in another school or in none, or one who left — neither reads nor writes
 * it. Membership is checked on every read and write, and every query names the school.
 */

export interface SchoolRef {
  id: string;
  name: string;
}

/** The school the user belongs to now (a teacher belongs to at most one), or null. */
export async function currentSchool(db: Database, userId: string): Promise<SchoolRef | null> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId));
  return row ?? null;
}

/** Whether the user is a member of that school now. */
async function isSchoolMember(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
      ),
    );
  return rows.length > 0;
}

export async function listSchoolFavoriteIds(
  db: Database,
  organizationId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: schoolFavorites.exerciseId })
    .from(schoolFavorites)
    .where(eq(schoolFavorites.organizationId, organizationId));
  return rows.map((r) => r.id);
}

export type SchoolFavoriteResult = "ok" | "not-member" | "no-exercise";

/**
 * Adds an exercise to the school's list (kept with who added it and when; adding it again
 * changes nothing) or removes it, for a member of that school only.
 */
export async function setSchoolFavorite(
  db: Database,
  input: {
    organizationId: string;
    userId: string;
    exerciseId: string;
    favorite: boolean;
    now: Date;
  },
): Promise<SchoolFavoriteResult> {
  if (!(await isSchoolMember(db, input.organizationId, input.userId))) return "not-member";
  const exists = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(and(eq(exercises.id, input.exerciseId), exerciseVisible(input.now)));
  if (exists.length === 0) return "no-exercise";
  if (input.favorite)
    await db
      .insert(schoolFavorites)
      .values({
        organizationId: input.organizationId,
        exerciseId: input.exerciseId,
        addedBy: input.userId,
        addedAt: input.now,
      })
      .onConflictDoNothing();
  else
    await db
      .delete(schoolFavorites)
      .where(
        and(
          eq(schoolFavorites.organizationId, input.organizationId),
          eq(schoolFavorites.exerciseId, input.exerciseId),
        ),
      );
  return "ok";
}

export interface SchoolFavoriteEntry {
  exerciseId: string;
  /** The adder's name; null when their account was deleted since. */
  addedBy: string | null;
  addedAt: string;
}

/** The school's list, newest first (the caller has checked membership). */
export async function listSchoolFavorites(
  db: Database,
  organizationId: string,
): Promise<SchoolFavoriteEntry[]> {
  const rows = await db
    .select({
      exerciseId: schoolFavorites.exerciseId,
      addedAt: schoolFavorites.addedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(schoolFavorites)
    .leftJoin(users, eq(users.id, schoolFavorites.addedBy))
    .where(eq(schoolFavorites.organizationId, organizationId))
    .orderBy(desc(schoolFavorites.addedAt), schoolFavorites.exerciseId);
  return rows.map((r) => ({
    exerciseId: r.exerciseId,
    addedBy: r.email === null ? null : `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim() || r.email,
    addedAt: r.addedAt.toISOString(),
  }));
}

export type SchoolFavoriteCard = ExerciseCard & { addedBy: string | null; addedAt: string };
