import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "@db/schema";
import {
  acquireDataDirLock,
  DatabaseLockedError,
  openPglite,
  queryRows,
  type DatabaseHandle,
} from "~/lib/db.server";
import { assertBuilt, tempDir } from "../support/server-process";
import { createTestDatabase } from "../support/test-database";

describe("migrated database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("has pg_trgm enabled by a migration", async () => {
    const rows = await queryRows<{ score: number }>(
      handle.db,
      sql`select similarity('environment', 'enviroment') as score`,
    );
    expect(Number(rows[0]?.score)).toBeGreaterThan(0.5);
  });

  it("answers ping and carries LISTEN/NOTIFY", async () => {
    await handle.ping();
    let resolveReceived: (payload: string) => void = () => undefined;
    const received = new Promise<string>((resolve) => (resolveReceived = resolve));
    // A notification is delivered only after LISTEN is in place: listen() resolves then.
    await handle.listen("parley_test", (payload) => resolveReceived(payload));
    await handle.notify("parley_test", "hello");
    await expect(received).resolves.toBe("hello");
  });

  it("subscribes many channels at once, one statement at a time on the listener", async () => {
    const overlapping: string[] = [];
    const onWarning = (warning: Error) => {
      if (/already executing a query/.test(warning.message)) overlapping.push(warning.message);
    };
    process.on("warning", onWarning);
    try {
      const channels = ["parley_a", "parley_b", "parley_c", "parley_d", "parley_e"];
      const got: string[] = [];
      const offs = await Promise.all(
        channels.map((c) => handle.listen(c, (payload) => got.push(`${c}:${payload}`))),
      );
      for (const c of channels) await handle.notify(c, "x");
      await expect.poll(() => got.length).toBe(channels.length);
      await Promise.all(offs.map((off) => off()));
      // Warnings are emitted on process.nextTick: one turn of the event loop flushes them.
      await new Promise((r) => setImmediate(r));
      expect(overlapping).toEqual([]);
      expect(got.sort()).toEqual(channels.map((c) => `${c}:x`));
    } finally {
      process.off("warning", onWarning);
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    "runs work with a statement timeout read-only, and cancels a statement that overruns it",
    async () => {
      await expect(
        handle.withStatementTimeout(8000, (db) =>
          queryRows<{ one: number }>(db, sql`select 1 as one`),
        ),
      ).resolves.toEqual([{ one: 1 }]);
      await expect(
        handle.withStatementTimeout(100, (db) => db.execute(sql`select pg_sleep(2)`)),
      ).rejects.toMatchObject({ cause: { code: "57014" } });
      await expect(
        handle.withStatementTimeout(8000, (db) =>
          db.execute(sql`create temporary table t_timed (id int)`),
        ),
      ).rejects.toMatchObject({ cause: { code: "25006" } });
      // The handle's own queries keep their usual limits.
      await expect(handle.db.execute(sql`select pg_sleep(0.3)`)).resolves.toBeDefined();
    },
  );

  it("rejects unsafe channel names", async () => {
    await expect(handle.notify("bad; drop table x", "x")).rejects.toThrow(
      /Invalid notification channel/,
    );
  });
});

describe.skipIf(process.env.DATABASE_URL)("embedded database on disk", () => {
  it("refuses a second process on the same data directory with a clear error", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "parley.lock"), JSON.stringify({ pid: process.ppid }));
    expect(() => acquireDataDirLock(dir)).toThrow(DatabaseLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already open by another Parley process/);
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "parley.lock"), JSON.stringify({ pid: 2 ** 22 + 17 }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "parley.lock"), "utf8")).pid).toBe(
      process.pid,
    );
    release();
    expect(fs.existsSync(path.join(dir, "parley.lock"))).toBe(false);
  });

  it("refuses to open the same directory twice in one process", async () => {
    const dir = tempDir();
    const first = await openPglite(dir);
    try {
      await expect(openPglite(dir)).rejects.toThrow(DatabaseLockedError);
    } finally {
      await first.close();
    }
  });

  it("keeps a committed write when the process is killed with SIGKILL right after", async () => {
    assertBuilt();
    const dir = tempDir();
    const script = `
      const { openDatabase } = await import(${JSON.stringify(path.resolve("build/server/index.js"))});
      const handle = await openDatabase({ dataDir: ${JSON.stringify(dir)} });
      await handle.migrate(${JSON.stringify(path.resolve("db/migrations"))});
      const { sql } = await import("drizzle-orm");
      await handle.db.execute(sql\`insert into app_settings (key, value) values ('durability', '"kept"')\`);
      process.stdout.write("committed\\n");
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (c: Buffer) => {
        if (c.toString().includes("committed")) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.on("exit", (code) =>
        code === null ? undefined : reject(new Error(`child exited ${code}: ${stderr}`)),
      );
    });
    await new Promise((r) => child.on("exit", r));

    const reopened = await openPglite(dir);
    try {
      const rows = await reopened.db
        .select()
        .from(appSettings)
        .where(sql`${appSettings.key} = 'durability'`);
      expect(rows[0]?.value).toBe("kept");
    } finally {
      await reopened.close();
    }
  });
});
