import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { reviews, users } from "@db/schema";
import type { Services } from "~/lib/services.server";
import { collectedRating } from "./reviews.server";

/**
 * Admin → Reviews (issue 15 item 6): teachers' reviews, newest first, with what the public
 * rating is made of. Hiding a review (spam, personal data, abuse) takes it out of the public
 * rating at once; showing it puts it back.
 */

const PAGE_SIZE = 50;

/** One page (`page`, from 1) of reviews, newest first, with the rating they make. */
export async function adminReviews(services: Services, requestedPage: number) {
  const minimum = services.env.PUBLIC_RATING_MIN_REVIEWS;
  const [total] = await services.db.select({ n: count() }).from(reviews);
  const pages = Math.max(1, Math.ceil(Number(total?.n ?? 0) / PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pages);
  const [rows, rating] = await Promise.all([
    services.db
      .select({
        id: reviews.id,
        userId: reviews.userId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        rating: reviews.rating,
        text: reviews.text,
        consent: reviews.consentToPublish,
        hiddenAt: reviews.hiddenAt,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    // Every published review counts here, even below the threshold, so the page shows what
    // the public rating will be once there are enough.
    collectedRating(services, 1),
  ]);
  return {
    page,
    pages,
    minimum,
    rating,
    shown: rating !== null && rating.count >= minimum,
    reviews: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      email: r.email,
      // As the public would see it (spec: first name and initial).
      author: `${r.firstName} ${r.lastName.slice(0, 1)}${r.lastName ? "." : ""}`.trim(),
      rating: r.rating,
      text: r.text,
      consent: r.consent,
      hidden: r.hiddenAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Hides or shows a review; false when there is no such review or it already is so. */
export async function setReviewHidden(
  services: Services,
  id: number,
  hidden: boolean,
): Promise<boolean> {
  const now = services.clock.now();
  const changed = await services.db
    .update(reviews)
    .set({ hiddenAt: hidden ? now : null, updatedAt: now })
    .where(and(eq(reviews.id, id), hidden ? isNull(reviews.hiddenAt) : isNotNull(reviews.hiddenAt)))
    .returning({ id: reviews.id });
  return changed.length > 0;
}
