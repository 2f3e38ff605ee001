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

/** Every entry's date, newest first, per content store and version of the collection. */
const publishDates = new WeakMap<object, { version: string; dates: number[] }>();
/** A viewer who sees scheduled entries too (the dates are filtered by `now` below). */
const EVERY_ENTRY = anonymousViewer(new Date("9999-12-31T23:59:59Z"));

/**
 * Spec §7: the date of the latest entry published by `now`. Every signed-in page asks
 * (the Feature Lab's "new" dot), so the dates are read once per version of the changelog —
 * the store's versions follow NOTIFY — and each page finds its answer without a query
 * (issue 19).
 */
export async function latestChangelogDate(
  database: DatabaseHandle,
  now: Date,
): Promise<Date | null> {
  const store = await contentStore(database);
  const version = store.versions.changelog ?? "";
  let known = publishDates.get(store);
  if (!known || known.version !== version) {
    const rows = await store.query("changelog", EVERY_ENTRY).select("publishedAt").all();
    const dates = rows.map((r) => Date.parse(r.publishedAt)).filter((d) => !Number.isNaN(d));
    known = { version, dates: dates.sort((a, b) => b - a) };
    publishDates.set(store, known);
  }
  const latest = known.dates.find((date) => date <= now.getTime());
  return latest === undefined ? null : new Date(latest);
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
