import { DAY_MS } from "~/lib/time";

/** Spec §4.5: the new-update flag window. */
const NEW_UPDATE_WINDOW_DAYS = 30;

export interface ChangelogEntry {
  id: string;
  title: string;
  publishedAt: string;
  tags: string[];
  /** Rendered, sanitised HTML. */
  html: string;
}

/**
 * The Feature Lab highlight: the latest entry was published within the last 30 days and
 * the lab has not been opened since it was published (or never).
 */
export function hasNewUpdate(
  latestPublishedAt: Date | null,
  openedAt: Date | null,
  now: Date,
): boolean {
  if (!latestPublishedAt) return false;
  const age = now.getTime() - latestPublishedAt.getTime();
  if (age < 0 || age > NEW_UPDATE_WINDOW_DAYS * DAY_MS) return false;
  return openedAt === null || openedAt.getTime() < latestPublishedAt.getTime();
}
