/**
 * `npm run bench:roles`: why roles are bit flags updated in SQL (decision record 010). On a
 * real PostgreSQL (BENCH_DATABASE_URL, or a throwaway cluster from scripts/pg-temp.sh), pairs
 * of role changes race on the same accounts — an administrator granting admin while the same
 * account joins a class as a student — written three ways:
 *   - bits:  `role = role | 4` and `role = role | 2` (what Parley does);
 *   - list:  read the account's role list, add one, write the list back (how a role string
 *            such as better-auth's admin plugin's "user,admin" is changed from the app);
 *   - set:   write one role over the other (the admin plugin's setRole).
 * Prints how many accounts lost a role, and the time per change; asserts nothing.
 */
import { execFileSync } from "node:child_process";
import pg from "pg";
import { it } from "vitest";

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 400);
const POOL = 20;

type Way = "bits" | "list" | "set";

async function race(pool: pg.Pool, way: Way): Promise<{ lost: number; msPerChange: number }> {
  await pool.query("truncate role_race");
  await pool.query(
    "insert into role_race (id, role, roles) select g, 1, 'teacher' from generate_series(1, $1) g",
    [ACCOUNTS],
  );
  const change = async (id: number, bit: number, name: string) => {
    if (way === "bits") {
      await pool.query("update role_race set role = role | $2 where id = $1", [id, bit]);
      return;
    }
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ roles: string }>(
        "select roles from role_race where id = $1",
        [id],
      );
      const next =
        way === "list"
          ? [...new Set([...(rows[0]?.roles ?? "").split(","), name])].join(",")
          : name;
      await client.query("update role_race set roles = $2 where id = $1", [id, next]);
    } finally {
      client.release();
    }
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ACCOUNTS }, (_, i) =>
      Promise.all([change(i + 1, 4, "admin"), change(i + 1, 2, "student")]),
    ),
  );
  const ms = performance.now() - started;
  const { rows } = await pool.query<{ lost: number }>(
    way === "bits"
      ? "select count(*)::int as lost from role_race where role <> 7"
      : "select count(*)::int as lost from role_race where not (roles like '%admin%' and roles like '%student%')",
  );
  return { lost: rows[0]?.lost ?? 0, msPerChange: ms / (ACCOUNTS * 2) };
}

it("counts role changes lost to concurrent updates", async () => {
  let url = process.env.BENCH_DATABASE_URL;
  let tempDir: string | undefined;
  if (!url) {
    const env = execFileSync("bash", ["scripts/pg-temp.sh", "start"], { encoding: "utf8" });
    tempDir = /PG_TEMP_DIR=(\S+)/.exec(env)?.[1];
    url = /PG_TEMP_URL=(\S+)/.exec(env)?.[1];
  }
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  try {
    await pool.query("drop table if exists role_race");
    await pool.query(
      "create table role_race (id int primary key, role int not null, roles text not null)",
    );
    process.stdout.write(
      `\nRole changes racing on ${ACCOUNTS} accounts (admin and student granted at once, ${POOL} connections)\n`,
    );
    for (const way of ["bits", "list", "set"] as const) {
      const { lost, msPerChange } = await race(pool, way);
      process.stdout.write(
        `${way.padEnd(5)} accounts missing a role: ${String(lost).padStart(4)} of ${ACCOUNTS}   ${msPerChange.toFixed(2)} ms per change\n`,
      );
    }
    await pool.query("drop table role_race");
  } finally {
    await pool.end();
    if (tempDir) execFileSync("bash", ["scripts/pg-temp.sh", "stop", tempDir]);
  }
});
