import { eq } from "drizzle-orm";
import { userData } from "@db/schema";
import type { Database } from "~/lib/db.server";
import { FEATURE_LAB_COOKIE, FEATURE_LAB_MAX_AGE_S, serializeCookie } from "~/lib/routing/cookies";

/** Stores when the Feature Lab was opened; returns the Set-Cookie value for the browser. */
export async function markFeatureLabOpened(
  db: Database,
  userId: string,
  now: Date,
): Promise<string> {
  await db.update(userData).set({ featureLabOpenedAt: now }).where(eq(userData.userId, userId));
  return serializeCookie(FEATURE_LAB_COOKIE, String(now.getTime()), FEATURE_LAB_MAX_AGE_S);
}
