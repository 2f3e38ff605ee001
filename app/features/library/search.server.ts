import { sql, type SQL } from "drizzle-orm";
import { queryRows, textArray, type Database } from "~/lib/db.server";
import { canOpen, type Viewer } from "./access";
import { DURATION_BUCKETS, interpretQuery, PAGE_SIZE, type SearchParams } from "./search-params";
import { CEFR_LEVELS, EXERCISE_TYPES, type CefrLevel, type ExerciseType } from "./schema";

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
}

export type FacetName = "level" | "type" | "topic" | "duration" | "grouping" | "audience" | "free";
export type Facets = Record<FacetName, Record<string, number>>;

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

const BUCKET_SQL = sql`case when duration_minutes <= 10 then 'up-to-10' when duration_minutes <= 20 then '11-20' when duration_minutes <= 30 then '21-30' else 'over-30' end`;

interface TermRow {
  word: string;
  known: boolean;
  prefix: boolean;
  best: string | null;
}

/**
 * Corrects words the library does not know to the closest word it does (trigram
 * similarity), so "enviroment" finds "environment". The last word may be unfinished
 * (search as you type) and is kept when some library word starts with it.
 */
async function correctWords(
  db: Database,
  words: string[],
): Promise<{ words: string[]; corrections: { from: string; to: string }[] }> {
  const candidates = words.filter((w) => w.length >= 3);
  if (candidates.length === 0) return { words, corrections: [] };
  const rows = await queryRows<TermRow>(
    db,
    sql`select w.word,
          exists(select 1 from library_terms t where t.term = w.word) as known,
          exists(select 1 from library_terms t where t.term like w.word || '%') as prefix,
          (select t.term from library_terms t where t.term % w.word
             order by similarity(t.term, w.word) desc, t.frequency desc limit 1) as best
        from unnest(${textArray(candidates)}) as w(word)`,
  );
  const byWord = new Map(rows.map((r) => [r.word, r]));
  const corrections: { from: string; to: string }[] = [];
  const last = words.length - 1;
  const corrected = words.map((word, index) => {
    const row = byWord.get(word);
    if (!row || row.known || (index === last && row.prefix) || !row.best) return word;
    corrections.push({ from: word, to: row.best });
    return row.best;
  });
  return { words: corrected, corrections };
}

function tsQuery(words: string[]): string | null {
  const safe = words.map((w) => w.replace(/[^a-z0-9]/g, "")).filter((w) => w.length > 0);
  if (safe.length === 0) return null;
  return safe.map((w, i) => (i === safe.length - 1 ? `${w}:*` : w)).join(" & ");
}

interface Effective {
  tsquery: string | null;
  levels: string[];
  types: string[];
  topics: string[];
  durations: string[];
  minutes: number | null;
  groupings: string[];
  audiences: string[];
  freeOnly: boolean;
  favoritesOf: string | null;
}

function conditions(e: Effective, except?: FacetName): SQL[] {
  const where: SQL[] = [];
  if (e.tsquery) where.push(sql`search_vector @@ to_tsquery('english', ${e.tsquery})`);
  if (e.favoritesOf)
    where.push(
      sql`exists (select 1 from favorites f where f.user_id = ${e.favoritesOf} and f.exercise_id = id)`,
    );
  if (except !== "level" && e.levels.length) where.push(sql`level = any(${textArray(e.levels)})`);
  if (except !== "type" && e.types.length) where.push(sql`type = any(${textArray(e.types)})`);
  if (except !== "topic" && e.topics.length) where.push(sql`topics && ${textArray(e.topics)}`);
  if (except !== "duration") {
    if (e.durations.length) where.push(sql`${BUCKET_SQL} = any(${textArray(e.durations)})`);
    if (e.minutes !== null)
      where.push(sql`duration_minutes between ${e.minutes - 5} and ${e.minutes + 5}`);
  }
  if (except !== "grouping" && e.groupings.length)
    where.push(sql`grouping && ${textArray(e.groupings)}`);
  if (except !== "audience" && e.audiences.length)
    where.push(sql`audience && ${textArray(e.audiences)}`);
  if (except !== "free" && e.freeOnly) where.push(sql`(is_free or free_expires_at > now())`);
  return where;
}

function whereOf(parts: SQL[]): SQL {
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

function orderOf(sort: SearchParams["sort"], ranked: boolean): SQL {
  if (sort === "newest") return sql`published_at desc, title`;
  if (sort === "shortest") return sql`duration_minutes asc, title`;
  return ranked ? sql`rank desc, published_at desc` : sql`published_at desc, title`;
}

function emptyFacets(): Facets {
  return { level: {}, type: {}, topic: {}, duration: {}, grouping: {}, audience: {}, free: {} };
}

async function facetCounts(db: Database, e: Effective): Promise<Facets> {
  const base = conditions({
    ...e,
    levels: [],
    types: [],
    topics: [],
    durations: [],
    minutes: null,
    groupings: [],
    audiences: [],
    freeOnly: false,
  });
  const rest = (except: FacetName) => {
    const parts = conditions({ ...e, tsquery: null, favoritesOf: null }, except);
    return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  };
  const rows = await queryRows<{ facet: FacetName; value: string; n: number }>(
    db,
    sql`with base as materialized (
          select id, level, type, topics, duration_minutes, grouping, audience, is_free, free_expires_at
          from exercises ${whereOf(base)}
        )
        select 'level' as facet, level as value, count(*)::int as n from base ${rest("level")} group by level
        union all select 'type', type, count(*)::int from base ${rest("type")} group by type
        union all select 'topic', t, count(*)::int from base cross join lateral unnest(topics) t ${rest("topic")} group by t
        union all select 'duration', ${BUCKET_SQL}, count(*)::int from base ${rest("duration")} group by 2
        union all select 'grouping', g, count(*)::int from base cross join lateral unnest(grouping) g ${rest("grouping")} group by g
        union all select 'audience', a, count(*)::int from base cross join lateral unnest(audience) a ${rest("audience")} group by a`,
  );
  const facets = emptyFacets();
  for (const row of rows) facets[row.facet][row.value] = Number(row.n);
  // How many results "free only" would leave: every other filter, narrowed to free items.
  const free = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from exercises ${whereOf([...conditions({ ...e, freeOnly: false }), sql`(is_free or free_expires_at > now())`])}`,
  );
  facets.free.free = Number(free[0]?.n ?? 0);
  return facets;
}

/** Search as the exercise library page does it: text, filters, counts per filter value, sorting. */
export async function searchExercises(
  db: Database,
  params: SearchParams,
  viewer: Viewer & { userId: string | null; favorites: ReadonlySet<string> },
  now = new Date(),
): Promise<SearchResult> {
  const interpretation = interpretQuery(params.q);
  const rawWords = interpretation.text.split(" ").filter(Boolean).slice(0, 12);
  const { words, corrections } = await correctWords(db, rawWords);
  const effective: Effective = {
    tsquery: tsQuery(words),
    levels: [...new Set([...params.levels, ...interpretation.levels])].filter((l) =>
      (CEFR_LEVELS as readonly string[]).includes(l),
    ),
    types: [...new Set([...params.types, ...interpretation.types])].filter((t) =>
      (EXERCISE_TYPES as readonly string[]).includes(t),
    ),
    topics: params.topics,
    durations: params.durations.filter((d) => (DURATION_BUCKETS as readonly string[]).includes(d)),
    minutes: interpretation.minutes,
    groupings: params.groupings,
    audiences: params.audiences,
    freeOnly: params.freeOnly,
    favoritesOf: params.favoritesOnly && viewer.userId ? viewer.userId : null,
  };
  const ranked = effective.tsquery !== null;
  const offset = (params.page - 1) * PAGE_SIZE;
  const rank = ranked
    ? sql`ts_rank_cd(search_vector, to_tsquery('english', ${effective.tsquery}), 32)`
    : sql`0`;
  const [rows, facets] = await Promise.all([
    queryRows<{
      id: string;
      title: string;
      summary: string;
      level: CefrLevel;
      type: ExerciseType;
      duration_minutes: number;
      topics: string[];
      grouping: string[];
      is_free: boolean;
      is_fresh: boolean;
      free_expires_at: Date | string | null;
      total: number;
    }>(
      db,
      sql`select id, title, summary, level, type, duration_minutes, topics, grouping, is_free, is_fresh, free_expires_at,
            ${rank} as rank, count(*) over ()::int as total
          from exercises ${whereOf(conditions(effective))}
          order by ${orderOf(params.sort, ranked)}
          limit ${PAGE_SIZE} offset ${offset}`,
    ),
    facetCounts(db, effective),
  ]);
  const total = Number(rows[0]?.total ?? 0);
  return {
    total,
    page: params.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    results: rows.map((r) => {
      const freeExpiresAt = r.free_expires_at ? new Date(r.free_expires_at).toISOString() : null;
      return {
        id: r.id,
        title: r.title,
        summary: r.summary,
        level: r.level,
        type: r.type,
        durationMinutes: r.duration_minutes,
        topics: r.topics,
        grouping: r.grouping,
        isFree: r.is_free,
        isFresh: r.is_fresh,
        freeExpiresAt,
        locked: !canOpen({ isFree: r.is_free, freeExpiresAt }, viewer, now),
        favorite: viewer.favorites.has(r.id),
      };
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
