import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { appSettings } from "@db/schema";
import type { Database } from "./db.server";

export async function getSetting<T>(db: Database, key: string): Promise<T | undefined> {
  const rows = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return rows[0]?.value as T | undefined;
}

export async function setSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

export async function deleteSetting(db: Database, key: string): Promise<void> {
  await db.delete(appSettings).where(eq(appSettings.key, key));
}

/**
 * A secret generated once and kept in the database, so that every instance sharing the
 * database uses the same one. Used when AUTH_SECRET is not configured.
 */
export async function getOrCreateSecret(db: Database, key: string): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const value = await getSetting<string>(db, key);
  if (typeof value !== "string" || value.length < 32)
    throw new Error(`Setting ${key} is not a usable secret`);
  return value;
}
