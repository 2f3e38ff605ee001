import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

const tz = { withTimezone: true } as const;

/** PostgreSQL full-text vector; written by the library sync, read by search. */
const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/**
 * Speaking exercises. The id is the slug, so addresses stay readable and favorites
 * survive re-seeding. Student-facing content and teacher notes are JSON shaped by the
 * exercise type (app/features/library/schema.ts).
 */
export const exercises = pgTable(
  "exercises",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    level: text("level").notNull(),
    topics: text("topics").array().notNull(),
    skillFocus: text("skill_focus").array().notNull(),
    grammar: text("grammar"),
    functions: text("functions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    vocabularyFocus: text("vocabulary_focus"),
    /**
     * `grammar` and `functions` read into the library's fixed vocabulary (language-focus.ts),
     * stored when the row is written so the filters' index only reads them; null until the
     * sync has derived them for a row written before they existed.
     */
    grammarPoints: text("grammar_points").array(),
    languageFunctions: text("language_functions").array(),
    durationMinutes: integer("duration_minutes").notNull(),
    grouping: text("grouping").array().notNull(),
    audience: text("audience").array().notNull(),
    teacherNotes: jsonb("teacher_notes").notNull(),
    content: jsonb("content").notNull(),
    vocabulary: jsonb("vocabulary").notNull(),
    isFree: boolean("is_free").notNull().default(false),
    /** Marks a new exercise ("new" badge). */
    isFresh: boolean("is_fresh").notNull().default(false),
    /** Free for everyone until then (a temporary-free exercise, spec §4.4). */
    freeExpiresAt: timestamp("free_expires_at", tz),
    publishedAt: timestamp("published_at", tz).notNull(),
    /** Every searchable word (title, summary, topics, language focus, content, vocabulary). */
    searchText: text("search_text").notNull().default(""),
    /** Hash of the source record: the seed rewrites a row only when its file changed. */
    sourceHash: text("source_hash"),
    /** A picture from the media library: `{ src: "/media/<id>.webp", alt }`, or null. */
    picture: jsonb("picture"),
    /** The listening track (audio_tracks.id) the exercise goes with, or null. */
    listening: text("listening"),
    /** The pictures the teacher notes ask to show: `[{ name, alt }]` (/pictures/<name>.svg), or null. */
    showPictures: jsonb("show_pictures"),
    /** "draft" (only admins see it) or "published" (teachers see it from `publishedAt` on). */
    status: text("status").notNull().default("published"),
    /** Set by the first edit in the admin panel: from then on the seed never rewrites the row. */
    editedAt: timestamp("edited_at", tz),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("exercises_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("exercises_level_idx").on(t.level),
    index("exercises_type_idx").on(t.type),
    index("exercises_topics_idx").using("gin", t.topics),
    index("exercises_published_idx").on(t.publishedAt),
    index("exercises_free_until_idx").on(t.freeExpiresAt),
  ],
);

/**
 * The full-text vectors of exercises in a narrow table of their own: a text search walks
 * thousands of matches, and these small rows pack densely, while the exercises rows are wide.
 */
export const exerciseSearch = pgTable(
  "exercise_search",
  {
    id: text("id")
      .primaryKey()
      .references(() => exercises.id, { onDelete: "cascade" }),
    searchVector: tsvector("search_vector").notNull(),
  },
  (t) => [index("exercise_search_vector_idx").using("gin", t.searchVector)],
);

/** Words of the library, for correcting typos in search queries ("enviroment"). */
export const libraryTerms = pgTable(
  "library_terms",
  {
    term: text("term").primaryKey(),
    frequency: integer("frequency").notNull().default(1),
  },
  (t) => [index("library_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`)],
);

/** Printable materials: worksheets, flashcards, board games, phrase banks, lesson plans… */
export const materials = pgTable(
  "materials",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    level: text("level").notNull(),
    topics: text("topics").array().notNull(),
    /** From the material's front matter (the default only fills rows synced before it existed). */
    durationMinutes: integer("duration_minutes").notNull().default(10),
    isFree: boolean("is_free").notNull().default(false),
    publishedAt: timestamp("published_at", tz).notNull(),
    body: text("body").notNull(),
    searchVector: tsvector("search_vector"),
    sourceHash: text("source_hash"),
    picture: jsonb("picture"),
    /** As for exercises: "draft" or "published", and the first admin edit's time. */
    status: text("status").notNull().default("published"),
    editedAt: timestamp("edited_at", tz),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("materials_search_idx").using("gin", t.searchVector),
    index("materials_level_idx").on(t.level),
  ],
);

/** Listening tracks; the transcript comes from the transcript content collection. */
export const audioTracks = pgTable("audio_tracks", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  level: text("level").notNull(),
  topics: text("topics").array().notNull(),
  audioUrl: text("audio_url").notNull(),
  durationSeconds: integer("duration_seconds").notNull(),
  voices: text("voices").array().notNull(),
  isFree: boolean("is_free").notNull().default(false),
  publishedAt: timestamp("published_at", tz).notNull(),
  transcript: text("transcript").notNull(),
  sourceHash: text("source_hash"),
});

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return "bytea";
  },
});

/**
 * Pictures uploaded in the admin panel, stored in PostgreSQL so every instance serves them:
 * already resized and re-encoded (WebP). The id is the start of the bytes' SHA-256, so an
 * address never changes meaning and can be cached for good.
 */
export const media = pgTable("media", {
  id: text("id").primaryKey(),
  mime: text("mime").notNull(),
  bytes: bytea("bytes").notNull(),
  size: integer("size").notNull(),
  /** A picture's size in pixels; null for audio. */
  width: integer("width"),
  height: integer("height"),
  /** An audio file's length; null for pictures. */
  durationSeconds: integer("duration_seconds"),
  originalName: text("original_name").notNull(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", tz).notNull(),
});

/**
 * Every change an administrator makes to a library item, with the whole record after it (for
 * a deletion: before it), so any revision can be compared and restored. A deletion here also
 * keeps the seed from bringing the item back.
 */
export const libraryRevisions = pgTable(
  "library_revisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    itemId: text("item_id").notNull(),
    action: text("action").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    record: jsonb("record").notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [index("library_revisions_item_idx").on(t.kind, t.itemId, t.id)],
);

/** Exercises a teacher opened, for "recently opened" on the dashboard. */
export const exerciseViews = pgTable(
  "exercise_views",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    exerciseId: text("exercise_id")
      .notNull()
      .references(() => exercises.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.exerciseId] }),
    index("exercise_views_recent_idx").on(t.userId, t.viewedAt),
  ],
);
