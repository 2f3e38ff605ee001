/**
 * `npm run bench:search`: server search latency (p50/p95/p99) for a fixed set of queries
 * with and without filters, on the seed library and on 100,000 exercises, on PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL, or a throwaway cluster started by scripts/pg-temp.sh).
 * Prints figures only; asserts nothing about speed.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import pg from "pg";
import { it } from "vitest";
import { parseSearchParams } from "~/features/library/search-params";
import { announceLibraryChange } from "~/features/library/library-index.server";
import { searchExercises } from "~/features/library/search.server";
import { syncLibrary } from "~/features/library/sync.server";
import { pgliteHandle, postgresHandle, queryRows, type DatabaseHandle } from "~/lib/db.server";

const MIGRATIONS = path.resolve("db/migrations");
const TARGET_ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 12);

const QUERIES = [
  "",
  "travel",
  "enviroment",
  "job interview",
  "debate technology",
  "b1 role-play travel 15 min",
  "would you rather food",
  "find someone who",
];
const FILTERS = [
  "",
  "level=B1",
  "level=B1&type=discussion&duration=11-20",
  "free=1",
  "topic=travel&sort=newest",
];

// A fixed moment: the figures must not depend on the day the bench runs.
const BENCH_NOW = new Date("2026-12-09T10:00:00Z");
const viewer = {
  premium: true,
  admin: false,
  userId: null,
  favorites: new Set<string>(),
  now: BENCH_NOW,
};

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function measure(handle: DatabaseHandle, label: string) {
  const timings: number[] = [];
  const cold: number[] = [];
  const slowest: { label: string; ms: number }[] = [];
  for (const q of QUERIES) {
    for (const f of FILTERS) {
      const params = parseSearchParams(
        new URLSearchParams(`${f}${f ? "&" : ""}q=${encodeURIComponent(q)}`),
      );
      // The first search of a query is cold (no remembered text match): measured apart.
      const coldStart = performance.now();
      await searchExercises(handle, params, viewer);
      cold.push(performance.now() - coldStart);
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await searchExercises(handle, params, viewer);
        const ms = performance.now() - start;
        timings.push(ms);
        slowest.push({ label: `q="${q}" ${f || "(no filters)"}`, ms });
      }
    }
  }
  timings.sort((a, b) => a - b);
  cold.sort((a, b) => a - b);
  const line = `${label.padEnd(34)} p50 ${percentile(timings, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(timings, 95).toFixed(1).padStart(6)} ms   p99 ${percentile(timings, 99).toFixed(1).padStart(6)} ms   (${timings.length} searches)`;
  process.stdout.write(`${line}\n`);
  process.stdout.write(
    `${"  first search of each query".padEnd(34)} p50 ${percentile(cold, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(cold, 95).toFixed(1).padStart(6)} ms   p99 ${percentile(cold, 99).toFixed(1).padStart(6)} ms   (${cold.length} searches)\n`,
  );
  const worst = slowest
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map((s) => `${s.label} ${s.ms.toFixed(0)} ms`);
  process.stdout.write(`${"".padEnd(34)} slowest: ${worst.join("; ")}\n`);
  return line;
}

/** The no-text filter sets compared with the same work done in SQL (measureSqlFacets). */
const FACET_FILTERS: { label: string; query: string; where: Partial<SqlFilter> }[] = [
  { label: "(no filters)", query: "", where: {} },
  { label: "level=B1", query: "level=B1", where: { level: "B1" } },
  {
    label: "level=B1&type=discussion&duration=11-20",
    query: "level=B1&type=discussion&duration=11-20",
    where: { level: "B1", type: "discussion", minutes: [11, 20] },
  },
  { label: "free=1", query: "free=1", where: { free: true } },
  { label: "topic=travel", query: "topic=travel", where: { topic: "travel" } },
];

interface SqlFilter {
  level: string;
  type: string;
  minutes: [number, number];
  free: boolean;
  topic: string;
}

/** The WHERE clause of a filter set, leaving out one facet (its own counts ignore it). */
function sqlWhere(where: Partial<SqlFilter>, except?: keyof SqlFilter) {
  const parts = [sql`true`];
  if (where.level && except !== "level") parts.push(sql`level = ${where.level}`);
  if (where.type && except !== "type") parts.push(sql`type = ${where.type}`);
  if (where.minutes && except !== "minutes")
    parts.push(sql`duration_minutes between ${where.minutes[0]} and ${where.minutes[1]}`);
  if (where.free && except !== "free") parts.push(sql`is_free`);
  if (where.topic && except !== "topic") parts.push(sql`${where.topic} = any(topics)`);
  return sql.join(parts, sql` and `);
}

/**
 * What the library index (library-index.server.ts) computes in one pass over typed arrays —
 * the first page, the total and the count of every filter value under the other filters —
 * done by PostgreSQL instead: one query per facet plus the page and the total. Measured on
 * the same database and filter sets as searchExercises without text, for decision record 009.
 */
async function measureSqlFacets(handle: DatabaseHandle, label: string) {
  const index: number[] = [];
  const inSql: number[] = [];
  for (const f of FACET_FILTERS) {
    const params = parseSearchParams(new URLSearchParams(f.query));
    await searchExercises(handle, params, viewer);
    const w = f.where;
    const run = () =>
      Promise.all([
        queryRows(
          handle.db,
          sql`select id from exercises where ${sqlWhere(w)} order by published_at desc limit 24`,
        ),
        queryRows(handle.db, sql`select count(*)::int as n from exercises where ${sqlWhere(w)}`),
        queryRows(
          handle.db,
          sql`select level, count(*)::int as n from exercises where ${sqlWhere(w, "level")} group by level`,
        ),
        queryRows(
          handle.db,
          sql`select type, count(*)::int as n from exercises where ${sqlWhere(w, "type")} group by type`,
        ),
        queryRows(
          handle.db,
          sql`select t, count(*)::int as n from exercises, unnest(topics) t where ${sqlWhere(w, "topic")} group by t`,
        ),
        queryRows(
          handle.db,
          sql`select width_bucket(duration_minutes, array[11, 21, 31]) as b, count(*)::int as n from exercises where ${sqlWhere(w, "minutes")} group by b`,
        ),
        queryRows(
          handle.db,
          sql`select g, count(*)::int as n from exercises, unnest("grouping") g where ${sqlWhere(w)} group by g`,
        ),
        queryRows(
          handle.db,
          sql`select a, count(*)::int as n from exercises, unnest(audience) a where ${sqlWhere(w)} group by a`,
        ),
        queryRows(
          handle.db,
          sql`select is_free, count(*)::int as n from exercises where ${sqlWhere(w, "free")} group by is_free`,
        ),
      ]);
    await run();
    for (let i = 0; i < RUNS; i++) {
      let start = performance.now();
      await searchExercises(handle, params, viewer);
      index.push(performance.now() - start);
      start = performance.now();
      await run();
      inSql.push(performance.now() - start);
    }
  }
  index.sort((a, b) => a - b);
  inSql.sort((a, b) => a - b);
  const p50Index = percentile(index, 50);
  const p50Sql = percentile(inSql, 50);
  process.stdout.write(
    `${`${label}, filters and counts without text`.padEnd(34)} index p50 ${p50Index.toFixed(1)} ms (p95 ${percentile(index, 95).toFixed(1)})   same in SQL p50 ${p50Sql.toFixed(1)} ms (p95 ${percentile(inSql, 95).toFixed(1)})   SQL/index ${(p50Sql / p50Index).toFixed(1)}×\n`,
  );
}

/** Grows the library to about TARGET_ROWS by copying the seed exercises with varied metadata. */
async function grow(handle: DatabaseHandle) {
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from exercises`,
  );
  const copies = Math.ceil(TARGET_ROWS / Number(n)) - 1;
  const levels = ["A1", "A2", "B1", "B2", "C1", "C2"];
  const batch = 4;
  for (let from = 1; from <= copies; from += batch) {
    const to = Math.min(copies, from + batch - 1);
    await handle.db.execute(sql`
      insert into exercises (id, type, title, summary, level, topics, skill_focus, grammar, functions, vocabulary_focus,
        duration_minutes, grouping, audience, teacher_notes, content, vocabulary, is_free, is_fresh, free_expires_at,
        published_at, search_text, source_hash)
      select e.id || '-v' || g, e.type, e.title || ' (variant ' || g || ')', e.summary,
        (${sql.raw(`array['${levels.join("','")}']`)})[1 + ((g + length(e.id)) % 6)],
        e.topics, e.skill_focus, e.grammar, e.functions, e.vocabulary_focus,
        5 + ((e.duration_minutes + g) % 40), e.grouping, e.audience, e.teacher_notes, e.content, e.vocabulary,
        (g % 5 = 0), false, null, e.published_at - (g || ' days')::interval, e.search_text, null
      from exercises e cross join generate_series(${from}::int, ${to}::int) g
      where e.id not like '%-v%'`);
    await handle.db.execute(sql`
      insert into exercise_search (id, search_vector)
      select s.id || '-v' || g, s.search_vector from exercise_search s cross join generate_series(${from}::int, ${to}::int) g
      where s.id not like '%-v%'`);
  }
  await handle.db.execute(sql`analyze exercises`);
  // The copies repeat the seed's words, so the typo-correction vocabulary stays as it is.
  await announceLibraryChange(handle);
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    handle.db,
    sql`select count(*)::int as total from exercises`,
  );
  return total;
}

async function benchOn(kind: string, open: () => Promise<DatabaseHandle>) {
  const handle = await open();
  try {
    await handle.migrate(MIGRATIONS);
    await syncLibrary(handle.db, BENCH_NOW);
    await handle.db.execute(sql`analyze`);
    await measure(handle, `${kind}, seed library`);
    const total = await grow(handle);
    await measure(handle, `${kind}, ${total.toLocaleString("en")} exercises`);
    await measureSqlFacets(handle, `${kind}, ${total.toLocaleString("en")}`);
  } finally {
    await handle.close();
  }
}

it("measures search latency", async () => {
  process.stdout.write(
    `\nSearch latency (${QUERIES.length} queries × ${FILTERS.length} filter sets × ${RUNS} runs, facets included)\n`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
  await benchOn("PGlite", async () =>
    pgliteHandle(await PGlite.create({ dataDir: dir, extensions: { pg_trgm } })),
  );
  fs.rmSync(dir, { recursive: true, force: true });

  let url = process.env.BENCH_DATABASE_URL;
  let tempDir: string | undefined;
  if (!url) {
    try {
      const env = execFileSync("bash", ["scripts/pg-temp.sh", "start"], { encoding: "utf8" });
      tempDir = /PG_TEMP_DIR=(\S+)/.exec(env)?.[1];
      url = /PG_TEMP_URL=(\S+)/.exec(env)?.[1];
    } catch (error) {
      process.stdout.write(
        `PostgreSQL: skipped (no server: set BENCH_DATABASE_URL or install postgresql) — ${(error as Error).message.split("\n")[0]}\n`,
      );
    }
  }
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("drop database if exists parley_bench");
    await admin.query("create database parley_bench");
    await admin.end();
    const u = new URL(url);
    u.pathname = "/parley_bench";
    try {
      await benchOn("PostgreSQL", async () => postgresHandle(u.toString(), 4, 0));
    } finally {
      if (tempDir) execFileSync("bash", ["scripts/pg-temp.sh", "stop", tempDir]);
    }
  }
});
