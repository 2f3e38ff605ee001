import { and, desc, eq, sql } from "drizzle-orm";
import { favorites, materials } from "@db/schema";
import type { Database } from "~/lib/db.server";
import { canOpen } from "./access";
import type { LibraryViewer } from "./library.server";
import { PAGE_SIZE, type MaterialParams } from "./search-params";
import type { Picture } from "./schema";
import { isVisible, materialVisible } from "./visibility.server";
import {
  CEFR_LEVELS,
  MATERIAL_TYPES,
  TOPICS,
  type CefrLevel,
  type MaterialType,
} from "./vocabulary";

/**
 * The materials library: search with a count beside every filter value, pages, favorites,
 * one material as its viewer may see it. The library is small (tens to hundreds of
 * printables), so the text match runs in PostgreSQL and the filters and counts over the
 * matching rows here.
 */

export interface MaterialCard {
  id: string;
  title: string;
  summary: string;
  type: MaterialType;
  level: CefrLevel;
  topics: string[];
  durationMinutes: number;
  isFree: boolean;
  /** The viewer may not open it (shown with a lock and a way to Go Premium). */
  locked: boolean;
  favorite: boolean;
}

type MaterialFacetName = "level" | "type" | "topic" | "free";
export type MaterialFacets = Record<MaterialFacetName, Record<string, number>>;

export interface MaterialSearchResult {
  total: number;
  /** The page shown: the one asked for, or the last one when that is past the end. */
  page: number;
  pageCount: number;
  results: MaterialCard[];
  facets: MaterialFacets;
}

const cardColumns = {
  id: materials.id,
  title: materials.title,
  summary: materials.summary,
  type: materials.type,
  level: materials.level,
  topics: materials.topics,
  durationMinutes: materials.durationMinutes,
  isFree: materials.isFree,
};

type CardRow = Pick<typeof materials.$inferSelect, keyof typeof cardColumns>;

function card(row: CardRow, viewer: LibraryViewer, now: Date): MaterialCard {
  return {
    ...row,
    type: row.type as MaterialType,
    level: row.level as CefrLevel,
    locked: !canOpen({ isFree: row.isFree }, viewer, now),
    favorite: viewer.favoriteMaterials.has(row.id),
  };
}

/** Full-text query of the words typed (the last one may be unfinished); null for none. */
function tsQuery(q: string): string | null {
  const words = q
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" & ");
}

function count(counts: Record<string, number>, value: string) {
  counts[value] = (counts[value] ?? 0) + 1;
}

function zeroes(values: readonly string[]): Record<string, number> {
  return Object.fromEntries(values.map((v) => [v, 0]));
}

/**
 * Every material matching the search, in library order (level, then title), and the counts
 * of every filter value: each group's counts ignore that group's own choice, so the other
 * values of a group stay visible with what they would add.
 */
export async function findMaterials(
  db: Database,
  params: Omit<MaterialParams, "page">,
  viewer: LibraryViewer,
  now: Date = viewer.now,
): Promise<{ cards: MaterialCard[]; facets: MaterialFacets }> {
  const query = tsQuery(params.q);
  const rows = await db
    .select(cardColumns)
    .from(materials)
    .where(
      and(
        materialVisible(now),
        query ? sql`search_vector @@ to_tsquery('english', ${query})` : undefined,
      ),
    )
    .orderBy(materials.level, materials.title);
  const facets: MaterialFacets = {
    level: zeroes(CEFR_LEVELS),
    type: zeroes(MATERIAL_TYPES),
    topic: zeroes(TOPICS),
    free: { free: 0 },
  };
  const levels = new Set<string>(params.levels);
  const types = new Set<string>(params.types);
  const topics = new Set<string>(params.topics);
  const cards: MaterialCard[] = [];
  for (const row of rows) {
    if (params.favoritesOnly && !viewer.favoriteMaterials.has(row.id)) continue;
    const lev = levels.size === 0 || levels.has(row.level);
    const typ = types.size === 0 || types.has(row.type);
    const top = topics.size === 0 || row.topics.some((t) => topics.has(t));
    const fre = !params.freeOnly || row.isFree;
    if (lev && typ && top && fre) cards.push(card(row, viewer, now));
    if (typ && top && fre) count(facets.level, row.level);
    if (lev && top && fre) count(facets.type, row.type);
    if (lev && typ && fre) for (const t of row.topics) count(facets.topic, t);
    if (lev && typ && top && row.isFree) count(facets.free, "free");
  }
  return { cards, facets };
}

/** The materials page: one page of results (PAGE_SIZE, as the exercises) and the counts. */
export async function searchMaterials(
  db: Database,
  params: MaterialParams,
  viewer: LibraryViewer,
  now: Date = viewer.now,
): Promise<MaterialSearchResult> {
  const { cards, facets } = await findMaterials(db, params, viewer, now);
  const pageCount = Math.max(1, Math.ceil(cards.length / PAGE_SIZE));
  const page = Math.min(params.page, pageCount);
  return {
    total: cards.length,
    page,
    pageCount,
    results: cards.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    facets,
  };
}

/** The viewer's starred materials, the latest starred first. */
export async function listFavoriteMaterialCards(
  db: Database,
  viewer: LibraryViewer,
  now: Date = viewer.now,
): Promise<MaterialCard[]> {
  if (!viewer.userId) return [];
  const rows = await db
    .select(cardColumns)
    .from(favorites)
    .innerJoin(materials, eq(materials.id, favorites.materialId))
    .where(and(eq(favorites.userId, viewer.userId), materialVisible(now)))
    .orderBy(desc(favorites.createdAt));
  return rows.map((r) => card(r, viewer, now));
}

/** One material as the viewer may see it (the body only when they may open it); null if unknown. */
export async function materialForViewer(
  db: Database,
  id: string,
  viewer: LibraryViewer,
  now: Date = viewer.now,
  preview = false,
) {
  if (id.length > 100) return null;
  const rows = await db.select().from(materials).where(eq(materials.id, id));
  const row = rows[0];
  if (!row || !(preview || isVisible(row, now))) return null;
  const base = card(row, viewer, now);
  return {
    ...base,
    /** Markdown of the printable body, only for viewers who may open it. */
    body: base.locked ? null : row.body,
    picture: (row.picture as Picture | null) ?? null,
  };
}

/** A material's id and title (for "a new lesson with this material"); null if unknown. */
export async function materialTitle(db: Database, id: string) {
  if (id.length === 0 || id.length > 100) return null;
  const [row] = await db
    .select({ id: materials.id, title: materials.title })
    .from(materials)
    .where(eq(materials.id, id));
  return row ?? null;
}
