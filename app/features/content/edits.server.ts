import { contentEdits } from "@db/schema";
import { formatFrontMatter, parseFrontMatter } from "~/lib/content/front-matter";
import type { DatabaseHandle } from "~/lib/db.server";
import { buildCollections, ContentBuildError } from "./build";
import { contentSources, syncContent } from "./store.server";

/**
 * Administrators' changes to content files (decision record 014): the changelog's entries and
 * the listening tracks' transcripts are edited in the admin panel. A change is checked by
 * building every collection with it (the same build a deploy runs), kept in content_edits,
 * and the changed collections are rebuilt at once; NOTIFY tells the other instances.
 */

export type ContentEditResult = { ok: true } | { ok: false; problems: string[] };

/** A content file's text as it stands (the administrator's version first); null when none. */
async function readContentFile(database: DatabaseHandle, path: string) {
  const files = await contentSources(database.db);
  return files.find((file) => file.path === path)?.text ?? null;
}

export interface ContentDocument {
  path: string;
  /** The file name without ".md": the entry's id. */
  stem: string;
  data: Record<string, unknown>;
  body: string;
  /** Whether an administrator changed or added it (it is not the bundled file). */
  edited: boolean;
}

/** The Markdown documents directly in a folder ("changelog/"), as they stand. */
export async function documentsIn(
  database: DatabaseHandle,
  folder: string,
): Promise<ContentDocument[]> {
  const [files, edits] = await Promise.all([
    contentSources(database.db),
    database.db.select({ path: contentEdits.path }).from(contentEdits),
  ]);
  const edited = new Set(edits.map((e) => e.path));
  const documents: ContentDocument[] = [];
  for (const file of files) {
    if (!file.path.startsWith(folder) || !file.path.endsWith(".md")) continue;
    const stem = file.path.slice(folder.length, -".md".length);
    if (stem.includes("/")) continue;
    const { data, body } = parseFrontMatter(file.text);
    documents.push({ path: file.path, stem, data, body, edited: edited.has(file.path) });
  }
  return documents;
}

/** One document of a folder by its id; null when there is none. */
export async function readDocument(database: DatabaseHandle, folder: string, stem: string) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem)) return null;
  const text = await readContentFile(database, `${folder}${stem}.md`);
  return text === null ? null : parseFrontMatter(text);
}

/** Writes a document (front matter and Markdown body) as writeContentFile does. */
export function writeDocument(
  database: DatabaseHandle,
  change: { path: string; data: Record<string, unknown>; body: string; actorId: string; now: Date },
): Promise<ContentEditResult> {
  return writeContentFile(database, {
    path: change.path,
    text: formatFrontMatter(change.data, change.body),
    actorId: change.actorId,
    now: change.now,
  });
}

/**
 * Writes (text) or deletes (null) a content file. Refused, with the build's own words, when
 * the collections would not build with it; nothing is stored then.
 */
async function writeContentFile(
  database: DatabaseHandle,
  change: { path: string; text: string | null; actorId: string; now: Date },
): Promise<ContentEditResult> {
  const files = (await contentSources(database.db)).filter((file) => file.path !== change.path);
  if (change.text !== null) files.push({ path: change.path, text: change.text });
  try {
    buildCollections(files);
  } catch (error) {
    if (error instanceof ContentBuildError) return { ok: false, problems: error.problems };
    throw error;
  }
  const row = { text: change.text, updatedBy: change.actorId, updatedAt: change.now };
  await database.db
    .insert(contentEdits)
    .values({ path: change.path, ...row })
    .onConflictDoUpdate({ target: contentEdits.path, set: row });
  // Read again rather than reuse `files`: another administrator's change saved meanwhile
  // is built in too.
  await syncContent(database);
  return { ok: true };
}

/**
 * Deletes a document of a folder: "missing" when there is none, "refused" when the
 * collections would not build without it (another file points to it), "deleted" otherwise.
 */
export async function deleteDocument(
  database: DatabaseHandle,
  change: { folder: string; stem: string; actorId: string; now: Date },
): Promise<"missing" | "refused" | "deleted"> {
  if (!(await readDocument(database, change.folder, change.stem))) return "missing";
  const written = await writeContentFile(database, {
    path: `${change.folder}${change.stem}.md`,
    text: null,
    actorId: change.actorId,
    now: change.now,
  });
  return written.ok ? "deleted" : "refused";
}
