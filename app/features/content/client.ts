import type { Database as SqliteDatabase, SqlJsStatic, SqlValue } from "sql.js";
import type { CollectionName } from "./collections";
import { normalizeRow } from "./columns";
import { VERSIONS_META } from "./preload";
import { contentQuery, type ContentQuery, type Executor } from "./query";

/**
 * Content queries in the browser (spec §7). With WebAssembly, a collection's rows are
 * downloaded once as SQL (GET …/sql_dump.txt?v=) into an in-memory SQLite database, after
 * the first paint, and queries run there. Without WebAssembly, or when the download fails,
 * they go to POST …/query?v= instead. Both give the same rows (see content-parity tests).
 */

export type ContentVersions = Partial<Record<CollectionName, string>>;

/** The collection versions the server rendered into the page. */
export function pageContentVersions(): ContentVersions {
  if (typeof document === "undefined") return {};
  const raw = document.querySelector(`meta[name="${VERSIONS_META}"]`)?.getAttribute("content");
  try {
    return raw ? (JSON.parse(raw) as ContentVersions) : {};
  } catch {
    return {};
  }
}

function hasWebAssembly(): boolean {
  return typeof WebAssembly === "object" && typeof WebAssembly.instantiate === "function";
}

/**
 * PostgreSQL's LIKE: case-sensitive, % and _ wildcards, backslash escapes the next
 * character. SQLite's built-in LIKE ignores ASCII case and has no escape, so local
 * databases get this one instead.
 */
function likeToRegExp(pattern: string): RegExp {
  let source = "";
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === "\\") {
      const next = chars[++i] ?? "";
      source += next.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    } else if (c === "%") source += "[\\s\\S]*";
    else if (c === "_") source += "[\\s\\S]";
    else source += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "u");
}

function postgresLike(pattern: SqlValue, value: SqlValue): number | null {
  if (pattern === null || value === null) return null;
  return likeToRegExp(String(pattern)).test(String(value)) ? 1 : 0;
}

type SqlJs = SqlJsStatic;
let engine: Promise<SqlJs> | null = null;

/** sql.js and its WebAssembly, fetched on first use only. */
function loadEngine(): Promise<SqlJs> {
  engine ??= (async () => {
    const [{ default: init }, { default: wasmUrl }] = await Promise.all([
      import("sql.js/dist/sql-wasm-browser.js"),
      import("sql.js/dist/sql-wasm-browser.wasm?url"),
    ]);
    return init({ locateFile: () => wasmUrl });
  })();
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/** Opens a database from a dump's SQL text, with PostgreSQL's LIKE. */
export async function openDump(text: string, sqlJs?: SqlJs): Promise<SqliteDatabase> {
  const SQL = sqlJs ?? (await loadEngine());
  const db = new SQL.Database();
  db.create_function("like", postgresLike);
  db.exec(text);
  return db;
}

/** Runs a builder query on a local database, answering rows as objects. */
export function runLocal(db: SqliteDatabase, sql: string): Record<string, unknown>[] {
  const results = db.exec(sql);
  const result = results[0];
  if (!result) return [];
  return result.values.map((values) =>
    Object.fromEntries(result.columns.map((column, i) => [column, values[i] ?? null])),
  );
}

const local = new Map<string, Promise<SqliteDatabase>>();
const failed = new Set<string>();

function dumpUrl(collection: CollectionName, version: string | undefined) {
  return `/api/content/${collection}/sql_dump.txt${version ? `?v=${version}` : ""}`;
}

/** Downloads and opens a collection's local copy (once per version). */
export function loadCollection(
  collection: CollectionName,
  version: string | undefined,
): Promise<SqliteDatabase> {
  const key = `${collection}@${version ?? ""}`;
  let entry = local.get(key);
  if (!entry) {
    entry = (async () => {
      const response = await fetch(dumpUrl(collection, version), { credentials: "same-origin" });
      if (!response.ok) throw new Error(`Content dump ${collection}: ${response.status}`);
      return openDump(await response.text());
    })();
    entry.catch(() => {
      local.delete(key);
      failed.add(key);
    });
    local.set(key, entry);
  }
  return entry;
}

async function remote(collection: CollectionName, sql: string, version?: string) {
  const response = await fetch(
    `/api/content/${collection}/query${version ? `?v=${version}` : ""}`,
    {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sql }),
    },
  );
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `Content query failed (${response.status})`);
  }
  return (await response.json()) as Record<string, unknown>[];
}

/** Where a browser query ran, for tests and diagnostics. */
const lastRun: { where: "local" | "remote" | null } = { where: null };

const browserExecutor: Executor = async (collection, sql) => {
  const version = pageContentVersions()[collection];
  const key = `${collection}@${version ?? ""}`;
  if (hasWebAssembly() && !failed.has(key)) {
    try {
      const db = await loadCollection(collection, version);
      lastRun.where = "local";
      return runLocal(db, sql);
    } catch {
      // Fall through to the server.
    }
  }
  lastRun.where = "remote";
  return remote(collection, sql, version);
};

/**
 * A small diagnostics handle for this page's content queries, so support and the end-to-end
 * suite can compare the local copy with the server for the same SQL.
 */
interface ContentDiagnostics {
  local(collection: CollectionName, sql: string): Promise<Record<string, unknown>[]>;
  remote(collection: CollectionName, sql: string): Promise<Record<string, unknown>[]>;
  lastRun: typeof lastRun;
}

if (typeof window !== "undefined")
  (window as { __parleyContent?: ContentDiagnostics }).__parleyContent = {
    async local(collection, sql) {
      const db = await loadCollection(collection, pageContentVersions()[collection]);
      return runLocal(db, sql).map((row) => normalizeRow(collection, row));
    },
    remote: (collection, sql) => remote(collection, sql, pageContentVersions()[collection]),
    lastRun,
  };

/** A query that runs in the browser (local copy, or the server as a fallback). */
export function browserQuery<C extends CollectionName>(collection: C): ContentQuery<C> {
  return contentQuery(collection, browserExecutor);
}

/** The interface language the server rendered this document in. */
export function documentLocale(): string {
  if (typeof document === "undefined") return "en";
  const raw = document.querySelector('meta[name="parley-i18n"]')?.getAttribute("content");
  try {
    return raw ? ((JSON.parse(raw) as { locale?: string }).locale ?? "en") : "en";
  } catch {
    return "en";
  }
}
