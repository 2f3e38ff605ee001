import { and, eq, isNull, sql } from "drizzle-orm";
import { lessons, reviews, userData } from "@db/schema";
import { queryRows } from "~/lib/db.server";
import type { Services } from "~/lib/services.server";
import { addDays } from "~/lib/time";

/**
 * Teachers' reviews of Parley (/r/review). Opening the page marks the review as started;
 * sending it marks it completed (spec §3 reviewStartedAt / reviewCompletedAt), so "Rate our
 * app" disappears. Reviews the teacher agreed to publish, and no administrator hid, make up
 * the public rating once there are enough of them.
 */

/**
 * Besides the daily rule below (two weeks and five exercises), a teacher is asked for a review
 * ("Rate our app") as soon as they have taught with Parley for real: after the third lesson
 * they mark done. The spec leaves the rule open (§4 "eligible").
 */
const REVIEW_AFTER_DONE_LESSONS = 3;

/** Called when a teacher marks a lesson done: makes them eligible for the review prompt. */
export async function noteLessonDone(services: Services, teacherId: string) {
  const [row] = await services.db
    .select({ done: sql<number>`count(*)::int` })
    .from(lessons)
    .where(and(eq(lessons.teacherId, teacherId), eq(lessons.status, "done")));
  if ((row?.done ?? 0) < REVIEW_AFTER_DONE_LESSONS) return;
  await services.db
    .update(userData)
    .set({ reviewAskEligible: true, updatedAt: services.clock.now() })
    .where(and(eq(userData.userId, teacherId), eq(userData.reviewAskEligible, false)));
}

export interface ReviewInput {
  rating: number;
  text: string;
  consentToPublish: boolean;
}

export async function loadReview(services: Services, userId: string) {
  const [row] = await services.db.select().from(reviews).where(eq(reviews.userId, userId));
  return row ?? null;
}

export async function markReviewStarted(
  services: Services,
  userId: string,
  now: Date = services.clock.now(),
) {
  await services.db
    .update(userData)
    .set({ reviewStartedAt: now, updatedAt: now })
    .where(and(eq(userData.userId, userId), isNull(userData.reviewStartedAt)));
}

/**
 * Saves the teacher's review. "unchanged" when it is exactly the one already saved (a second
 * click, a resubmitted page): nothing is written and the teacher is told.
 */
export async function saveReview(
  services: Services,
  userId: string,
  input: ReviewInput,
  now: Date = services.clock.now(),
): Promise<"saved" | "unchanged"> {
  const existing = await loadReview(services, userId);
  if (
    existing &&
    existing.rating === input.rating &&
    existing.text === input.text &&
    existing.consentToPublish === input.consentToPublish
  )
    return "unchanged";
  await services.db
    .insert(reviews)
    .values({ userId, ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: reviews.userId,
      set: { ...input, updatedAt: now },
    });
  await services.db
    .update(userData)
    .set({
      reviewStartedAt: sql`coalesce(${userData.reviewStartedAt}, ${now})`,
      reviewCompletedAt: now,
      updatedAt: now,
    })
    .where(eq(userData.userId, userId));
  return "saved";
}

/** Average and count of published reviews (null until there are `minimum` of them). */
export async function collectedRating(
  services: Services,
  minimum: number,
): Promise<{ average: number; count: number } | null> {
  const [row] = await queryRows<{ average: number | null; count: number }>(
    services.db,
    sql`select avg(rating)::float8 as average, count(*)::int as count
        from reviews where consent_to_publish and hidden_at is null`,
  );
  if (!row || Number(row.count) < minimum || row.average === null) return null;
  return { average: Number(row.average), count: Number(row.count) };
}

/**
 * Who is asked for a review: teachers past their first two weeks who opened at least five
 * exercises (they know the product by then) and were not asked before.
 */
export async function markReviewEligible(services: Services, now: Date = services.clock.now()) {
  const rows = await queryRows<{ user_id: string }>(
    services.db,
    sql`update user_data d set review_ask_eligible = true, updated_at = ${now}
        from users u
        where u.id = d.user_id
          and not d.review_ask_eligible
          and d.review_started_at is null
          and u.created_at < ${addDays(now, -14)}
          and (select count(*) from exercise_views v where v.user_id = d.user_id) >= 5
        returning d.user_id`,
  );
  return { eligible: rows.length };
}
