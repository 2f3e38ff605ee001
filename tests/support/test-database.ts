import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { pgliteHandle, postgresHandle, type DatabaseHandle } from "~/lib/db.server";
import { templateDatabaseName, templateDumpPath } from "./template";

/**
 * A fresh, migrated database for one test file: a copy of the template made by the global
 * setup. PGlite (in memory) by default; PostgreSQL when DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const fresh = await freshPostgresDatabase();
  if (fresh) {
    const handle = postgresHandle(fresh.url, 5);
    return {
      ...handle,
      url: fresh.url,
      async close() {
        await handle.close();
        await fresh.drop();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(templateDumpPath())]);
  const client = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
  return pgliteHandle(client);
}

/**
 * In PostgreSQL mode, a new database copied from the migrated template (for tests that
 * start server processes); null in embedded mode, where each process gets its own DATA_DIR.
 */
export async function freshPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
} | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const name = `parley_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${templateDatabaseName()}"`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
