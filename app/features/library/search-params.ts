import {
  AUDIENCES,
  CEFR_LEVELS,
  EXERCISE_TYPES,
  GROUPINGS,
  MATERIAL_TYPES,
  SKILL_FOCUS,
  TOPICS,
  type CefrLevel,
  type ExerciseType,
  type MaterialType,
  type Topic,
} from "./vocabulary";
import { GRAMMAR_POINTS, LANGUAGE_FUNCTIONS } from "./language-focus";

export const DURATION_BUCKETS = ["up-to-10", "11-20", "21-30", "over-30"] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number];
export const SORTS = ["relevance", "newest", "shortest"] as const;
type Sort = (typeof SORTS)[number];
export const PAGE_SIZE = 24;
/** Longer queries are cut: nobody types more, and a 10,000-character paste must not hurt. */
const MAX_QUERY_LENGTH = 200;

export interface SearchParams {
  q: string;
  levels: CefrLevel[];
  types: ExerciseType[];
  topics: string[];
  durations: DurationBucket[];
  groupings: string[];
  audiences: string[];
  skills: string[];
  grammar: string[];
  functions: string[];
  freeOnly: boolean;
  favoritesOnly: boolean;
  sort: Sort;
  page: number;
}

function pick<T extends string>(values: string[], allowed: readonly T[]): T[] {
  const set = new Set<T>();
  for (const v of values) {
    const match = allowed.find((a) => a.toLowerCase() === v.trim().toLowerCase());
    if (match) set.add(match);
  }
  return [...set];
}

function list(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((v) => v.split(","))
    .slice(0, 50);
}

/** The page asked for: 1 when the value is missing, not a number or out of 1–1000. */
function readPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isFinite(page) && page >= 1 && page <= 1000 ? page : 1;
}

/** Reads search state from the URL; malformed or unknown values fall back to defaults. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const sort = pick([params.get("sort") ?? ""], SORTS)[0];
  return {
    q: (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH),
    levels: pick(list(params, "level"), CEFR_LEVELS),
    types: pick(list(params, "type"), EXERCISE_TYPES),
    topics: pick(list(params, "topic"), TOPICS),
    durations: pick(list(params, "duration"), DURATION_BUCKETS),
    groupings: pick(list(params, "grouping"), GROUPINGS),
    audiences: pick(list(params, "audience"), AUDIENCES),
    skills: pick(list(params, "skill"), SKILL_FOCUS),
    grammar: pick(list(params, "grammar"), GRAMMAR_POINTS),
    functions: pick(list(params, "function"), LANGUAGE_FUNCTIONS),
    freeOnly: params.get("free") === "1",
    favoritesOnly: params.get("favorites") === "1",
    sort: sort ?? "relevance",
    page: readPage(params),
  };
}

/** The materials library's search state: fewer filters than the exercises', same rules. */
export interface MaterialParams {
  q: string;
  levels: CefrLevel[];
  types: MaterialType[];
  topics: Topic[];
  freeOnly: boolean;
  favoritesOnly: boolean;
  page: number;
}

/** Reads the materials page's state from the URL; unknown values are dropped. */
export function parseMaterialParams(params: URLSearchParams): MaterialParams {
  return {
    q: (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH),
    levels: pick(list(params, "level"), CEFR_LEVELS),
    types: pick(list(params, "type"), MATERIAL_TYPES),
    topics: pick(list(params, "topic"), TOPICS),
    freeOnly: params.get("free") === "1",
    favoritesOnly: params.get("favorites") === "1",
    page: readPage(params),
  };
}

/** The state either library page keeps in its address (values already checked). */
export interface LibraryQuery {
  q?: string;
  levels?: readonly string[];
  types?: readonly string[];
  topics?: readonly string[];
  durations?: readonly string[];
  groupings?: readonly string[];
  audiences?: readonly string[];
  skills?: readonly string[];
  grammar?: readonly string[];
  functions?: readonly string[];
  freeOnly?: boolean;
  favoritesOnly?: boolean;
  sort?: string;
  page?: number;
}

/** Writes search state back to a query string (only non-default values). */
export function searchParamsToQuery(p: LibraryQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (p.q) out.set("q", p.q);
  for (const [name, values] of [
    ["level", p.levels],
    ["type", p.types],
    ["topic", p.topics],
    ["duration", p.durations],
    ["grouping", p.groupings],
    ["audience", p.audiences],
    ["skill", p.skills],
    ["grammar", p.grammar],
    ["function", p.functions],
  ] as const) {
    for (const v of values ?? []) out.append(name, v);
  }
  if (p.freeOnly) out.set("free", "1");
  if (p.favoritesOnly) out.set("favorites", "1");
  if (p.sort && p.sort !== "relevance") out.set("sort", p.sort);
  if (p.page && p.page > 1) out.set("page", String(p.page));
  return out;
}

const TYPE_WORDS: [RegExp, ExerciseType][] = [
  [/\brole[\s-]?plays?\b/, "role-play"],
  [/\bdebates?\b/, "debate"],
  [/\btaboo\b/, "taboo"],
  [/\bwould you rather\b/, "would-you-rather"],
  [/\bstor(y|ies|ytelling)\b/, "story"],
  [/\bproblem[\s-]solving\b/, "problem-solving"],
  [/\bagree(\s+or)?[\s-]+disagree\b/, "agree-disagree"],
  [/\bfind someone who\b/, "find-someone-who"],
  [/\bdiscussions?\b/, "discussion"],
];

export interface Interpretation {
  /** The words left for full-text search. */
  text: string;
  levels: CefrLevel[];
  types: ExerciseType[];
  /** "about N minutes" becomes a window of ±5 minutes. */
  minutes: number | null;
}

/**
 * Teachers type what they want ("B1 role-play travel 15 min"); levels, exercise types and
 * durations in the query become filters, and the rest is searched as text.
 */
export function interpretQuery(q: string): Interpretation {
  let text = ` ${q.toLowerCase()} `;
  const levels = new Set<CefrLevel>();
  const types = new Set<ExerciseType>();
  let minutes: number | null = null;
  text = text.replace(/\b([abc][12])\b/g, (whole, level: string) => {
    levels.add(level.toUpperCase() as CefrLevel);
    return " ";
  });
  for (const [re, type] of TYPE_WORDS) {
    text = text.replace(new RegExp(re.source, "g"), () => {
      types.add(type);
      return " ";
    });
  }
  text = text.replace(
    /\b(?:about|around|~)?\s*(\d{1,3})\s*(?:-|\s)?(?:min|mins|minutes|minute|m)\b/g,
    (whole, n: string) => {
      const value = Number(n);
      if (value >= 3 && value <= 120) minutes = value;
      return " ";
    },
  );
  text = text.replace(/\b(for|about|around|with|a|an|the|of|on|in|minutes?)\b/g, " ");
  return {
    text: text.replace(/\s+/g, " ").trim(),
    levels: [...levels],
    types: [...types],
    minutes,
  };
}

export function durationBucket(minutes: number): DurationBucket {
  if (minutes <= 10) return "up-to-10";
  if (minutes <= 20) return "11-20";
  if (minutes <= 30) return "21-30";
  return "over-30";
}
