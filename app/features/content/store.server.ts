import { sql, type SQL } from "drizzle-orm";
import { contentEdits } from "@db/schema";
import { queryRows, type Database, type DatabaseHandle } from "~/lib/db.server";
import { createHash } from "node:crypto";
import type { Logger } from "~/lib/log.server";
import { fillSiteFacts, hasSiteFacts, type SiteFactsSource } from "~/lib/site-facts";
import {
  buildCollections,
  ContentBuildError,
  type BuiltCollection,
  type SourceFile,
} from "./build";
import { COLLECTIONS, type CollectionName } from "./collections";
import { columnsOf, normalizeRow, tableName, type ColumnInfo } from "./columns";
import {
  effectiveLimit,
  loadSqlParser,
  QueryRejected,
  validateQuery,
  type Expr,
  type ValidatedQuery,
} from "./guard.server";
import { contentQuery, type ContentQuery, type Executor } from "./query";

const CONTENT_CHANNEL = "content_changed";
/** A content query never runs longer than this. */
const CONTENT_QUERY_TIMEOUT_MS = 2000;

const sourceFiles = import.meta.glob<string>(
  [
    "/content/{changelog,blog,landing,legal,faq,newsletter,email,transcript}/**/*.md",
    "/content/info/*.{yml,yaml}",
  ],
  { eager: true, query: "?raw", import: "default" },
);

/** The content files bundled into the server build. */
function bundledSources(): SourceFile[] {
  return Object.entries(sourceFiles).map(([path, text]) => ({
    path: path.replace(/^\/content\//, ""),
    text,
  }));
}

/**
 * The content files as they stand: the bundled ones with the administrators' changes
 * (content_edits, decision record 014) laid over them — a changed file replaces the bundled
 * one, a new one is added, a deleted one is left out.
 */
export async function contentSources(
  db: Database,
  /** Edits to leave out (files a newer release no longer accepts: see syncContent). */
  skip: ReadonlySet<string> = new Set(),
): Promise<SourceFile[]> {
  const edits = await db
    .select({ path: contentEdits.path, text: contentEdits.text })
    .from(contentEdits);
  const byPath = new Map(bundledSources().map((file) => [file.path, file.text]));
  for (const edit of edits) {
    if (skip.has(edit.path)) continue;
    if (edit.text === null) byPath.delete(edit.path);
    else byPath.set(edit.path, edit.text);
  }
  return [...byPath]
    .map(([path, text]) => ({ path, text }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

// ---------------------------------------------------------------------------------------
// Tables

function pgType(column: ColumnInfo): string {
  const base =
    column.kind === "int"
      ? "bigint"
      : column.kind === "bool"
        ? "boolean"
        : column.kind === "json" || column.kind === "strings"
          ? "jsonb"
          : // Byte-wise comparison, as in SQLite: both engines sort and compare alike.
            'text COLLATE "C"';
  return `${base}${column.nullable ? "" : " NOT NULL"}`;
}

function valueSql(column: ColumnInfo, value: unknown): SQL {
  if (value === null || value === undefined) return sql`NULL`;
  if (column.kind === "json" || column.kind === "strings")
    return sql`${JSON.stringify(value)}::jsonb`;
  return sql`${value}`;
}

async function rebuildTable(db: Database, built: BuiltCollection): Promise<void> {
  const table = tableName(built.name);
  const columns = columnsOf(built.name);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // One instance rebuilds at a time; the others find the new version and skip.
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${built.name}`}))`);
    const current = await queryRows<{ version: string }>(
      t,
      sql`select version from content_versions where collection = ${built.name}`,
    );
    if (current[0]?.version === built.version) return;
    await t.execute(sql.raw(`DROP TABLE IF EXISTS "${table}"`));
    const defs = columns.map(
      (c) => `"${c.name}" ${pgType(c)}${c.name === "id" ? " PRIMARY KEY" : ""}`,
    );
    await t.execute(sql.raw(`CREATE TABLE "${table}" (${defs.join(", ")})`));
    const names = sql.raw(columns.map((c) => `"${c.name}"`).join(", "));
    for (let i = 0; i < built.rows.length; i += 50) {
      const chunk = built.rows.slice(i, i + 50) as unknown as Record<string, unknown>[];
      const values = chunk.map(
        (row) =>
          sql`(${sql.join(
            columns.map((c) => valueSql(c, row[c.name])),
            sql`, `,
          )})`,
      );
      await t.execute(
        sql`INSERT INTO ${sql.raw(`"${table}"`)} (${names}) VALUES ${sql.join(values, sql`, `)}`,
      );
    }
    await t.execute(sql`
      insert into content_versions (collection, version, row_count, built_at)
      values (${built.name}, ${built.version}, ${built.rows.length}, now())
      on conflict (collection) do update
        set version = excluded.version, row_count = excluded.row_count, built_at = now()`);
  });
}

export interface ContentSyncResult {
  rebuilt: CollectionName[];
}

/**
 * Builds the collections from the given files (by default the bundled ones with the
 * administrators' changes over them) and rebuilds each table whose version changed. Cheap
 * when nothing changed (one small query), so it runs at every start.
 */
export async function syncContent(
  database: DatabaseHandle,
  files?: readonly SourceFile[],
  log?: Logger,
): Promise<ContentSyncResult> {
  const rebuilt = await database.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // One sync at a time on every instance, reading the edits inside it: a change saved while
    // another sync runs is built in by the later sync, never undone by an older snapshot.
    await t.execute(sql`select pg_advisory_xact_lock(hashtext('content:sync'))`);
    const built = files ? buildCollections(files) : await buildCurrent(t, log);
    const stored = await queryRows<{ collection: string; version: string }>(
      t,
      sql`select collection, version from content_versions`,
    );
    const known = new Map(stored.map((r) => [r.collection, r.version]));
    const changed: CollectionName[] = [];
    for (const name of COLLECTIONS) {
      const collection = built[name] as BuiltCollection;
      if (known.get(name) === collection.version) continue;
      await rebuildTable(t, collection);
      changed.push(name);
    }
    return changed;
  });
  if (rebuilt.length) await database.notify(CONTENT_CHANNEL, rebuilt.join(","));
  return { rebuilt };
}

/**
 * The collections from the bundled files and the administrators' changes. A change that a
 * newer release's schemas refuse is left out (the bundled file, if any, stands in) and
 * logged, rather than keeping every instance from starting.
 */
async function buildCurrent(db: Database, log?: Logger) {
  try {
    return buildCollections(await contentSources(db));
  } catch (error) {
    if (!(error instanceof ContentBuildError)) throw error;
    const edits = await db.select({ path: contentEdits.path }).from(contentEdits);
    const refused = new Set(
      edits
        .map((e) => e.path)
        .filter((path) => error.problems.some((p) => p.startsWith(`content/${path}:`))),
    );
    if (refused.size === 0) throw error;
    log?.warn(
      { refused: [...refused], problems: error.problems },
      "administrator's content left out",
    );
    return buildCollections(await contentSources(db, refused));
  }
}

// ---------------------------------------------------------------------------------------
// Access

export interface ContentViewer {
  signedIn: boolean;
  isAdmin: boolean;
  isPremium: boolean;
  /** The moment of the request: scheduled entries stay hidden until it. */
  now: Date;
}

/** A visitor who is not signed in, at a given moment. */
/** When each content collection was last rebuilt (the sitemap's lastmod). */
export async function collectionBuildTimes(db: Database): Promise<Map<string, Date | string>> {
  const rows = await queryRows<{ collection: string; built_at: Date | string }>(
    db,
    sql`select collection, built_at from content_versions`,
  );
  return new Map(rows.map((r) => [r.collection, r.built_at]));
}

export function anonymousViewer(now: Date): ContentViewer {
  return { signedIn: false, isAdmin: false, isPremium: false, now };
}

export class ContentAccessError extends Error {
  constructor(readonly status: 401 | 403) {
    super(status === 401 ? "Sign in to read this collection" : "This collection is not public");
  }
}

/**
 * Who may read what. Email templates are for admins; transcripts for signed-in users, and
 * only the free tracks' transcripts unless they are premium. Scheduled entries and tracks
 * (publishedAt in the future) stay hidden until their date, except to administrators.
 */
function visibility(collection: CollectionName, viewer: ContentViewer): Expr | null {
  if (collection === "email" && !viewer.isAdmin)
    throw new ContentAccessError(viewer.signedIn ? 403 : 401);
  if (collection === "transcript") {
    if (!viewer.signedIn) throw new ContentAccessError(401);
    if (viewer.isAdmin) return null;
    // A track scheduled in the admin panel stays unheard and unread until its day.
    const published: Expr = {
      kind: "compare",
      column: "publishedAt",
      op: "<=",
      value: viewer.now.toISOString(),
    };
    if (viewer.isPremium) return published;
    return {
      kind: "and",
      args: [{ kind: "compare", column: "isFree", op: "=", value: true }, published],
    };
  }
  if (collection === "blog" || collection === "changelog" || collection === "newsletter")
    return { kind: "compare", column: "publishedAt", op: "<=", value: viewer.now.toISOString() };
  return null;
}

/** Whether a collection's visible rows are the same for everyone (so a CDN may cache them). */
export function isPublicCollection(collection: CollectionName): boolean {
  return collection !== "email" && collection !== "transcript";
}

// ---------------------------------------------------------------------------------------
// Running validated queries

function exprSql(expr: Expr): SQL {
  switch (expr.kind) {
    case "and":
    case "or":
      return sql`(${sql.join(
        expr.args.map(exprSql),
        sql.raw(expr.kind === "and" ? " AND " : " OR "),
      )})`;
    case "compare":
      return sql`${sql.identifier(expr.column)} ${sql.raw(expr.op)} ${expr.value}`;
    case "in":
      return sql`${sql.identifier(expr.column)} ${sql.raw(expr.negated ? "NOT IN" : "IN")} (${sql.join(
        expr.values.map((v) => sql`${v}`),
        sql`, `,
      )})`;
    case "null":
      return sql`${sql.identifier(expr.column)} ${sql.raw(expr.negated ? "IS NOT NULL" : "IS NULL")}`;
  }
}

/** The statement that runs: written from the validated query, literals as parameters. */
function compileQuery(query: ValidatedQuery, forced: Expr | null): SQL {
  const table = sql.identifier(tableName(query.collection));
  const conditions = [forced, query.where].filter((e): e is Expr => e !== null);
  const where = conditions.length
    ? sql` WHERE ${sql.join(conditions.map(exprSql), sql` AND `)}`
    : sql``;
  if (query.count) {
    const target = query.count.column
      ? sql`${sql.raw(query.count.distinct ? "DISTINCT " : "")}${sql.identifier(query.count.column)}`
      : sql`*`;
    return sql`SELECT COUNT(${target}) AS "count" FROM ${table}${where}`;
  }
  const select = query.columns
    ? sql.join(
        query.columns.map((c) => sql.identifier(c)),
        sql`, `,
      )
    : sql`*`;
  const orders = query.orders.map(
    (o) => sql`${sql.identifier(o.column)} ${sql.raw(`${o.direction} NULLS ${o.nulls}`)}`,
  );
  const orderSql = orders.length ? sql` ORDER BY ${sql.join(orders, sql`, `)}` : sql``;
  return sql`SELECT ${select} FROM ${table}${where}${orderSql} LIMIT ${effectiveLimit(query)} OFFSET ${query.offset}`;
}

async function readOnly<T>(
  database: DatabaseHandle,
  run: (db: Database) => Promise<T>,
): Promise<T> {
  return database.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql`SET TRANSACTION READ ONLY`);
    await t.execute(sql.raw(`SET LOCAL statement_timeout = ${CONTENT_QUERY_TIMEOUT_MS}`));
    return run(t);
  });
}

const factsProviders = new WeakMap<DatabaseHandle, () => SiteFactsSource>();

/**
 * Where a database's content store finds the operator's details that fill content tokens
 * (lib/site-facts.ts); the app gives Admin → Site settings' values, current on every read.
 */
export function provideSiteFacts(database: DatabaseHandle, facts: () => SiteFactsSource): void {
  factsProviders.set(database, facts);
}

/** Per-process content state: versions of each collection, kept current by NOTIFY. */
export class ContentStore {
  private storedVersions: Partial<Record<CollectionName, string>> = {};
  private mixed: {
    facts: SiteFactsSource | undefined;
    stored: object;
    versions: Partial<Record<CollectionName, string>>;
  } | null = null;
  /** Statements run for queries (the attack tests check that rejected ones never run). */
  executed = 0;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly listeners = new Set<(collections: string[]) => void>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log?: Logger,
  ) {}

  async start(): Promise<void> {
    await loadSqlParser();
    await this.loadVersions();
    this.unlisten = await this.database.listen(CONTENT_CHANNEL, (payload) => {
      this.loadVersions()
        .then(() => {
          for (const listener of this.listeners) listener(payload.split(","));
        })
        .catch((error: unknown) =>
          this.log?.warn({ err: error }, "content versions reload failed"),
        );
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  onChange(listener: (collections: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async loadVersions(): Promise<void> {
    const rows = await queryRows<{ collection: CollectionName; version: string }>(
      this.database.db,
      sql`select collection, version from content_versions`,
    );
    this.storedVersions = Object.fromEntries(rows.map((r) => [r.collection, r.version]));
  }

  /**
   * Each collection's version as clients see it: the stored one, mixed with the operator's
   * details when they are known, so that a change of those reaches cached copies too.
   */
  get versions(): Partial<Record<CollectionName, string>> {
    // The provider hands out the same object until the details change: hash only then.
    const facts = factsProviders.get(this.database)?.();
    if (!this.mixed || this.mixed.facts !== facts || this.mixed.stored !== this.storedVersions) {
      const tag = facts ? JSON.stringify(facts) : "";
      const versions = Object.fromEntries(
        Object.entries(this.storedVersions).map(([collection, version]) => [
          collection,
          tag
            ? createHash("sha256").update(`${version}\n${tag}`).digest("hex").slice(0, 16)
            : version,
        ]),
      );
      this.mixed = { facts, stored: this.storedVersions, versions };
    }
    return this.mixed.versions;
  }

  /** A row with the operator's details in place of its tokens (bodies are HTML). */
  private filled(row: Record<string, unknown>): Record<string, unknown> {
    const facts = factsProviders.get(this.database)?.();
    if (!facts) return row;
    let out: Record<string, unknown> | null = null;
    for (const [key, value] of Object.entries(row)) {
      if (typeof value !== "string" || !hasSiteFacts(value)) continue;
      out ??= { ...row };
      out[key] = fillSiteFacts(value, facts, { html: key === "body" });
    }
    return out ?? row;
  }

  /**
   * Validates and runs one query for a viewer. Throws QueryRejected (400) or
   * ContentAccessError (401/403); rows come back normalized.
   */
  async execute(
    collection: CollectionName,
    text: unknown,
    viewer: ContentViewer,
  ): Promise<Record<string, unknown>[]> {
    const forced = visibility(collection, viewer);
    const query = validateQuery(collection, text);
    this.executed++;
    const rows = await readOnly(this.database, (db) =>
      queryRows<Record<string, unknown>>(db, compileQuery(query, forced)),
    );
    return rows.map((row) => this.filled(normalizeRow(collection, row)));
  }

  /** A query builder whose statements run here, for this viewer. */
  query<C extends CollectionName>(collection: C, viewer: ContentViewer): ContentQuery<C> {
    return contentQuery(collection, this.executor(viewer));
  }

  executor(viewer: ContentViewer): Executor {
    return (collection, text) => this.execute(collection, text, viewer);
  }

  /**
   * The rows a viewer may see as SQLite statements (spec §7's sql_dump): a browser loads
   * them into an in-memory database and answers the same queries locally.
   */
  async dump(collection: CollectionName, viewer: ContentViewer): Promise<string> {
    const forced = visibility(collection, viewer);
    const table = tableName(collection);
    const columns = columnsOf(collection);
    const where = forced ? sql` WHERE ${exprSql(forced)}` : sql``;
    const rows = await readOnly(this.database, (db) =>
      queryRows<Record<string, unknown>>(
        db,
        sql`SELECT * FROM ${sql.identifier(table)}${where} ORDER BY "stem" ASC`,
      ),
    );
    const lines = [
      `-- Parley content: ${collection} ${this.versions[collection] ?? ""}`.trim(),
      `CREATE TABLE "${table}" (${columns
        .map((c) => `"${c.name}" ${sqliteType(c)}${c.name === "id" ? " PRIMARY KEY" : ""}`)
        .join(", ")});`,
    ];
    const names = columns.map((c) => `"${c.name}"`).join(", ");
    for (const stored of rows) {
      const row = this.filled(stored);
      const values = columns.map((c) => sqliteLiteral(c, row[c.name]));
      lines.push(`INSERT INTO "${table}" (${names}) VALUES (${values.join(", ")});`);
    }
    return `${lines.join("\n")}\n`;
  }
}

const stores = new WeakMap<DatabaseHandle, Promise<ContentStore>>();

/** The content store of a database, started on first use. */
export function contentStore(database: DatabaseHandle): Promise<ContentStore> {
  let store = stores.get(database);
  if (!store) {
    const created = new ContentStore(database);
    store = created.start().then(() => created);
    store.catch(() => stores.delete(database));
    stores.set(database, store);
  }
  return store;
}

function sqliteType(column: ColumnInfo): string {
  const base = column.kind === "int" || column.kind === "bool" ? "INTEGER" : "TEXT";
  return `${base}${column.nullable ? "" : " NOT NULL"}`;
}

function sqliteString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function sqliteLiteral(column: ColumnInfo, value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  switch (column.kind) {
    case "int":
      return String(Number(value));
    case "bool":
      return value === true ? "1" : "0";
    case "json":
    case "strings":
      return sqliteString(typeof value === "string" ? value : JSON.stringify(value));
    default:
      return sqliteString(String(value));
  }
}

export { QueryRejected };
