import { and, eq, lte, type SQL } from "drizzle-orm";
import { exercises, materials } from "@db/schema";

/**
 * What teachers may see of the library at `now`: published items whose publication moment
 * has come. A draft, or an item scheduled for later, is seen only in the admin panel.
 */
export function exerciseVisible(now: Date): SQL {
  return and(eq(exercises.status, "published"), lte(exercises.publishedAt, now)) as SQL;
}

/** As `exerciseVisible`, for materials. */
export function materialVisible(now: Date): SQL {
  return and(eq(materials.status, "published"), lte(materials.publishedAt, now)) as SQL;
}

/** The same test on a loaded row (an admin preview skips it). */
export function isVisible(row: { status: string; publishedAt: Date }, now: Date): boolean {
  return row.status === "published" && row.publishedAt.getTime() <= now.getTime();
}
