import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { DatabaseLockedError, openDatabase } from "~/lib/db.server";
import { EnvError, loadEnv } from "~/lib/env.server";
import { membershipJobs } from "~/features/membership/jobs.server";
import { notificationJobs } from "~/features/notifications/jobs.server";
import { startNewsletterWorker } from "~/features/mail/newsletters.server";
import { lifecycleJobs } from "~/features/mail/lifecycle.server";
import { createServices } from "~/lib/create-services.server";
import { createLogger } from "~/lib/log.server";
import type { BuildInfo } from "~/lib/services.server";
import { createApp } from "./app";
import { runCli } from "./cli";

export { createApp, clientIpFrom } from "./app";
export { openDatabase } from "~/lib/db.server";
export { createServices } from "~/lib/create-services.server";
export { createLogger } from "~/lib/log.server";
export { loadEnv } from "~/lib/env.server";
export { contentStore } from "~/features/content/store.server";
export { savePromotions } from "~/features/membership/promotions.server";
export { startNewsletterWorker } from "~/features/mail/newsletters.server";

export interface MainOptions {
  mode: "production" | "development";
  projectRoot: string;
  argv: string[];
  vite?: ViteDevServer;
}

export async function loadServerBuild(vite?: ViteDevServer): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
}

async function buildInfo(vite?: ViteDevServer): Promise<BuildInfo> {
  if (vite) return { id: "development", timestamp: Date.now() };
  const build = await loadServerBuild();
  const bundleFile = fileURLToPath(import.meta.url);
  return { id: build.assets.version, timestamp: Math.round(fs.statSync(bundleFile).mtimeMs) };
}

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/** Starts Parley: validate configuration, open and migrate the database, seed, serve. */
export async function main(options: MainOptions): Promise<void> {
  let env;
  try {
    env = loadEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  const log = createLogger(env);

  let database;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: path.resolve(options.projectRoot, env.DATA_DIR),
      poolMax: env.DATABASE_POOL_MAX,
    });
  } catch (error) {
    if (error instanceof DatabaseLockedError) fail(error.message);
    fail(`Could not open the database: ${(error as Error).message}`);
  }

  try {
    await database.migrate(path.join(options.projectRoot, "db", "migrations"));
  } catch (error) {
    await database.close();
    fail(`Database migration failed: ${(error as Error).message}`);
  }

  const services = await createServices({
    env,
    database,
    log,
    build: await buildInfo(options.vite),
    queueOptions: { schedule: env.JOBS === "on" },
  });

  const cliResult = await runCli(services, options.argv);
  if (cliResult !== "serve") {
    await services.stop();
    await database.close();
    process.exit(cliResult === "ok" ? 0 : 1);
  }

  const { app, startDraining } = createApp({
    services,
    serverBuild: options.vite ? () => loadServerBuild(options.vite) : await loadServerBuild(),
    clientDir: options.vite ? undefined : path.join(options.projectRoot, "build", "client"),
    vite: options.vite,
  });

  // Periodic work (subscription repair, reminders, housekeeping) on pg-boss's cron: each
  // slot runs on one instance, whichever are up. Mail delivery started with the services.
  // Set up before listening: once the port answers, SIGTERM finds its handler in place.
  if (env.JOBS === "on") {
    await services.queue.schedule([
      ...membershipJobs(services),
      ...notificationJobs(services),
      ...lifecycleJobs(services),
    ]);
    await startNewsletterWorker(services);
  }

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(env.PORT, env.HOST, () => resolve(s));
    s.once("error", reject);
  }).catch((error: NodeJS.ErrnoException) => {
    void database.close();
    if (error.code === "EADDRINUSE")
      fail(`Port ${env.PORT} on ${env.HOST} is already in use. Set PORT to another port.`);
    fail(`Could not listen on ${env.HOST}:${env.PORT}: ${error.message}`);
  });
  server.keepAliveTimeout = 65_000;

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log.info(
    { host: env.HOST, port, database: database.kind, build: services.build.id },
    "Parley is listening",
  );
  process.stdout.write(
    `\n  Parley is running at http://${env.HOST === "127.0.0.1" ? "localhost" : env.HOST}:${port}` +
      `  (database: ${database.kind === "pglite" ? `embedded, ${env.DATA_DIR}` : "PostgreSQL"})\n\n`,
  );

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // At once: /readyz says 503, event streams are told to reconnect elsewhere and ended
    // (they never finish by themselves), the listener closes. Requests already received
    // finish within the grace period; keep-alive connections close as they fall idle.
    const streams = startDraining();
    log.info(
      { signal, eventStreamsClosed: streams },
      "shutting down: no new connections, finishing requests in flight",
    );
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections become idle once their request completes; close them as they do.
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      log.warn("grace period over: closing the remaining connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_GRACE_MS);
    server.closeIdleConnections();
    await closed;
    clearInterval(idleSweep);
    clearTimeout(deadline);
    await services
      .stop()
      .catch((error: unknown) => log.error({ err: error }, "stopping services failed"));
    await database
      .close()
      .catch((error: unknown) => log.error({ err: error }, "closing the database failed"));
    log.info("stopped");
    log.flush();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
