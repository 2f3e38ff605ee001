import { sql } from "drizzle-orm";
import { queryRows, type DatabaseHandle } from "~/lib/db.server";
import { MINUTE_MS } from "~/lib/time";
import { durationBucket, DURATION_BUCKETS } from "./search-params";
import { GRAMMAR_POINTS, LANGUAGE_FUNCTIONS } from "./language-focus";
import {
  AUDIENCES,
  CEFR_LEVELS,
  EXERCISE_TYPES,
  GROUPINGS,
  SKILL_FOCUS,
  TOPICS,
} from "./vocabulary";

const LIBRARY_CHANNEL = "library_changed";
const REFRESH_MS = 5 * MINUTE_MS;
const TEXT_MATCH_CACHE = 500;

function bitsOf(values: readonly string[], all: readonly string[]): number {
  let bits = 0;
  for (const v of values) {
    const i = all.indexOf(v);
    if (i >= 0) bits |= 1 << i;
  }
  return bits;
}

/**
 * The filterable facts of every exercise, held per process in typed arrays: level, type,
 * topics, time, group size, audience, access and publication date. PostgreSQL answers the
 * text part of a search; filters, counts per filter value and ordering are computed here in
 * a single pass, which stays fast at 100,000 exercises. Reloaded when the library changes
 * (a NOTIFY from any instance) and every few minutes.
 */
export class LibraryIndex {
  ids: string[] = [];
  position = new Map<string, number>();
  level = new Uint8Array(0);
  type = new Uint8Array(0);
  /** Topic bits 0–31 and 32–34 (35 topics). */
  topicsLow = new Uint32Array(0);
  topicsHigh = new Uint8Array(0);
  minutes = new Uint16Array(0);
  bucket = new Uint8Array(0);
  grouping = new Uint8Array(0);
  audience = new Uint8Array(0);
  /** Skill focus, grammar points and language functions, one bit per value. */
  skill = new Uint8Array(0);
  grammar = new Uint32Array(0);
  functions = new Uint32Array(0);
  isFree = new Uint8Array(0);
  /** Temporary-free until (ms since epoch), 0 when not. */
  freeUntil = new Float64Array(0);
  published = new Float64Array(0);
  /** Positions ordered newest first, and shortest first (then newest), computed once per load. */
  byNewest = new Int32Array(0);
  byShortest = new Int32Array(0);
  /** Lower-case words of each title, for ranking text matches. */
  titleWords: string[][] = [];
  /** Every word of the library (typo correction checks here before asking the database). */
  terms = new Set<string>();
  /** Exercises free for good, and the ends of temporary-free ones in ascending order. */
  freeEnds = new Float64Array(0);
  /**
   * Publication moments in ascending order, and of the free-for-good exercises: an exercise
   * scheduled for later is loaded but neither found nor counted before its moment.
   */
  publishedSorted = new Float64Array(0);
  freeForGoodPublished = new Float64Array(0);
  materialsTotal = 0;
  materialsFree = 0;
  loadedAt = 0;
  /** Recent text matches by tsquery (positions and relevance), dropped on every reload. */
  textMatches = new Map<string, { positions: Int32Array; scores: Float32Array }>();
  private loading: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: DatabaseHandle) {}

  async load(): Promise<void> {
    this.loading ??= (async () => {
      const rows = await queryRows<{
        id: string;
        title: string;
        level: string;
        type: string;
        topics: string[];
        duration_minutes: number;
        grouping: string[];
        audience: string[];
        skill_focus: string[];
        grammar_points: string[] | null;
        language_functions: string[] | null;
        is_free: boolean;
        free_expires_at: Date | string | null;
        published_at: Date | string;
      }>(
        this.database.db,
        sql`select id, title, level, type, topics, duration_minutes, grouping, audience, skill_focus, grammar_points, language_functions, is_free, free_expires_at, published_at from exercises where status = 'published'`,
      );
      const n = rows.length;
      const next = {
        ids: new Array<string>(n),
        position: new Map<string, number>(),
        level: new Uint8Array(n),
        type: new Uint8Array(n),
        topicsLow: new Uint32Array(n),
        topicsHigh: new Uint8Array(n),
        minutes: new Uint16Array(n),
        bucket: new Uint8Array(n),
        grouping: new Uint8Array(n),
        audience: new Uint8Array(n),
        skill: new Uint8Array(n),
        grammar: new Uint32Array(n),
        functions: new Uint32Array(n),
        isFree: new Uint8Array(n),
        freeUntil: new Float64Array(n),
        published: new Float64Array(n),
        titleWords: new Array<string[]>(n),
      };
      rows.forEach((r, i) => {
        next.ids[i] = r.id;
        next.position.set(r.id, i);
        next.level[i] = Math.max(0, CEFR_LEVELS.indexOf(r.level as (typeof CEFR_LEVELS)[number]));
        next.type[i] = Math.max(
          0,
          EXERCISE_TYPES.indexOf(r.type as (typeof EXERCISE_TYPES)[number]),
        );
        const low = TOPICS.slice(0, 32);
        const high = TOPICS.slice(32);
        next.topicsLow[i] = bitsOf(r.topics, low) >>> 0;
        next.topicsHigh[i] = bitsOf(r.topics, high);
        next.minutes[i] = r.duration_minutes;
        next.bucket[i] = DURATION_BUCKETS.indexOf(durationBucket(r.duration_minutes));
        next.grouping[i] = bitsOf(r.grouping, GROUPINGS);
        next.audience[i] = bitsOf(r.audience, AUDIENCES);
        next.skill[i] = bitsOf(r.skill_focus, SKILL_FOCUS);
        next.grammar[i] = bitsOf(r.grammar_points ?? [], GRAMMAR_POINTS) >>> 0;
        next.functions[i] = bitsOf(r.language_functions ?? [], LANGUAGE_FUNCTIONS) >>> 0;
        next.isFree[i] = r.is_free ? 1 : 0;
        next.freeUntil[i] = r.free_expires_at ? new Date(r.free_expires_at).getTime() : 0;
        next.published[i] = new Date(r.published_at).getTime();
        next.titleWords[i] = r.title
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 1);
      });
      const terms = await queryRows<{ term: string }>(
        this.database.db,
        sql`select term from library_terms`,
      );
      const [materialCounts] = await queryRows<{ total: number; free: number }>(
        this.database.db,
        sql`select count(*)::int as total, (count(*) filter (where is_free))::int as free from materials where status = 'published'`,
      );
      const freePublished: number[] = [];
      const ends: number[] = [];
      for (let i = 0; i < n; i++) {
        if (next.isFree[i]) freePublished.push(next.published[i] as number);
        else if (next.freeUntil[i]) ends.push(next.freeUntil[i] as number);
      }
      const order = Array.from({ length: n }, (_, i) => i);
      const byNewest = Int32Array.from(
        order.sort((a, b) => (next.published[b] as number) - (next.published[a] as number)),
      );
      const byShortest = Int32Array.from(
        [...byNewest].sort((a, b) => (next.minutes[a] as number) - (next.minutes[b] as number)),
      );
      Object.assign(this, next, {
        byNewest,
        byShortest,
        freeEnds: Float64Array.from(ends).sort(),
        publishedSorted: Float64Array.from(next.published).sort(),
        freeForGoodPublished: Float64Array.from(freePublished).sort(),
        materialsTotal: Number(materialCounts?.total ?? 0),
        materialsFree: Number(materialCounts?.free ?? 0),
      });
      this.textMatches = new Map();
      this.terms = new Set(terms.map((t) => t.term));
      this.loadedAt = performance.now();
    })();
    try {
      await this.loading;
    } finally {
      this.loading = null;
    }
  }

  /** Loaded and not older than the refresh interval (a safety net behind NOTIFY). */
  async ready(): Promise<void> {
    if (this.loadedAt === 0 || performance.now() - this.loadedAt > REFRESH_MS) await this.load();
    // A change was announced and is being read: answer from it, not from what it replaces.
    else if (this.loading) await this.loading;
  }

  async listen(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.listen(LIBRARY_CHANNEL, () => {
      this.load().catch(() => undefined);
    });
  }

  rememberTextMatch(query: string, match: { positions: Int32Array; scores: Float32Array }): void {
    if (this.textMatches.size >= TEXT_MATCH_CACHE) {
      const oldest = this.textMatches.keys().next().value;
      if (oldest !== undefined) this.textMatches.delete(oldest);
    }
    this.textMatches.set(query, match);
  }

  /**
   * What the landing and the dashboard count: exercises and materials, all and free at `now`
   * (a temporary-free exercise counts until its end). Answered from memory: counting the
   * tables on every dashboard request scanned them whole.
   */
  counts(now: Date) {
    const at = now.getTime();
    // Temporary-free exercises whose end is still ahead: past the first end later than now.
    // (A temporary-free exercise is published: its free days start at publication.)
    const endsPassed = countAtMost(this.freeEnds, at);
    return {
      allExercisesCount: countAtMost(this.publishedSorted, at),
      freeExercisesCount:
        countAtMost(this.freeForGoodPublished, at) + (this.freeEnds.length - endsPassed),
      allMaterialsCount: this.materialsTotal,
      freeMaterialsCount: this.materialsFree,
    };
  }

  get size(): number {
    return this.ids.length;
  }
}

/** How many values of an ascending array are at most `at` (a binary search). */
function countAtMost(sorted: Float64Array, at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const indexes = new WeakMap<DatabaseHandle, LibraryIndex>();

/** The index of a database, loaded on first use and kept fresh by NOTIFY. */
export async function libraryIndex(database: DatabaseHandle): Promise<LibraryIndex> {
  let index = indexes.get(database);
  if (!index) {
    index = new LibraryIndex(database);
    indexes.set(database, index);
    await index.listen().catch(() => undefined);
  }
  await index.ready();
  return index;
}

/** Tells every instance that the library changed (after a sync or an admin edit). */
export async function announceLibraryChange(database: DatabaseHandle): Promise<void> {
  await database.notify(LIBRARY_CHANNEL, String(Date.now()));
  await indexes.get(database)?.load();
}
