import http from "node:http";
import path from "node:path";
import getPort from "get-port";
import type * as ServicesModule from "~/lib/create-services.server";
import { postgresHandle } from "~/lib/db.server";
import type { DatabaseHandle } from "~/lib/db.server";
import type * as EnvModule from "~/lib/env.server";
import type * as LogModule from "~/lib/log.server";
import type { Services } from "~/lib/services.server";
import type * as AppModule from "../../server/app";
import type * as MainModule from "../../server/main";
import type { Promotions } from "~/features/membership/promotions";
import type { SettableClock } from "~/lib/clock";
import { testClock } from "./clock";
import { assertBuilt } from "./server-process";
import { createTestDatabase } from "./test-database";

interface Bundle {
  createApp: typeof AppModule.createApp;
  createServices: typeof ServicesModule.createServices;
  loadEnv: typeof EnvModule.loadEnv;
  createLogger: typeof LogModule.createLogger;
  loadServerBuild: typeof MainModule.loadServerBuild;
  contentStore: typeof MainModule.contentStore;
  savePromotions: typeof MainModule.savePromotions;
  startNewsletterWorker: typeof MainModule.startNewsletterWorker;
}

const NO_PROMOTIONS: Promotions = { access: [], discount: null };

export interface TestApp {
  url: string;
  services: Services;
  /** The app's clock: starts at TEST_NOW unless the test chose another; `set`/`advance` move it. */
  clock: SettableClock;
  database: DatabaseHandle;
  /** PostgreSQL mode: the test database's URL (a second instance can share it). */
  databaseUrl?: string;
  /** The app's own modules (for state such as the content store's counters). */
  bundle: Bundle;
  close(): Promise<void>;
}

/**
 * The production build served in this process on a fresh database. Tests can write
 * fixtures straight into `database` (the same connection the app uses).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    sharedDatabaseUrl?: string;
    clock?: SettableClock;
    /**
     * Campaigns for this app. Default: none, so no test inherits the campaigns of
     * content/info/promotions.yml. `"content"` keeps the content file's.
     */
    promotions?: Promotions | "content";
  } = {},
): Promise<TestApp> {
  assertBuilt();
  const bundle = (await import(path.resolve("build/server/index.js"))) as Bundle;
  const port = await getPort();
  const clock = options.clock ?? testClock();
  // A second "instance" on the same PostgreSQL database gets its own connection pool.
  const database = options.sharedDatabaseUrl
    ? postgresHandle(options.sharedDatabaseUrl, 5)
    : await createTestDatabase();
  const services = await bundle.createServices({
    env: bundle.loadEnv({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      PORT: String(port),
      PUBLIC_APP_ORIGIN: `http://127.0.0.1:${port}`,
      AUTH_SECRET: "integration-test-secret-".padEnd(48, "z"),
      ...env,
    }),
    database,
    log: bundle.createLogger({
      LOG_LEVEL: (process.env.TEST_LOG_LEVEL ?? "silent") as "silent",
      NODE_ENV: "production",
    }),
    build: { id: "test-build", timestamp: 1 },
    clock,
  });
  if (services.env.JOBS === "on") await bundle.startNewsletterWorker(services);
  // A second instance shares the first one's campaigns; a new database gets the test's own.
  if (!options.sharedDatabaseUrl && options.promotions !== "content")
    await bundle.savePromotions(services, options.promotions ?? NO_PROMOTIONS);
  const { app } = bundle.createApp({
    services,
    serverBuild: await bundle.loadServerBuild(),
    clientDir: path.resolve("build/client"),
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    clock,
    database,
    databaseUrl: "url" in database ? (database.url as string | undefined) : undefined,
    bundle,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await (services as Services & { stop(): Promise<void> }).stop();
      await database.close();
    },
  };
}
