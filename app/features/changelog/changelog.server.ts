import { FrontMatterSchemas } from "~/features/content/collections";
import { parseFrontMatter } from "~/lib/content/front-matter";
import { readCookie } from "~/lib/i18n/detect";
import { FEATURE_LAB_COOKIE } from "~/lib/routing/cookies";
import { renderMarkdown } from "~/lib/content/markdown";
import type { ChangelogEntry } from "./changelog";

const files = import.meta.glob<string>("/content/changelog/*.md", {
  eager: true,
  query: "?raw",
  import: "default",
});

function load(): ChangelogEntry[] {
  const entries = Object.entries(files).map(([path, source]) => {
    const { data, body } = parseFrontMatter(source);
    const parsed = FrontMatterSchemas.changelog.safeParse(data);
    if (!parsed.success) {
      throw new Error(
        `Invalid changelog entry ${path}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    }
    const id = path.split("/").pop()?.replace(/\.md$/, "") ?? path;
    return {
      id,
      title: parsed.data.title,
      publishedAt: new Date(parsed.data.publishedAt).toISOString(),
      tags: parsed.data.tags,
      html: renderMarkdown(body),
    };
  });
  return entries.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

let cache: ChangelogEntry[] | null = null;

/** Changelog entries, newest first, excluding ones scheduled for later. */
export function listChangelog(now = new Date()): ChangelogEntry[] {
  cache ??= load();
  return cache.filter((e) => new Date(e.publishedAt).getTime() <= now.getTime());
}

export function latestChangelogDate(now = new Date()): Date | null {
  const latest = listChangelog(now)[0];
  return latest ? new Date(latest.publishedAt) : null;
}

/** The later of the cookie's and the account's record of when the lab was last opened. */
export function featureLabOpenedAt(cookieHeader: string | null, stored: Date | null): Date | null {
  const raw = readCookie(cookieHeader, FEATURE_LAB_COOKIE);
  const fromCookie = raw && /^\d{10,16}$/.test(raw) ? new Date(Number(raw)) : null;
  if (fromCookie && stored) return fromCookie > stored ? fromCookie : stored;
  return fromCookie ?? stored;
}
