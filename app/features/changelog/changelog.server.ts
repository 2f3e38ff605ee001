import { anonymousViewer, contentStore } from "~/features/content/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import type { ChangelogEntry } from "./changelog";

/** Changelog entries, newest first; scheduled ones stay hidden until their date. */
export async function listChangelog(
  database: DatabaseHandle,
  now: Date,
): Promise<ChangelogEntry[]> {
  const store = await contentStore(database);
  const rows = await store
    .query("changelog", anonymousViewer(now))
    .order("publishedAt", "DESC")
    .select("id", "stem", "title", "publishedAt", "tags", "body")
    .all();
  return rows.map((r) => ({
    id: r.stem,
    title: r.title,
    publishedAt: r.publishedAt,
    tags: r.tags,
    html: r.body,
  }));
}

/** Spec §7: the latest entry (publishedAt descending; id, title, publishedAt; limit 1). */
export async function latestChangelogDate(
  database: DatabaseHandle,
  now: Date,
): Promise<Date | null> {
  const store = await contentStore(database);
  const latest = await store
    .query("changelog", anonymousViewer(now))
    .order("publishedAt", "DESC")
    .select("id", "title", "publishedAt")
    .first();
  return latest ? new Date(latest.publishedAt) : null;
}

/**
 * The later of the cookie's (`featureLabCookie`'s value) and the account's record of when
 * the lab was last opened.
 */
export function featureLabOpenedAt(raw: string | null, stored: Date | null): Date | null {
  const fromCookie = raw && /^\d{10,16}$/.test(raw) ? new Date(Number(raw)) : null;
  if (fromCookie && stored) return fromCookie > stored ? fromCookie : stored;
  return fromCookie ?? stored;
}
