import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { exercises, libraryRevisions, materials } from "@db/schema";
import { inTransaction, type Database, type DatabaseHandle } from "~/lib/db.server";
import { announceLibraryChange } from "./library-index.server";
import type { Exercise, MaterialFrontMatter, Picture, SetPicture } from "./schema";
import { exerciseRow, materialRow, rebuildLibraryTerms, refreshSearchVectors } from "./sync.server";
import type { CefrLevel } from "./vocabulary";

/**
 * The library as the admin panel manages it (issue 15, decision record 013): the database
 * owns every item once imported; an administrator lists, creates, edits, duplicates,
 * publishes, unpublishes, deletes and restores, and every change is kept as a revision.
 */

export type LibraryKind = "exercise" | "material";
export type PublicationStatus = "draft" | "published";
/** What the list shows: a published item whose moment is ahead is "scheduled". */
export type ShownStatus = "draft" | "scheduled" | "published";

const ADMIN_PAGE_SIZE = 25;

/** An exercise as the editor holds it: the content-file record and the admin's own decisions. */
export interface ExerciseDraft {
  record: Exercise;
  status: PublicationStatus;
  isFresh: boolean;
  /** Free for everyone until this day (inclusive, UTC); null when not temporarily free. */
  freeUntil: string | null;
}

/** A material as the editor holds it: front matter, Markdown body, publication status. */
export interface MaterialDraft {
  record: MaterialFrontMatter;
  body: string;
  status: PublicationStatus;
}

export type LibraryDraft = ExerciseDraft | MaterialDraft;

export interface Actor {
  id: string;
  email: string;
}

type ExerciseRow = typeof exercises.$inferSelect;
type MaterialRow = typeof materials.$inferSelect;

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The content-file record of an exercise row (the export format; the editor's starting point). */
export function exerciseRecord(row: ExerciseRow): Exercise {
  const teacherNotes = row.teacherNotes as Exercise["teacherNotes"];
  return {
    slug: row.id,
    title: row.title,
    summary: row.summary,
    level: row.level as CefrLevel,
    topics: row.topics as Exercise["topics"],
    skillFocus: row.skillFocus as Exercise["skillFocus"],
    languageFocus: {
      ...(row.grammar ? { grammar: row.grammar } : {}),
      functions: row.functions,
      ...(row.vocabularyFocus ? { vocabulary: row.vocabularyFocus } : {}),
    },
    durationMinutes: row.durationMinutes,
    grouping: row.grouping as Exercise["grouping"],
    audience: row.audience as Exercise["audience"],
    teacherNotes: { aim: teacherNotes.aim, steps: teacherNotes.steps, tips: teacherNotes.tips },
    content: row.content as Exercise["content"],
    vocabulary: row.vocabulary as Exercise["vocabulary"],
    isFree: row.isFree,
    publishedAt: day(row.publishedAt),
    ...(row.picture ? { picture: row.picture as Picture } : {}),
    ...(row.listening ? { listening: row.listening } : {}),
    ...(row.showPictures ? { showPictures: row.showPictures as SetPicture[] } : {}),
  };
}

function exerciseDraft(row: ExerciseRow): ExerciseDraft {
  return {
    record: exerciseRecord(row),
    status: row.status === "draft" ? "draft" : "published",
    isFresh: row.isFresh,
    // Stored as the end moment (the next day's midnight); shown as the last free day.
    freeUntil: row.freeExpiresAt ? day(new Date(row.freeExpiresAt.getTime() - 1)) : null,
  };
}

export function materialRecord(row: MaterialRow): MaterialFrontMatter {
  return {
    slug: row.id,
    title: row.title,
    summary: row.summary,
    type: row.type as MaterialFrontMatter["type"],
    level: row.level as CefrLevel,
    topics: row.topics as MaterialFrontMatter["topics"],
    durationMinutes: row.durationMinutes,
    isFree: row.isFree,
    publishedAt: day(row.publishedAt),
    ...(row.picture ? { picture: row.picture as Picture } : {}),
  };
}

function materialDraft(row: MaterialRow): MaterialDraft {
  return {
    record: materialRecord(row),
    body: row.body,
    status: row.status === "draft" ? "draft" : "published",
  };
}

function shownStatus(row: { status: string; publishedAt: Date }, now: Date): ShownStatus {
  if (row.status === "draft") return "draft";
  return row.publishedAt.getTime() > now.getTime() ? "scheduled" : "published";
}

export interface AdminListParams {
  q: string;
  level: string;
  type: string;
  topic: string;
  access: "" | "free" | "premium";
  status: "" | ShownStatus;
  page: number;
}

interface AdminListItem {
  id: string;
  title: string;
  level: string;
  type: string;
  topics: string[];
  isFree: boolean;
  status: ShownStatus;
  publishedAt: string;
  updatedAt: string;
  edited: boolean;
}

/** One page of the admin list, newest changes first, with the total for the pager. */
export async function adminListItems(
  db: Database,
  kind: LibraryKind,
  params: AdminListParams,
  now: Date,
) {
  const t = kind === "exercise" ? exercises : materials;
  const where: (SQL | undefined)[] = [];
  const q = params.q.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(t.title, like), ilike(t.id, like)));
  }
  if (params.level) where.push(eq(t.level, params.level));
  if (params.type) where.push(eq(t.type, params.type));
  if (params.topic) where.push(sql`${params.topic} = any(${t.topics})`);
  if (params.access) where.push(eq(t.isFree, params.access === "free"));
  if (params.status === "draft") where.push(eq(t.status, "draft"));
  if (params.status === "scheduled")
    where.push(and(eq(t.status, "published"), gt(t.publishedAt, now)));
  if (params.status === "published")
    where.push(and(eq(t.status, "published"), lte(t.publishedAt, now)));
  const condition = and(...where);
  const [total] = await db.select({ n: count() }).from(t).where(condition);
  const pageCount = Math.max(1, Math.ceil(Number(total?.n ?? 0) / ADMIN_PAGE_SIZE));
  const page = Math.min(Math.max(1, params.page), pageCount);
  const rows = await db
    .select({
      id: t.id,
      title: t.title,
      level: t.level,
      type: t.type,
      topics: t.topics,
      isFree: t.isFree,
      status: t.status,
      publishedAt: t.publishedAt,
      updatedAt: t.updatedAt,
      editedAt: t.editedAt,
    })
    .from(t)
    .where(condition)
    .orderBy(desc(t.updatedAt), asc(t.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const items: AdminListItem[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    level: r.level,
    type: r.type,
    topics: r.topics,
    isFree: r.isFree,
    status: shownStatus(r, now),
    publishedAt: day(r.publishedAt),
    updatedAt: r.updatedAt.toISOString(),
    edited: r.editedAt !== null,
  }));
  return { items, total: Number(total?.n ?? 0), page, pageCount };
}

async function loadRow(db: Database, kind: LibraryKind, id: string) {
  if (id.length === 0 || id.length > 100) return null;
  if (kind === "exercise") {
    const [row] = await db.select().from(exercises).where(eq(exercises.id, id));
    return row ? { kind, row } : null;
  }
  const [row] = await db.select().from(materials).where(eq(materials.id, id));
  return row ? { kind, row } : null;
}

/** The editor's state of an item; null when there is none. */
export async function loadDraft(
  db: Database,
  kind: LibraryKind,
  id: string,
): Promise<LibraryDraft | null> {
  const found = await loadRow(db, kind, id);
  if (!found) return null;
  return found.kind === "exercise"
    ? exerciseDraft(found.row as ExerciseRow)
    : materialDraft(found.row as MaterialRow);
}

type RevisionAction =
  "import" | "create" | "update" | "duplicate" | "publish" | "unpublish" | "delete" | "restore";

async function addRevision(
  tx: Database,
  kind: LibraryKind,
  itemId: string,
  action: RevisionAction,
  actor: Actor,
  record: LibraryDraft,
  now: Date,
) {
  await tx.insert(libraryRevisions).values({
    kind,
    itemId,
    action,
    actorId: actor.id,
    actorEmail: actor.email,
    record,
    createdAt: now,
  });
}

/**
 * Before the first change to an item the seed imported, its imported state is kept as an
 * "import" revision: the first edit then has something to compare with and to restore.
 */
async function keepImported(tx: Database, kind: LibraryKind, itemId: string, now: Date) {
  const [known] = await tx
    .select({ id: libraryRevisions.id })
    .from(libraryRevisions)
    .where(and(eq(libraryRevisions.kind, kind), eq(libraryRevisions.itemId, itemId)))
    .limit(1);
  if (known) return;
  const draft = await loadDraft(tx, kind, itemId);
  if (!draft) return;
  await tx.insert(libraryRevisions).values({
    kind,
    itemId,
    action: "import",
    actorId: null,
    actorEmail: "content/library",
    record: draft,
    createdAt: now,
  });
}

/**
 * When teachers see an item: 09:00 UTC on its publication day, as for the seed; but an item
 * published for today before 09:00 is out at once (a publisher means "now", not "at nine").
 */
function moment(publishedAt: Date, now: Date): Date {
  return publishedAt > now && day(publishedAt) === day(now) ? now : publishedAt;
}

async function writeRow(tx: Database, kind: LibraryKind, draft: LibraryDraft, now: Date) {
  if (kind === "exercise") {
    const d = draft as ExerciseDraft;
    const base = exerciseRow(d.record, now);
    const row = {
      ...base,
      publishedAt: moment(base.publishedAt, now),
      isFresh: d.isFresh,
      freeExpiresAt: d.freeUntil
        ? new Date(new Date(`${d.freeUntil}T00:00:00Z`).getTime() + 86_400_000)
        : null,
      status: d.status,
      editedAt: now,
      updatedAt: now,
    };
    await tx.insert(exercises).values(row).onConflictDoUpdate({ target: exercises.id, set: row });
    await refreshSearchVectors(tx, [row.id]);
    return;
  }
  const d = draft as MaterialDraft;
  const base = materialRow(d.record, d.body);
  const row = {
    ...base,
    publishedAt: moment(base.publishedAt, now),
    status: d.status,
    editedAt: now,
    updatedAt: now,
  };
  await tx.insert(materials).values(row).onConflictDoUpdate({ target: materials.id, set: row });
}

async function afterChange(database: DatabaseHandle, kind: LibraryKind) {
  if (kind === "exercise") await rebuildLibraryTerms(database.db);
  await announceLibraryChange(database);
}

export type SaveResult = { ok: true; id: string } | { ok: false; reason: "exists" | "missing" };

/**
 * Creates an item (refused when the slug is taken) or replaces one (refused when it is gone),
 * with a revision; every instance hears of it.
 */
export async function saveDraft(
  database: DatabaseHandle,
  kind: LibraryKind,
  draft: LibraryDraft,
  mode: "create" | "update" | "duplicate",
  actor: Actor,
  now: Date,
): Promise<SaveResult> {
  const id = draft.record.slug;
  const result = await inTransaction(database.db, async (tx): Promise<SaveResult> => {
    const existing = await loadRow(tx, kind, id);
    if (mode !== "update" && existing) return { ok: false, reason: "exists" };
    if (mode === "update" && !existing) return { ok: false, reason: "missing" };
    if (mode === "update") await keepImported(tx, kind, id, now);
    await writeRow(tx, kind, draft, now);
    await addRevision(tx, kind, id, mode, actor, draft, now);
    return { ok: true, id };
  });
  if (result.ok) await afterChange(database, kind);
  return result;
}

/** Publishes (from now, or at its date if that is ahead) or takes an item back to draft. */
export async function setPublication(
  database: DatabaseHandle,
  kind: LibraryKind,
  id: string,
  status: PublicationStatus,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  const done = await inTransaction(database.db, async (tx) => {
    const draft = await loadDraft(tx, kind, id);
    if (!draft) return false;
    await keepImported(tx, kind, id, now);
    const next = { ...draft, status } as LibraryDraft;
    await writeRow(tx, kind, next, now);
    await addRevision(
      tx,
      kind,
      id,
      status === "published" ? "publish" : "unpublish",
      actor,
      next,
      now,
    );
    return true;
  });
  if (done) await afterChange(database, kind);
  return done;
}

/** Deletes an item; its last state stays as a "delete" revision (restorable, and the seed keeps off). */
export async function deleteItem(
  database: DatabaseHandle,
  kind: LibraryKind,
  id: string,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  const done = await inTransaction(database.db, async (tx) => {
    const draft = await loadDraft(tx, kind, id);
    if (!draft) return false;
    await keepImported(tx, kind, id, now);
    if (kind === "exercise") await tx.delete(exercises).where(eq(exercises.id, id));
    else await tx.delete(materials).where(eq(materials.id, id));
    await addRevision(tx, kind, id, "delete", actor, draft, now);
    return true;
  });
  if (done) await afterChange(database, kind);
  return done;
}

export interface RevisionView {
  id: number;
  action: RevisionAction;
  actorEmail: string;
  createdAt: string;
  /** What changed against the revision before it (none for the first). */
  changes: { path: string; before: string; after: string }[];
}

/** Every leaf of a record as "path → text", for comparing two revisions. */
function flatten(value: unknown, path: string, out: Map<string, string>): Map<string, string> {
  if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${path}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  else out.set(path, value === null || value === undefined ? "" : String(value));
  return out;
}

const MAX_CHANGES = 40;

/** The differences between two saved states, leaf by leaf (at most MAX_CHANGES). */
function diffDrafts(before: unknown, after: unknown) {
  const a = flatten(before, "", new Map());
  const b = flatten(after, "", new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const changes: RevisionView["changes"] = [];
  for (const path of paths) {
    const x = a.get(path) ?? "";
    const y = b.get(path) ?? "";
    if (x !== y) changes.push({ path: path.replace(/^record\./, ""), before: x, after: y });
    if (changes.length >= MAX_CHANGES) break;
  }
  return changes;
}

/** An item's revisions, newest first, each with what it changed. */
export async function listRevisions(
  db: Database,
  kind: LibraryKind,
  id: string,
): Promise<RevisionView[]> {
  if (id.length === 0 || id.length > 100) return [];
  const rows = await db
    .select()
    .from(libraryRevisions)
    .where(and(eq(libraryRevisions.kind, kind), eq(libraryRevisions.itemId, id)))
    .orderBy(asc(libraryRevisions.id));
  const views = rows.map((r, i) => ({
    id: r.id,
    action: r.action as RevisionAction,
    actorEmail: r.actorEmail,
    createdAt: r.createdAt.toISOString(),
    changes: i === 0 ? [] : diffDrafts(rows[i - 1]?.record, r.record),
  }));
  return views.reverse();
}

/** Puts an item back as a revision saved it (also after a deletion), as a new revision. */
export async function restoreRevision(
  database: DatabaseHandle,
  kind: LibraryKind,
  id: string,
  revisionId: number,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  const done = await inTransaction(database.db, async (tx) => {
    const [revision] = await tx
      .select()
      .from(libraryRevisions)
      .where(
        and(
          eq(libraryRevisions.id, revisionId),
          eq(libraryRevisions.kind, kind),
          eq(libraryRevisions.itemId, id),
        ),
      );
    if (!revision) return false;
    const draft = revision.record as LibraryDraft;
    await keepImported(tx, kind, id, now);
    await writeRow(tx, kind, draft, now);
    await addRevision(tx, kind, id, "restore", actor, draft, now);
    return true;
  });
  if (done) await afterChange(database, kind);
  return done;
}

/** Items deleted in the panel and not restored since: the list's "Deleted" view restores them. */
export async function listDeleted(db: Database, kind: LibraryKind) {
  const t = kind === "exercise" ? exercises : materials;
  const rows = await db
    .select({
      revisionId: libraryRevisions.id,
      itemId: libraryRevisions.itemId,
      record: libraryRevisions.record,
      createdAt: libraryRevisions.createdAt,
      actorEmail: libraryRevisions.actorEmail,
    })
    .from(libraryRevisions)
    .leftJoin(t, eq(t.id, libraryRevisions.itemId))
    .where(
      and(
        eq(libraryRevisions.kind, kind),
        eq(libraryRevisions.action, "delete"),
        sql`${t.id} is null`,
      ),
    )
    .orderBy(desc(libraryRevisions.id))
    .limit(50);
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.itemId) && seen.add(r.itemId))
    .map((r) => ({
      revisionId: r.revisionId,
      id: r.itemId,
      title: (r.record as LibraryDraft).record.title,
      deletedAt: r.createdAt.toISOString(),
      by: r.actorEmail,
    }));
}

/** A free slug for a copy: "<slug>-copy", "<slug>-copy-2", … */
export async function copySlug(db: Database, kind: LibraryKind, slug: string): Promise<string> {
  const base = `${slug.slice(0, 70)}-copy`;
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await loadRow(db, kind, candidate))) return candidate;
  }
  return `${base}-${randomUUID().slice(0, 8)}`;
}
