import type { CollectionName } from "./collections";

/**
 * The table behind each content collection: its columns, in order, and their kinds. One
 * registry drives the database tables, the SQLite dump served to browsers, the query
 * validator and the row types, so they cannot drift apart.
 *
 * Kinds: text and date (ISO 8601 strings, compared byte-wise), int, bool, and json
 * (selected but never filtered or sorted on). A trailing "?" marks a nullable column.
 */
export type ColumnKind = "text" | "date" | "int" | "bool" | "json" | "strings";
type Nullable<K extends ColumnKind> = `${K}?`;
type ColumnSpec = ColumnKind | Nullable<ColumnKind>;

const page = {
  id: "text",
  stem: "text",
  path: "text?",
  title: "text",
  description: "text",
  body: "text",
  extension: "text",
  meta: "json",
  navigation: "json",
  seo: "json",
} as const satisfies Record<string, ColumnSpec>;

const COLUMNS = {
  changelog: { ...page, publishedAt: "date", tags: "strings" },
  blog: {
    ...page,
    locale: "text",
    slug: "text",
    cover: "text",
    coverAlt: "text",
    publishedAt: "date",
    tags: "strings",
    author: "text",
    readingMinutes: "int",
  },
  landing: { ...page, locale: "text", slug: "text", name: "text", en: "text" },
  legal: { ...page, locale: "text", slug: "text", metaTitle: "text", updatedAt: "date" },
  faq: {
    ...page,
    locale: "text",
    slug: "text",
    question: "text",
    category: "text",
    position: "int",
  },
  newsletter: { ...page, slug: "text", publishedAt: "date", issue: "int" },
  email: {
    ...page,
    locale: "text",
    slug: "text",
    subject: "text",
    stream: "text",
    account: "text",
    country: "strings",
    interval: "int?",
    scheduled: "date?",
    valid: "date?",
  },
  transcript: {
    ...page,
    slug: "text",
    level: "text",
    topics: "strings",
    audio: "text",
    durationSeconds: "int",
    voices: "strings",
    isFree: "bool",
    publishedAt: "date",
  },
  // Data-only: each YAML file is one row whose data sits in meta.
  info: { id: "text", stem: "text", extension: "text", meta: "json" },
} as const satisfies Record<CollectionName, Record<string, ColumnSpec>>;

type Columns = typeof COLUMNS;
export type ColumnName<C extends CollectionName> = keyof Columns[C] & string;

interface KindTypes {
  text: string;
  date: string;
  int: number;
  bool: boolean;
  json: unknown;
  strings: string[];
}
type ValueOf<S> = S extends `${infer K extends ColumnKind}?`
  ? KindTypes[K] | null
  : S extends ColumnKind
    ? KindTypes[S]
    : never;

export type Row<C extends CollectionName> = { [K in ColumnName<C>]: ValueOf<Columns[C][K]> };

/** Columns a query may compare and sort by (not json). */
export type ScalarColumn<C extends CollectionName> = {
  [K in ColumnName<C>]: Columns[C][K] extends `json${string}` | `strings${string}` ? never : K;
}[ColumnName<C>];

const TABLE_PREFIX = "content_";
export function tableName(collection: CollectionName): string {
  return `${TABLE_PREFIX}${collection}`;
}

export interface ColumnInfo {
  name: string;
  kind: ColumnKind;
  nullable: boolean;
}

export function columnsOf(collection: CollectionName): ColumnInfo[] {
  return Object.entries(COLUMNS[collection] as Record<string, ColumnSpec>).map(([name, spec]) => ({
    name,
    kind: spec.replace("?", "") as ColumnKind,
    nullable: spec.endsWith("?"),
  }));
}

export function columnInfo(collection: CollectionName, name: string): ColumnInfo | undefined {
  return columnsOf(collection).find((c) => c.name === name);
}

export function isScalarKind(kind: ColumnKind): boolean {
  return kind !== "json" && kind !== "strings";
}

/**
 * Brings a row from either engine to one shape: PostgreSQL answers json as objects and
 * booleans as booleans, SQLite as text and 0/1; counts may come back as strings (bigint).
 */
export function normalizeRow(
  collection: CollectionName,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const info = columnInfo(collection, key);
    if (!info) {
      // Only count(…) produces a column outside the table.
      out[key] = typeof value === "string" || typeof value === "bigint" ? Number(value) : value;
      continue;
    }
    if (value === null || value === undefined) out[key] = null;
    else if (info.kind === "json" || info.kind === "strings")
      out[key] = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
    else if (info.kind === "bool") out[key] = value === true || value === 1 || value === "1";
    else if (info.kind === "int") out[key] = Number(value);
    else out[key] = String(value);
  }
  return out;
}
