import { and, desc, eq, inArray, lte } from "drizzle-orm";
import { audioTracks, exerciseViews, exercises, favorites, materials, userData } from "@db/schema";
import {
  buildProfileView,
  loadUserOrganization,
  pageUserOrganization,
} from "~/features/account/index.server";
import { isPremiumActive } from "~/features/account";
import { hasRole, ROLE } from "~/lib/auth/roles";
import { isAdmin, sessionExtras, type SessionUser } from "~/lib/auth/session.server";
import type { Database, DatabaseHandle } from "~/lib/db.server";
import { libraryIndex } from "./library-index.server";
import { exerciseVisible, isVisible } from "./visibility.server";
import { canOpen, type Viewer } from "./access";
import {
  listSchoolFavoriteIds,
  listSchoolFavorites,
  type SchoolFavoriteCard,
  type SchoolRef,
} from "./school-favorites.server";
import type { ExerciseCard } from "./search.server";
import type { ExerciseContent, Picture, SetPicture } from "./schema";
import type { CefrLevel, ExerciseType } from "./vocabulary";

/** Who is looking at the library, and when (the request's moment decides temporary-free items). */
export type LibraryViewer = Viewer & {
  userId: string | null;
  /** Starred exercises. */
  favorites: ReadonlySet<string>;
  /** Starred materials. */
  favoriteMaterials: ReadonlySet<string>;
  /** The viewer's school (null in none): its shared favorites. */
  school: SchoolRef | null;
  schoolFavorites: ReadonlySet<string> | null;
  now: Date;
};

/** What the signed-in user may open, and what they starred. */
export async function viewerFor(
  db: Database,
  user: SessionUser | null,
  now: Date,
): Promise<LibraryViewer> {
  if (!user)
    return {
      premium: false,
      admin: false,
      userId: null,
      favorites: new Set(),
      favoriteMaterials: new Set(),
      school: null,
      schoolFavorites: null,
      now,
    };
  const [membership, starred] = await Promise.all([
    pageUserOrganization(db, user),
    sessionExtras(user)?.favorites ?? listFavoriteIds(db, user.id),
  ]);
  const profile = buildProfileView(user, membership, now);
  const school = membership
    ? { id: membership.organization.id, name: membership.organization.name }
    : null;
  return {
    premium: profile.isPremiumActive,
    admin: isAdmin(user),
    userId: user.id,
    favorites: new Set(starred.exercises),
    favoriteMaterials: new Set(starred.materials),
    school,
    schoolFavorites: school ? new Set(await listSchoolFavoriteIds(db, school.id)) : null,
    now,
  };
}

/**
 * What an account other than the viewer's may open (a class's teacher, for the class's
 * students): the same rules as viewerFor, read from the database by id.
 */
export async function accountAccess(db: Database, userId: string, now: Date): Promise<Viewer> {
  const [[row], membership] = await Promise.all([
    db.select().from(userData).where(eq(userData.userId, userId)),
    loadUserOrganization(db, userId),
  ]);
  if (!row) return { premium: false, admin: false };
  return {
    premium: isPremiumActive(row, membership?.organization ?? null, now),
    admin: hasRole(row.role, ROLE.ADMIN),
  };
}

/** The ids of a user's starred exercises and materials, newest first. */
export async function listFavoriteIds(
  db: Database,
  userId: string,
): Promise<{ exercises: string[]; materials: string[] }> {
  const rows = await db
    .select({ exerciseId: favorites.exerciseId, materialId: favorites.materialId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt));
  return {
    exercises: rows.flatMap((r) => (r.exerciseId ? [r.exerciseId] : [])),
    materials: rows.flatMap((r) => (r.materialId ? [r.materialId] : [])),
  };
}

/** A library item a teacher can star. */
export type FavoriteItem = { kind: "exercise"; id: string } | { kind: "material"; id: string };

/**
 * Stars or unstars an exercise or a material; unknown items are refused (false). Locked
 * (premium) items may be starred like any other: the star keeps no content.
 */
export async function setFavorite(
  db: Database,
  userId: string,
  item: FavoriteItem,
  favorite: boolean,
): Promise<boolean> {
  const table = item.kind === "exercise" ? exercises : materials;
  const column = item.kind === "exercise" ? favorites.exerciseId : favorites.materialId;
  const exists = await db.select({ id: table.id }).from(table).where(eq(table.id, item.id));
  if (exists.length === 0) return false;
  if (favorite)
    await db
      .insert(favorites)
      .values(
        item.kind === "exercise"
          ? { userId, exerciseId: item.id }
          : { userId, materialId: item.id },
      )
      .onConflictDoNothing();
  else await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(column, item.id)));
  return true;
}

type ExerciseRow = typeof exercises.$inferSelect;

function card(
  row: Pick<
    ExerciseRow,
    | "id"
    | "title"
    | "summary"
    | "level"
    | "type"
    | "durationMinutes"
    | "topics"
    | "grouping"
    | "isFree"
    | "isFresh"
    | "freeExpiresAt"
  >,
  viewer: LibraryViewer,
  now: Date = viewer.now,
): ExerciseCard {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    level: row.level as CefrLevel,
    type: row.type as ExerciseType,
    durationMinutes: row.durationMinutes,
    topics: row.topics,
    grouping: row.grouping,
    isFree: row.isFree,
    isFresh: row.isFresh,
    freeExpiresAt: row.freeExpiresAt?.toISOString() ?? null,
    locked: !canOpen(row, viewer, now),
    favorite: viewer.favorites.has(row.id),
    schoolFavorite: viewer.schoolFavorites ? viewer.schoolFavorites.has(row.id) : null,
  };
}

const cardColumns = {
  id: exercises.id,
  title: exercises.title,
  summary: exercises.summary,
  level: exercises.level,
  type: exercises.type,
  durationMinutes: exercises.durationMinutes,
  topics: exercises.topics,
  grouping: exercises.grouping,
  isFree: exercises.isFree,
  isFresh: exercises.isFresh,
  freeExpiresAt: exercises.freeExpiresAt,
};

export async function listFavoriteCards(
  db: Database,
  viewer: LibraryViewer,
  now: Date = viewer.now,
): Promise<ExerciseCard[]> {
  if (!viewer.userId) return [];
  const rows = await db
    .select(cardColumns)
    .from(favorites)
    .innerJoin(exercises, eq(exercises.id, favorites.exerciseId))
    .where(eq(favorites.userId, viewer.userId))
    .orderBy(desc(favorites.createdAt));
  return rows.map((r) => card(r, viewer, now));
}

/**
 * The viewer's school's shared favorites as cards, each with who added it and when; empty
 * for a viewer in no school. Membership is the viewer's own, read for this request.
 */
export async function listSchoolFavoriteCards(
  db: Database,
  viewer: LibraryViewer,
  now: Date = viewer.now,
): Promise<SchoolFavoriteCard[]> {
  if (!viewer.userId || !viewer.school) return [];
  const entries = await listSchoolFavorites(db, viewer.school.id);
  const cards = await cardsByIds(
    db,
    entries.map((e) => e.exerciseId),
    viewer,
    now,
  );
  const byId = new Map(entries.map((e) => [e.exerciseId, e]));
  return cards.map((c) => {
    const entry = byId.get(c.id);
    return { ...c, addedBy: entry?.addedBy ?? null, addedAt: entry?.addedAt ?? "" };
  });
}

export async function listRecentCards(
  db: Database,
  viewer: LibraryViewer,
  limit = 6,
  now: Date = viewer.now,
): Promise<ExerciseCard[]> {
  if (!viewer.userId) return [];
  const rows = await db
    .select(cardColumns)
    .from(exerciseViews)
    .innerJoin(exercises, eq(exercises.id, exerciseViews.exerciseId))
    .where(and(eq(exerciseViews.userId, viewer.userId), exerciseVisible(now)))
    .orderBy(desc(exerciseViews.viewedAt))
    .limit(limit);
  return rows.map((r) => card(r, viewer, now));
}

async function cardsByIds(
  db: Database,
  ids: string[],
  viewer: LibraryViewer,
  now: Date = viewer.now,
): Promise<ExerciseCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(exercises)
    .where(and(inArray(exercises.id, ids), exerciseVisible(now)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [card(row, viewer, now)] : [];
  });
}

export interface ExerciseView extends ExerciseCard {
  skillFocus: string[];
  grammar: string | null;
  functions: string[];
  vocabularyFocus: string | null;
  audience: string[];
  publishedAt: string;
  /** Present only when the viewer may open the exercise: locked content never leaves the server. */
  content: ExerciseContent | null;
  teacherNotes: { aim: string; steps: string[]; tips: string[] } | null;
  /** The pictures the teacher notes ask to show, with the notes (none when locked). */
  showPictures?: SetPicture[] | null;
  vocabulary: { term: string; definition: string }[] | null;
  /** The exercise's picture (from the admin panel's media library), if it has one. */
  picture: Picture | null;
  /** The listening track it goes with, when there is one published. */
  listening: { id: string; title: string } | null;
}

/**
 * One exercise as the viewer may see it; null when it does not exist or is not published yet
 * (`preview`: the admin panel's preview, which shows drafts and scheduled exercises too).
 */
export async function exerciseForViewer(
  db: Database,
  id: string,
  viewer: LibraryViewer,
  now: Date = viewer.now,
  preview = false,
): Promise<ExerciseView | null> {
  if (id.length > 100) return null;
  const rows = await db.select().from(exercises).where(eq(exercises.id, id));
  const row = rows[0];
  if (!row || !(preview || isVisible(row, now))) return null;
  const base = card(row, viewer, now);
  const [track] = row.listening
    ? await db
        .select({ id: audioTracks.id, title: audioTracks.title })
        .from(audioTracks)
        .where(and(eq(audioTracks.id, row.listening), lte(audioTracks.publishedAt, now)))
    : [];
  return {
    ...base,
    listening: track ?? null,
    skillFocus: row.skillFocus,
    grammar: row.grammar,
    functions: row.functions,
    vocabularyFocus: row.vocabularyFocus,
    audience: row.audience,
    publishedAt: row.publishedAt.toISOString(),
    content: base.locked ? null : (row.content as ExerciseContent),
    teacherNotes: base.locked ? null : (row.teacherNotes as ExerciseView["teacherNotes"]),
    showPictures: base.locked ? null : ((row.showPictures as SetPicture[] | null) ?? null),
    vocabulary: base.locked ? null : (row.vocabulary as ExerciseView["vocabulary"]),
    picture: (row.picture as Picture | null) ?? null,
  };
}

export async function recordView(
  db: Database,
  userId: string,
  exerciseId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(exerciseViews)
    .values({ userId, exerciseId, viewedAt: now })
    .onConflictDoUpdate({
      target: [exerciseViews.userId, exerciseViews.exerciseId],
      set: { viewedAt: now },
    });
}

/** Spec §3/§7: counts shown to everyone (landing page, upgrade prompts). */
/** Exercises and materials, all and free at `now`, from the library index (no query). */
export async function resourceCounts(database: DatabaseHandle, now: Date) {
  return (await libraryIndex(database)).counts(now);
}

/** The tracks published by `now` (a track scheduled in the admin panel waits for its day). */
export async function listAudioTracks(db: Database, viewer: LibraryViewer, now: Date = viewer.now) {
  const rows = await db
    .select()
    .from(audioTracks)
    .where(lte(audioTracks.publishedAt, now))
    .orderBy(audioTracks.level, audioTracks.title);
  return rows.map((r) => {
    const locked = !canOpen({ isFree: r.isFree }, viewer, now);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      level: r.level as CefrLevel,
      topics: r.topics,
      durationSeconds: r.durationSeconds,
      voices: r.voices,
      isFree: r.isFree,
      locked,
      audioUrl: locked ? null : listeningAudioPath(r.id),
      transcript: locked ? null : r.transcript,
    };
  });
}

/** Where a track's sound is served to those who may open it. */
function listeningAudioPath(id: string): string {
  return `/dashboard/listening/${encodeURIComponent(id)}/audio`;
}

/** One track's file path and whether the viewer may open it; null for an unknown track. */
export async function audioTrackAccess(
  db: Database,
  viewer: LibraryViewer,
  id: string,
  now: Date = viewer.now,
): Promise<{ audioPath: string; locked: boolean } | null> {
  const [row] = await db
    .select({
      audioUrl: audioTracks.audioUrl,
      isFree: audioTracks.isFree,
      publishedAt: audioTracks.publishedAt,
    })
    .from(audioTracks)
    .where(eq(audioTracks.id, id));
  // A scheduled track is heard before its day only in the admin panel's editor.
  if (!row || (row.publishedAt > now && !viewer.admin)) return null;
  return { audioPath: row.audioUrl, locked: !canOpen({ isFree: row.isFree }, viewer, now) };
}
