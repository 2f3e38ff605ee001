import { createServices, type RunningServices } from "~/lib/create-services.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { loadEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/log.server";
import type { SettableClock } from "~/lib/clock";
import { testClock } from "./clock";
import { createTestDatabase } from "./test-database";

export interface TestServices extends RunningServices {
  clock: SettableClock;
  close(): Promise<void>;
}

/** Real services (auth, mail, caches) on a fresh copy of the migrated database. */
export async function createTestServices(
  env: Record<string, string> = {},
  database?: DatabaseHandle,
): Promise<TestServices> {
  const db = database ?? (await createTestDatabase());
  const clock = testClock();
  const services = await createServices({
    env: loadEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "test-secret-".padEnd(40, "x"),
      ...env,
    }),
    database: db,
    log: createLogger({ LOG_LEVEL: "silent", NODE_ENV: "test" }),
    build: { id: "test-build", timestamp: 0 },
    clock,
  });
  return {
    ...services,
    clock,
    async close() {
      await services.stop();
      await db.close();
    },
  };
}
