import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "@db/schema";

type Schema = typeof schema;
/** The query interface shared by the PGlite and node-postgres drivers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

type NotificationHandler = (payload: string) => void;

export interface DatabaseHandle {
  readonly kind: "pglite" | "postgres";
  readonly db: Database;
  /** Runs a trivial query; rejects when the database is unreachable. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * False from the moment a connection to the database is seen failing until it answers
   * again (checked every second in the background): requests are then answered 503 at once
   * instead of each failing on its own.
   */
  isAvailable(): boolean;
  /** Tells the handle about an error a query met; a lost or refused connection counts. */
  reportError(error: unknown): void;
  /** Subscribes to a LISTEN/NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs read-only work whose statements the database itself cancels after `timeoutMs`
   * (PostgreSQL: `statement_timeout` in a transaction of its own), so a query the caller
   * gave up on does not go on running. PGlite runs queries on this very thread, so nothing
   * can wait on one there: the work runs as it is.
   */
  withStatementTimeout<T>(timeoutMs: number, work: (db: Database) => Promise<T>): Promise<T>;
  migrate(migrationsFolder: string): Promise<void>;
  /**
   * Raw SQL for libraries that bring their own queries (the job queue): with values, one
   * parameterised statement; without, a script of several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export class DatabaseLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is already open by another Parley process (pid ${pid}). ` +
        `Stop that process first, or point DATA_DIR at another directory. ` +
        `(For several instances, use a PostgreSQL server through DATABASE_URL.)`,
    );
    this.name = "DatabaseLockedError";
  }
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;
function assertChannel(channel: string) {
  if (!CHANNEL_RE.test(channel)) throw new Error(`Invalid notification channel name: ${channel}`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on an embedded data directory: a file holding the owner's pid,
 * created with O_EXCL. A lock left behind by a dead process is taken over.
 */
const locksHeldHere = new Set<string>();

export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "parley.lock");
  // A lock file naming our own pid is stale (a restarted container reuses pids) unless
  // this very process holds it.
  if (locksHeldHere.has(lockPath)) throw new DatabaseLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      fs.closeSync(fd);
      locksHeldHere.add(lockPath);
      return () => {
        locksHeldHere.delete(lockPath);
        try {
          const owner = JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid?: number };
          if (owner.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // The lock is already gone; nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let pid = NaN;
      try {
        pid = Number((JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid?: unknown }).pid);
      } catch {
        // Unreadable lock file: treat it as stale.
      }
      if (Number.isInteger(pid) && pid !== process.pid && isProcessAlive(pid)) {
        throw new DatabaseLockedError(dataDir, pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: shutting down, crashed, starting up, too many connections.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const CONNECTION_ERROR_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Connection refused/i;

/**
 * True when an error (or any error it wraps: Drizzle wraps the driver's) means the database
 * could not be reached, rather than that a query was wrong.
 */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (CONNECTION_ERROR_CODES.has(code) || code.startsWith("08")))
      return true;
    if (typeof message === "string" && CONNECTION_ERROR_MESSAGE.test(message)) return true;
    // Node reports a refused connection to every address of a host as an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner))) return true;
    current = cause;
  }
  return false;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Wraps an open PGlite instance (on disk or in memory) as a DatabaseHandle. */
export function pgliteHandle(client: PGlite, onClose?: () => void): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    async ping(timeoutMs = 2000) {
      await withTimeout(client.query("select 1"), timeoutMs, "Database ping");
    },
    // In the process itself: there is no connection to lose.
    isAvailable: () => true,
    reportError: () => undefined,
    async listen(channel, handler) {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, handler);
      return () => unsubscribe();
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    withStatementTimeout(_timeoutMs, work) {
      return work(db);
    },
    async migrate(migrationsFolder) {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async close() {
      if (!client.closed) await client.close();
      onClose?.();
    },
  };
}

export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireDataDirLock(dir);
  try {
    const client = await PGlite.create({
      dataDir: path.join(dir, "pgdata"),
      extensions: { pg_trgm },
      // Every committed transaction is flushed to the files before the query resolves.
      relaxedDurability: false,
    });
    return pgliteHandle(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** No request should wait on a runaway query: each statement gets at most this long. */
const STATEMENT_TIMEOUT_MS = 15_000;

/** While the database is unreachable, requests are answered 503 with this advice. */
export const DATABASE_RETRY_AFTER_S = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable (its database cannot be reached). Try again shortly.";

/** A connection attempt that gets no answer (a database cut off the network) fails after this. */
const CONNECT_TIMEOUT_MS = 5_000;
/** While the database is unreachable, it is tried this often. */
const RECHECK_MS = 1_000;

export function postgresHandle(
  connectionString: string,
  poolMax = 10,
  statementTimeoutMs = STATEMENT_TIMEOUT_MS,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: poolMax,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    statement_timeout: statementTimeoutMs || undefined,
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;

  // Reachability: lost on a failed connection, regained when a check in the background
  // (one query a second, only while it is lost) succeeds.
  let available = true;
  let recheck: NodeJS.Timeout | undefined;
  function connectionLost() {
    if (!available || closed) return;
    available = false;
    recheck = setInterval(() => {
      pool.query("select 1").then(
        () => {
          available = true;
          clearInterval(recheck);
          recheck = undefined;
        },
        () => undefined,
      );
    }, RECHECK_MS);
    recheck.unref();
  }
  // An idle client that loses its connection must not crash the process; it is news, though.
  pool.on("error", (error) => {
    if (isConnectionError(error)) connectionLost();
  });

  // Read-only work with a shorter statement timeout runs on pools of its own whose
  // connections carry that timeout from the start: a transaction and a `set local` around
  // each search cost three statements more per request (issue 19).
  const timedPools = new Map<number, { pool: pg.Pool; db: Database }>();
  function timedDatabase(timeoutMs: number): Database {
    const ms = Math.max(1, Math.floor(timeoutMs));
    let entry = timedPools.get(ms);
    if (!entry) {
      const timed = new pg.Pool({
        connectionString,
        max: Math.max(2, Math.ceil(poolMax / 2)),
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
        statement_timeout: ms,
        options: "-c default_transaction_read_only=on",
      });
      timed.on("error", (error) => {
        if (isConnectionError(error)) connectionLost();
      });
      entry = { pool: timed, db: drizzleNodePg(timed, { schema }) as unknown as Database };
      timedPools.set(ms, entry);
    }
    return entry.db;
  }

  // One dedicated connection carries every LISTEN of this instance.
  const handlers = new Map<string, Set<NotificationHandler>>();
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  async function connectListener(): Promise<pg.Client> {
    if (listener) return listener;
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString });
      client.on("notification", (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
      });
      client.on("error", () => {
        listener = null;
        connecting = null;
        client.end().catch(() => undefined);
        scheduleReconnect();
      });
      await client.connect();
      listener = client;
      return client;
    })();
    try {
      return await connecting;
    } finally {
      connecting = null;
    }
  }

  // A pg client runs one query at a time: LISTEN/UNLISTEN from concurrent subscribers (the
  // flags cache and the realtime hub start together) wait their turn on the listener.
  let listenerQueue: Promise<unknown> = Promise.resolve();
  function onListener(statement: string): Promise<unknown> {
    const run = listenerQueue.then(async () => (await connectListener()).query(statement));
    listenerQueue = run.catch(() => undefined);
    return run;
  }

  // After an outage the listener comes back by itself: tried every second until it does.
  let reconnecting: NodeJS.Timeout | undefined;
  function scheduleReconnect() {
    if (closed || handlers.size === 0 || reconnecting) return;
    reconnecting = setTimeout(() => {
      reconnecting = undefined;
      reconnect().catch(() => scheduleReconnect());
    }, RECHECK_MS);
    reconnecting.unref();
  }

  async function reconnect() {
    for (const channel of handlers.keys()) await onListener(`LISTEN ${channel}`);
  }

  return {
    kind: "postgres",
    db,
    async ping(timeoutMs = 2000) {
      try {
        await withTimeout(pool.query("select 1"), timeoutMs, "Database ping");
      } catch (error) {
        if (isConnectionError(error)) connectionLost();
        throw error;
      }
    },
    isAvailable: () => available,
    reportError(error) {
      if (isConnectionError(error)) connectionLost();
    },
    async listen(channel, handler) {
      assertChannel(channel);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await onListener(`LISTEN ${channel}`);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(channel);
        current?.delete(handler);
        if (current && current.size === 0) {
          handlers.delete(channel);
          if (listener) await onListener(`UNLISTEN ${channel}`).catch(() => undefined);
        }
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    withStatementTimeout(timeoutMs, work) {
      return work(timedDatabase(timeoutMs));
    },
    async migrate(migrationsFolder) {
      // Several instances may start at once: one migrates while the others wait on the lock.
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(7263541)");
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(7263541)").catch(() => undefined);
        await client.end();
      }
    },
    async executeSql(text, values) {
      try {
        const result = await pool.query(text, values);
        // A script answers with one result per statement; the last one is the answer.
        const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
        return { rows: last?.rows ?? [] };
      } catch (error) {
        if (isConnectionError(error)) connectionLost();
        throw error;
      }
    },
    async close() {
      closed = true;
      clearInterval(recheck);
      clearTimeout(reconnecting);
      handlers.clear();
      await listener?.end().catch(() => undefined);
      await Promise.all([...timedPools.values()].map(({ pool: timed }) => timed.end()));
      await pool.end();
    },
  };
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return postgresHandle(options.databaseUrl, options.poolMax);
  return openPglite(options.dataDir);
}

/** True when the database has no rows in the given table (used to decide on demo seeding). */
export async function isTableEmpty(db: Database, table: string): Promise<boolean> {
  const rows = await queryRows<{ present: boolean }>(
    db,
    sql.raw(`select exists(select 1 from "${table}") as present`),
  );
  return rows[0]?.present !== true;
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer with `{ rows }`; the shared
 * PgDatabase type cannot say so, hence the narrowing here and only here.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs work in one transaction, typed as the shared Database (a drizzle transaction has
 * the same query interface; its own type differs by driver).
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}

/**
 * A statement written with numbered parameters ($1, $2 …), as a library hands it over, as
 * a drizzle query: so it can run in a drizzle transaction.
 */
export function sqlFromText(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) =>
    // Drizzle leaves out an undefined value altogether; the statement means NULL.
    i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
  );
  return sql.join(chunks);
}

/**
 * A text[] parameter. Drizzle spreads a JS array in a `sql` template into a list of
 * parameters (for IN lists); this passes the whole array as one array literal instead.
 */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}
