import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * A library search the page gives up on is cancelled by the database, not left running on
 * a connection (PostgreSQL; PGlite runs every query on the app's own thread, where nothing
 * can be left waiting).
 */
describe.skipIf(!process.env.DATABASE_URL)("a search that times out", () => {
  let app: TestApp;
  let blocker: pg.Client;

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    blocker = new pg.Client({ connectionString: app.databaseUrl });
    await blocker.connect();
  });
  afterAll(async () => {
    await blocker?.end();
    await app?.close();
  });

  /** The app's statements that read the search table and are still running. */
  async function runningSearches(): Promise<number> {
    const { rows } = await blocker.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and state = 'active' and query like '%exercise_search%'`,
    );
    return rows[0]?.n ?? 0;
  }

  it("answers 503 and leaves no query running behind", async () => {
    const { client } = await signedInAccount(app, {
      email: "slow@search.test",
      role: ROLE.TEACHER,
      password: "a search that never ends",
    });
    // Another session holds the search table: the page's query waits on the lock.
    await blocker.query("begin");
    await blocker.query("lock table exercise_search in access exclusive mode");
    try {
      const response = await client.get("/dashboard/exercises?q=airport");
      expect(response.status).toBe(503);
      // Still holding the lock: a query left running would still be waiting on it.
      await expect.poll(runningSearches, { timeout: 2000 }).toBe(0);
    } finally {
      await blocker.query("rollback");
    }
  }, 40_000);
});
