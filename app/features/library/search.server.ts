import { inArray, sql } from "drizzle-orm";
import { exercises } from "@db/schema";
import { queryRows, textArray, type Database, type DatabaseHandle } from "~/lib/db.server";
import { canOpen, type Viewer } from "./access";
import { GRAMMAR_POINTS, LANGUAGE_FUNCTIONS } from "./language-focus";
import { libraryIndex, type LibraryIndex } from "./library-index.server";
import { DURATION_BUCKETS, interpretQuery, PAGE_SIZE, type SearchParams } from "./search-params";
import {
  AUDIENCES,
  CEFR_LEVELS,
  EXERCISE_TYPES,
  GROUPINGS,
  TOPICS,
  type CefrLevel,
  type ExerciseType,
  SKILL_FOCUS,
} from "./vocabulary";

export interface ExerciseCard {
  id: string;
  title: string;
  summary: string;
  level: CefrLevel;
  type: ExerciseType;
  durationMinutes: number;
  topics: string[];
  grouping: string[];
  isFree: boolean;
  isFresh: boolean;
  freeExpiresAt: string | null;
  /** The viewer may not open it (shown with a lock and a way to Go Premium). */
  locked: boolean;
  favorite: boolean;
  /** In the viewer's school's shared favorites; null when the viewer is in no school. */
  schoolFavorite: boolean | null;
}

export type FacetName =
  | "level"
  | "type"
  | "topic"
  | "duration"
  | "grouping"
  | "audience"
  | "skill"
  | "grammar"
  | "function"
  | "free";
type Facets = Record<FacetName, Record<string, number>>;

export interface SearchResult {
  total: number;
  page: number;
  pageCount: number;
  results: ExerciseCard[];
  facets: Facets;
  /** The text actually searched, after typo corrections ("enviroment" → "environment"). */
  searchedText: string;
  corrections: { from: string; to: string }[];
  /** Filters read from the query itself ("B1 role-play 15 min"). */
  interpreted: { levels: CefrLevel[]; types: ExerciseType[]; minutes: number | null };
}

export type SearchViewer = Viewer & {
  userId: string | null;
  favorites: ReadonlySet<string>;
  /** The viewer's school's shared favorites; absent or null when in no school. */
  schoolFavorites?: ReadonlySet<string> | null;
  /** The moment of the search: temporary-free exercises are open until their date. */
  now: Date;
};

/**
 * Corrects words the library does not know to the closest word it does (trigram
 * similarity in PostgreSQL), so "enviroment" finds "environment". Known words never reach
 * the database; the last word may be unfinished (search as you type) and is kept when some
 * library word starts with it.
 */
async function correctWords(db: Database, index: LibraryIndex, words: string[]) {
  const last = words.length - 1;
  const unknown = words.filter((word, i) => {
    if (word.length < 3 || index.terms.has(word)) return false;
    if (i === last) {
      for (const term of index.terms) if (term.startsWith(word)) return false;
    }
    return true;
  });
  if (unknown.length === 0) return { words, corrections: [] as { from: string; to: string }[] };
  const rows = await queryRows<{ word: string; best: string | null }>(
    db,
    sql`select w.word,
          (select t.term from library_terms t where t.term % w.word
             order by similarity(t.term, w.word) desc, t.frequency desc limit 1) as best
        from unnest(${textArray(unknown)}) as w(word)`,
  );
  const best = new Map(rows.map((r) => [r.word, r.best]));
  const corrections: { from: string; to: string }[] = [];
  const corrected = words.map((word) => {
    const to = best.get(word);
    if (!to) return word;
    corrections.push({ from: word, to });
    return to;
  });
  return { words: corrected, corrections };
}

function tsQuery(words: string[]): string | null {
  const safe = words.map((w) => w.replace(/[^a-z0-9]/g, "")).filter((w) => w.length > 0);
  if (safe.length === 0) return null;
  return safe.map((w, i) => (i === safe.length - 1 ? `${w}:*` : w)).join(" & ");
}

/**
 * How well a full-text match fits: words found in the title count most, then in the
 * topics; every match has at least some weight. Words are compared by their start, so
 * "travelling" and "travel" meet the way stemming meets them.
 */
function relevance(index: LibraryIndex, i: number, words: string[]): number {
  let score = 1;
  const title = index.titleWords[i] ?? [];
  for (const word of words) {
    const stem = word.slice(0, Math.max(4, word.length - 3));
    if (title.some((t) => t.startsWith(stem) || (t.length >= 4 && word.startsWith(t)))) score += 3;
  }
  return score;
}

function maskOf(values: readonly string[], all: readonly string[]): number {
  let mask = 0;
  for (const v of values) {
    const i = all.indexOf(v);
    if (i >= 0) mask |= 1 << i;
  }
  return mask >>> 0;
}

function emptyFacets(): Facets {
  return {
    level: {},
    type: {},
    topic: {},
    duration: {},
    grouping: {},
    audience: {},
    skill: {},
    grammar: {},
    function: {},
    free: {},
  };
}

/**
 * Search as the exercise library page does it: text, filters, counts per filter value,
 * sorting. Its queries run on `db` (by default the handle's own; the library page passes
 * one whose statements the database cancels at its time limit).
 */
export async function searchExercises(
  database: DatabaseHandle,
  params: SearchParams,
  viewer: SearchViewer,
  now: Date = viewer.now,
  db: Database = database.db,
): Promise<SearchResult> {
  const index = await libraryIndex(database);
  const interpretation = interpretQuery(params.q);
  const rawWords = interpretation.text.split(" ").filter(Boolean).slice(0, 12);
  const { words, corrections } = await correctWords(db, index, rawWords);
  const query = tsQuery(words);

  // The text part, in PostgreSQL: stemmed full-text match. One row carries every matching id;
  // the answer is kept per query until the library changes (teachers repeat searches).
  let candidates: Int32Array | null = null;
  const rank = new Float32Array(index.size);
  if (query) {
    let match = index.textMatches.get(query);
    if (!match) {
      const [row] = await queryRows<{ ids: string | null }>(
        db,
        sql`select string_agg(id, ',') as ids from exercise_search where search_vector @@ to_tsquery('english', ${query})`,
      );
      const positions: number[] = [];
      const scores: number[] = [];
      for (const id of row?.ids ? row.ids.split(",") : []) {
        const i = index.position.get(id);
        if (i === undefined) continue;
        positions.push(i);
        scores.push(relevance(index, i, words));
      }
      match = { positions: Int32Array.from(positions), scores: Float32Array.from(scores) };
      index.rememberTextMatch(query, match);
    }
    match.positions.forEach((i, k) => (rank[i] = match.scores[k] as number));
    candidates = match.positions;
  }

  const levels = [...new Set([...params.levels, ...interpretation.levels])];
  const types = [...new Set([...params.types, ...interpretation.types])];
  const levelMask = maskOf(levels, CEFR_LEVELS);
  const typeMask = maskOf(types, EXERCISE_TYPES);
  const topicLow = maskOf(params.topics, TOPICS.slice(0, 32));
  const topicHigh = maskOf(params.topics, TOPICS.slice(32));
  const bucketMask = maskOf(params.durations, DURATION_BUCKETS);
  const groupingMask = maskOf(params.groupings, GROUPINGS);
  const audienceMask = maskOf(params.audiences, AUDIENCES);
  const skillMask = maskOf(params.skills, SKILL_FOCUS);
  const grammarMask = maskOf(params.grammar, GRAMMAR_POINTS);
  const functionMask = maskOf(params.functions, LANGUAGE_FUNCTIONS);
  const minutes = interpretation.minutes;
  const nowMs = now.getTime();
  const favoritePositions =
    params.favoritesOnly && viewer.userId
      ? new Set(
          [...viewer.favorites].map((id) => index.position.get(id)).filter((i) => i !== undefined),
        )
      : null;

  const levelCounts = new Uint32Array(CEFR_LEVELS.length);
  const typeCounts = new Uint32Array(EXERCISE_TYPES.length);
  const topicCounts = new Uint32Array(TOPICS.length);
  const bucketCounts = new Uint32Array(DURATION_BUCKETS.length);
  const groupingCounts = new Uint32Array(GROUPINGS.length);
  const audienceCounts = new Uint32Array(AUDIENCES.length);
  const skillCounts = new Uint32Array(SKILL_FOCUS.length);
  const grammarCounts = new Uint32Array(GRAMMAR_POINTS.length);
  const functionCounts = new Uint32Array(LANGUAGE_FUNCTIONS.length);
  let freeCount = 0;
  const results: number[] = [];

  // Without text, walk the library in the requested order so results need no sorting.
  const order = candidates ?? (params.sort === "shortest" ? index.byShortest : index.byNewest);
  // Typed arrays in locals keep the loop monomorphic: it runs over 100,000 rows in a few ms.
  const {
    level,
    type,
    topicsLow,
    topicsHigh,
    minutes: mins,
    bucket,
    grouping,
    audience,
    skill,
    grammar,
    functions,
    isFree,
    freeUntil,
    published,
  } = index;
  /** Adds one to the count of every value whose bit is set. */
  const countBits = (counts: Uint32Array, bits: number) => {
    for (let rest = bits >>> 0; rest !== 0; rest = (rest & (rest - 1)) >>> 0)
      counts[31 - Math.clz32(rest & -rest)]!++;
  };
  const count = order.length;
  for (let k = 0; k < count; k++) {
    const i = order[k] as number;
    if (favoritePositions && !favoritePositions.has(i)) continue;
    // Scheduled for later: not in the library yet.
    if ((published[i] as number) > nowMs) continue;
    const lev = levelMask === 0 || (levelMask & (1 << (level[i] as number))) !== 0;
    const typ = typeMask === 0 || (typeMask & (1 << (type[i] as number))) !== 0;
    const low = topicsLow[i] as number;
    const high = topicsHigh[i] as number;
    const top =
      (topicLow === 0 && topicHigh === 0) || (low & topicLow) !== 0 || (high & topicHigh) !== 0;
    const m = mins[i] as number;
    const dur =
      (bucketMask === 0 || (bucketMask & (1 << (bucket[i] as number))) !== 0) &&
      (minutes === null || (m >= minutes - 5 && m <= minutes + 5));
    const g = grouping[i] as number;
    const a = audience[i] as number;
    const sk = skill[i] as number;
    const gr = grammar[i] as number;
    const fn = functions[i] as number;
    const grp = groupingMask === 0 || (g & groupingMask) !== 0;
    const aud = audienceMask === 0 || (a & audienceMask) !== 0;
    const skl = skillMask === 0 || (sk & skillMask) !== 0;
    const gra = grammarMask === 0 || (gr & grammarMask) !== 0;
    const fun = functionMask === 0 || (fn & functionMask) !== 0;
    const freeNow = isFree[i] === 1 || (freeUntil[i] as number) > nowMs;
    const fre = !params.freeOnly || freeNow;

    // Each filter's counts ignore that filter itself, so other choices stay visible: a value
    // is counted when every other filter passes, that is when at most this one fails.
    const failed = +!lev + +!typ + +!top + +!dur + +!grp + +!aud + +!skl + +!gra + +!fun + +!fre;
    if (failed > 1) continue;
    if (failed === 0) results.push(i);
    if (failed === 0 || !lev) levelCounts[level[i] as number]!++;
    if (failed === 0 || !typ) typeCounts[type[i] as number]!++;
    if (failed === 0 || !top) {
      for (let bits = low; bits !== 0; bits &= bits - 1)
        topicCounts[31 - Math.clz32(bits & -bits)]!++;
      for (let bits = high; bits !== 0; bits &= bits - 1)
        topicCounts[63 - Math.clz32(bits & -bits)]!++;
    }
    if (failed === 0 || !dur) bucketCounts[bucket[i] as number]!++;
    if (failed === 0 || !grp) countBits(groupingCounts, g);
    if (failed === 0 || !aud) countBits(audienceCounts, a);
    if (failed === 0 || !skl) countBits(skillCounts, sk);
    if (failed === 0 || !gra) countBits(grammarCounts, gr);
    if (failed === 0 || !fun) countBits(functionCounts, fn);
    if ((failed === 0 || !fre) && freeNow) freeCount++;
  }

  if (candidates) {
    if (params.sort === "shortest")
      results.sort(
        (a, b) =>
          (index.minutes[a] as number) - (index.minutes[b] as number) ||
          (index.published[b] as number) - (index.published[a] as number),
      );
    else if (params.sort === "newest")
      results.sort((a, b) => (index.published[b] as number) - (index.published[a] as number));
    else
      results.sort(
        (a, b) =>
          (rank[b] as number) - (rank[a] as number) ||
          (index.published[b] as number) - (index.published[a] as number),
      );
  }

  const total = results.length;
  const pageIds = results
    .slice((params.page - 1) * PAGE_SIZE, params.page * PAGE_SIZE)
    .map((i) => index.ids[i] as string);
  const rows = pageIds.length
    ? await db
        .select({
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
        })
        .from(exercises)
        .where(inArray(exercises.id, pageIds))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));

  const facets = emptyFacets();
  CEFR_LEVELS.forEach((v, i) => (facets.level[v] = levelCounts[i] ?? 0));
  EXERCISE_TYPES.forEach((v, i) => (facets.type[v] = typeCounts[i] ?? 0));
  TOPICS.forEach((v, i) => (facets.topic[v] = topicCounts[i] ?? 0));
  DURATION_BUCKETS.forEach((v, i) => (facets.duration[v] = bucketCounts[i] ?? 0));
  GROUPINGS.forEach((v, i) => (facets.grouping[v] = groupingCounts[i] ?? 0));
  AUDIENCES.forEach((v, i) => (facets.audience[v] = audienceCounts[i] ?? 0));
  SKILL_FOCUS.forEach((v, i) => (facets.skill[v] = skillCounts[i] ?? 0));
  GRAMMAR_POINTS.forEach((v, i) => (facets.grammar[v] = grammarCounts[i] ?? 0));
  LANGUAGE_FUNCTIONS.forEach((v, i) => (facets.function[v] = functionCounts[i] ?? 0));
  facets.free.free = freeCount;

  return {
    total,
    page: params.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    results: pageIds.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          id: r.id,
          title: r.title,
          summary: r.summary,
          level: r.level as CefrLevel,
          type: r.type as ExerciseType,
          durationMinutes: r.durationMinutes,
          topics: r.topics,
          grouping: r.grouping,
          isFree: r.isFree,
          isFresh: r.isFresh,
          freeExpiresAt: r.freeExpiresAt?.toISOString() ?? null,
          locked: !canOpen(r, viewer, now),
          favorite: viewer.favorites.has(r.id),
          schoolFavorite: viewer.schoolFavorites ? viewer.schoolFavorites.has(r.id) : null,
        },
      ];
    }),
    facets,
    searchedText: words.join(" "),
    corrections,
    interpreted: {
      levels: interpretation.levels,
      types: interpretation.types,
      minutes: interpretation.minutes,
    },
  };
}
