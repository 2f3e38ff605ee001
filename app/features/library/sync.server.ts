import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { audioTracks, exercises, libraryRevisions, libraryTerms, materials } from "@db/schema";
import { FrontMatterSchemas } from "~/features/content";
import { contentSources } from "~/features/content/index.server";
import { parseFrontMatter } from "~/lib/content/front-matter";
import { markdownToText } from "~/lib/content/markdown";
import { textArray, type Database } from "~/lib/db.server";
import {
  ExerciseSchema,
  MaterialFrontMatterSchema,
  type Exercise,
  type MaterialFrontMatter,
} from "./schema";
import { DAY_MS } from "~/lib/time";
import { grammarPointsOf, languageFunctionsOf } from "./language-focus";

const exerciseFiles = import.meta.glob<unknown>("/content/library/exercises/**/*.json", {
  eager: true,
  import: "default",
});
const materialFiles = import.meta.glob<string>("/content/library/materials/*.md", {
  eager: true,
  query: "?raw",
  import: "default",
});

/** New exercises carry the "new" badge for 30 days after publication. */
const FRESH_DAYS = 30;
/** The newest premium exercises are free for everyone for their first 30 days. */
const INTRO_FREE_DAYS = 30;

class LibraryDataError extends Error {}

function hashOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 20);
}

/** Every word a teacher might search for in an exercise. */
function exerciseSearchText(e: Exercise): string {
  const parts: string[] = [
    e.summary,
    e.topics.join(" ").replace(/-/g, " "),
    e.content.type.replace(/-/g, " "),
  ];
  parts.push(
    e.languageFocus.grammar ?? "",
    ...(e.languageFocus.functions ?? []),
    e.languageFocus.vocabulary ?? "",
  );
  parts.push(...e.vocabulary.map((v) => `${v.term} ${v.definition}`));
  parts.push(e.teacherNotes.aim);
  const walk = (value: unknown): void => {
    if (typeof value === "string") parts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object")
      // A prompt's pictures are what it says already, drawn: not words of their own.
      Object.entries(value).forEach(([k, v]) => k !== "type" && k !== "pictures" && walk(v));
  };
  walk(e.content);
  return parts.filter(Boolean).join(" ");
}

/** Exercise files' contents (file → parsed JSON), validated; a bad record fails loudly with its file and slug. */
export function parseExerciseFiles(files: Record<string, unknown>): Exercise[] {
  const all: Exercise[] = [];
  const seen = new Set<string>();
  for (const [file, data] of Object.entries(files)) {
    if (!Array.isArray(data)) throw new LibraryDataError(`${file}: expected an array of exercises`);
    data.forEach((item, index) => {
      const parsed = ExerciseSchema.safeParse(item);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new LibraryDataError(
          `${file} [${index}] ${(item as { slug?: string }).slug ?? ""}: ${issue?.path.join(".")}: ${issue?.message}`,
        );
      }
      if (seen.has(parsed.data.slug))
        throw new LibraryDataError(`${file}: duplicate slug ${parsed.data.slug}`);
      seen.add(parsed.data.slug);
      all.push(parsed.data);
    });
  }
  return all;
}

/** All exercises in content/library, validated. */
export function loadExerciseFiles(): Exercise[] {
  return parseExerciseFiles(exerciseFiles);
}

/** A material file's front matter (validated) and body. */
export function parseMaterialFile(file: string, source: string) {
  const { data, body } = parseFrontMatter(source);
  const parsed = MaterialFrontMatterSchema.safeParse(data);
  if (!parsed.success)
    throw new LibraryDataError(
      `${file}: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`,
    );
  return { record: parsed.data, body };
}

/** All materials in content/library, validated. */
export function loadMaterialFiles() {
  return Object.entries(materialFiles).map(([file, source]) => parseMaterialFile(file, source));
}

/** A library item's publication moment: 09:00 UTC on its publication day. */
function publicationMoment(day: string): Date {
  return new Date(`${day}T09:00:00Z`);
}

/** An exercise's row from its record (the seed and the admin editor). */
export function exerciseRow(e: Exercise, now: Date) {
  const publishedAt = publicationMoment(e.publishedAt);
  const searchText = exerciseSearchText(e);
  return {
    id: e.slug,
    type: e.content.type,
    title: e.title,
    summary: e.summary,
    level: e.level,
    topics: e.topics,
    skillFocus: e.skillFocus,
    grammar: e.languageFocus.grammar ?? null,
    functions: e.languageFocus.functions ?? [],
    grammarPoints: grammarPointsOf(e.languageFocus.grammar),
    languageFunctions: languageFunctionsOf(e.languageFocus.functions),
    vocabularyFocus: e.languageFocus.vocabulary ?? null,
    durationMinutes: e.durationMinutes,
    grouping: e.grouping,
    audience: e.audience,
    teacherNotes: e.teacherNotes,
    content: e.content,
    vocabulary: e.vocabulary,
    isFree: e.isFree,
    picture: e.picture ?? null,
    listening: e.listening ?? null,
    showPictures: e.showPictures ?? null,
    isFresh: now.getTime() - publishedAt.getTime() <= FRESH_DAYS * DAY_MS,
    freeExpiresAt:
      !e.isFree && now.getTime() - publishedAt.getTime() <= INTRO_FREE_DAYS * DAY_MS
        ? new Date(publishedAt.getTime() + INTRO_FREE_DAYS * DAY_MS)
        : null,
    publishedAt,
    searchText,
    sourceHash: hashOf(e),
  };
}

async function existingHashes(
  db: Database,
  table: typeof exercises | typeof materials | typeof audioTracks,
) {
  const rows = await db.select({ id: table.id, hash: table.sourceHash }).from(table);
  return new Map(rows.map((r) => [r.id, r.hash]));
}

/**
 * What the seed must leave alone (decision record 013): items an administrator edited in the
 * panel (the database owns them from then on) and items an administrator deleted.
 */
async function adminOwned(db: Database, kind: "exercise" | "material"): Promise<Set<string>> {
  const table = kind === "exercise" ? exercises : materials;
  const [edited, deleted] = await Promise.all([
    db
      .select({ id: table.id })
      .from(table)
      .where(sql`${table.editedAt} is not null`),
    db
      .selectDistinct({ id: libraryRevisions.itemId })
      .from(libraryRevisions)
      .where(and(eq(libraryRevisions.kind, kind), eq(libraryRevisions.action, "delete"))),
  ]);
  return new Set([...edited, ...deleted].map((r) => r.id));
}

const BATCH = 100;

async function syncExercises(db: Database, now: Date): Promise<number> {
  const records = loadExerciseFiles();
  const [known, owned] = await Promise.all([
    existingHashes(db, exercises),
    adminOwned(db, "exercise"),
  ]);
  const changed = records.filter((e) => !owned.has(e.slug) && known.get(e.slug) !== hashOf(e));
  for (let i = 0; i < changed.length; i += BATCH) {
    const rows = changed.slice(i, i + BATCH).map((e) => exerciseRow(e, now));
    await db
      .insert(exercises)
      .values(rows)
      .onConflictDoUpdate({
        target: exercises.id,
        // Admin decisions (temporary-free dates, the "new" flag) are kept on update.
        set: {
          type: sql`excluded.type`,
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          level: sql`excluded.level`,
          topics: sql`excluded.topics`,
          skillFocus: sql`excluded.skill_focus`,
          grammar: sql`excluded.grammar`,
          functions: sql`excluded.functions`,
          grammarPoints: sql`excluded.grammar_points`,
          languageFunctions: sql`excluded.language_functions`,
          vocabularyFocus: sql`excluded.vocabulary_focus`,
          durationMinutes: sql`excluded.duration_minutes`,
          grouping: sql`excluded.grouping`,
          audience: sql`excluded.audience`,
          teacherNotes: sql`excluded.teacher_notes`,
          content: sql`excluded.content`,
          vocabulary: sql`excluded.vocabulary`,
          isFree: sql`excluded.is_free`,
          picture: sql`excluded.picture`,
          listening: sql`excluded.listening`,
          showPictures: sql`excluded.show_pictures`,
          publishedAt: sql`excluded.published_at`,
          searchText: sql`excluded.search_text`,
          sourceHash: sql`excluded.source_hash`,
          updatedAt: sql`now()`,
        },
      });
  }
  await refreshSearchVectors(
    db,
    changed.map((e) => e.slug),
  );
  await deriveLanguageFocus(db);
  return changed.length;
}

/**
 * Rows written before grammar points and functions were stored (migration 0023), the
 * administrators' ones included, get them once here; later writes carry them.
 */
async function deriveLanguageFocus(db: Database) {
  const rows = await db
    .select({ id: exercises.id, grammar: exercises.grammar, functions: exercises.functions })
    .from(exercises)
    .where(isNull(exercises.grammarPoints));
  for (const row of rows)
    await db
      .update(exercises)
      .set({
        grammarPoints: grammarPointsOf(row.grammar),
        languageFunctions: languageFunctionsOf(row.functions),
      })
      .where(eq(exercises.id, row.id));
}

/**
 * Full-text vectors of the given exercises, and of any exercise that has none yet: the
 * title weighs most, then summary and topics, then everything else.
 */
export async function refreshSearchVectors(db: Database, ids: string[]): Promise<void> {
  await db.execute(sql`
    insert into exercise_search (id, search_vector)
    select e.id,
      setweight(to_tsvector('english', e.title), 'A') ||
      setweight(to_tsvector('english', e.summary || ' ' || replace(array_to_string(e.topics, ' '), '-', ' ')), 'B') ||
      setweight(to_tsvector('english', e.search_text), 'C')
    from exercises e
    where e.id = any(${textArray(ids)}) or not exists (select 1 from exercise_search s where s.id = e.id)
    on conflict (id) do update set search_vector = excluded.search_vector`);
}

/** Rebuilds the vocabulary used to correct typos in queries. */
export async function rebuildLibraryTerms(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(libraryTerms);
    await tx.execute(sql`
      insert into library_terms (term, frequency)
      select word, count(*)::int from (
        select regexp_split_to_table(lower(title || ' ' || search_text), '[^a-z]+') as word from exercises
      ) words
      where length(word) between 3 and 30
      group by word`);
  });
}

/** A material's row from its front matter and Markdown body (the seed and the admin editor). */
export function materialRow(m: MaterialFrontMatter, body: string) {
  return {
    id: m.slug,
    type: m.type,
    title: m.title,
    summary: m.summary,
    level: m.level,
    topics: m.topics,
    durationMinutes: m.durationMinutes,
    isFree: m.isFree,
    picture: m.picture ?? null,
    publishedAt: publicationMoment(m.publishedAt),
    body,
    searchVector: sql`setweight(to_tsvector('english', ${m.title}), 'A') || setweight(to_tsvector('english', ${m.summary}), 'B') || setweight(to_tsvector('english', ${markdownToText(body)}), 'C')`,
  };
}

async function syncMaterials(db: Database): Promise<number> {
  const [known, owned] = await Promise.all([
    existingHashes(db, materials),
    adminOwned(db, "material"),
  ]);
  const rows = [];
  for (const { record: m, body } of loadMaterialFiles()) {
    const hash = hashOf({ m, body });
    if (owned.has(m.slug) || known.get(m.slug) === hash) continue;
    rows.push({ ...materialRow(m, body), sourceHash: hash });
  }
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(materials)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: materials.id,
        set: {
          type: sql`excluded.type`,
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          level: sql`excluded.level`,
          topics: sql`excluded.topics`,
          durationMinutes: sql`excluded.duration_minutes`,
          isFree: sql`excluded.is_free`,
          picture: sql`excluded.picture`,
          publishedAt: sql`excluded.published_at`,
          body: sql`excluded.body`,
          searchVector: sql`excluded.search_vector`,
          sourceHash: sql`excluded.source_hash`,
          updatedAt: sql`now()`,
        },
      });
  }
  return rows.length;
}

/**
 * The listening tracks from their transcript files — the bundled ones with the
 * administrators' changes over them (decision record 014) — so a track is added, changed or
 * deleted in the admin panel and stays that way through every start.
 */
export function syncAudio(db: Database): Promise<number> {
  // One sync at a time (as for the content tables), reading the files inside it: a track
  // saved meanwhile is synced by the later run, never undone by an older snapshot.
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql`select pg_advisory_xact_lock(hashtext('content:audio'))`);
    return syncAudioFiles(t);
  });
}

const TRANSCRIPT_FILE = /^transcript\/[^/]+\.md$/;

async function syncAudioFiles(db: Database): Promise<number> {
  const known = await existingHashes(db, audioTracks);
  const files = (await contentSources(db)).filter((f) => TRANSCRIPT_FILE.test(f.path));
  let bundled: Map<string, string> | null = null;
  let count = 0;
  const ids = new Set<string>();
  for (const file of files) {
    let parsedFile = parseTranscript(file.text);
    if (!parsedFile) {
      // An administrator's file a newer release refuses: the bundled one stands in (or the
      // track waits until an administrator saves it again), rather than no start at all.
      bundled ??= new Map(
        (await contentSources(db, new Set(files.map((f) => f.path)))).map((f) => [f.path, f.text]),
      );
      const original = bundled.get(file.path);
      parsedFile = original === undefined ? null : parseTranscript(original);
      if (original === undefined) continue;
      if (!parsedFile)
        throw new LibraryDataError(
          `content/${file.path}: the transcript's front matter is invalid`,
        );
    }
    const { t, body } = parsedFile;
    const path = file.path;
    const id = path.split("/").pop()?.replace(/\.md$/, "") ?? path;
    ids.add(id);
    const hash = hashOf({ t, body });
    if (known.get(id) === hash) continue;
    const row = {
      id,
      title: t.title,
      description: t.description,
      level: t.level,
      topics: t.topics,
      audioUrl: t.audio,
      durationSeconds: t.durationSeconds,
      voices: t.voices,
      isFree: t.isFree,
      publishedAt: new Date(t.publishedAt),
      transcript: body,
      sourceHash: hash,
    };
    await db
      .insert(audioTracks)
      .values(row)
      .onConflictDoUpdate({ target: audioTracks.id, set: row });
    count++;
  }
  const gone = [...known.keys()].filter((id) => !ids.has(id));
  if (gone.length) {
    await db.delete(audioTracks).where(inArray(audioTracks.id, gone));
    count += gone.length;
  }
  return count;
}

/** A transcript file's front matter and body, or null when the schema refuses it. */
function parseTranscript(source: string) {
  const { data, body } = parseFrontMatter(source);
  const parsed = FrontMatterSchemas.transcript.safeParse(data);
  return parsed.success ? { t: parsed.data, body } : null;
}

export interface LibrarySyncResult {
  exercises: number;
  materials: number;
  audio: number;
}

/**
 * Brings the library tables in line with the data files in content/. Idempotent and cheap
 * when nothing changed (one hash comparison per table), so it runs at every start.
 */
export async function syncLibrary(db: Database, now: Date): Promise<LibrarySyncResult> {
  const changedExercises = await syncExercises(db, now);
  if (changedExercises > 0) await rebuildLibraryTerms(db);
  return {
    exercises: changedExercises,
    materials: await syncMaterials(db),
    audio: await syncAudio(db),
  };
}
