import { createAuth, type LinkCaptures } from "./auth/auth.server";
import { clockStartingAt, systemClock, type Clock } from "./clock";
import type { DatabaseHandle } from "./db.server";
import type { Env } from "./env.server";
import { FlagsCache } from "./flags.server";
import { createI18nCatalog } from "./i18n/catalog.server";
import type { Logger } from "./log.server";
import { createMailer } from "./mail.server";
import { JobQueue, type QueueOptions } from "./queue.server";
import { RealtimeHub } from "./realtime.server";
import { RouteRulesCache } from "./routing/route-rules.server";
import type { BuildInfo, Services } from "./services.server";
import { getOrCreateSecret } from "./settings.server";

export interface RunningServices extends Services {
  /** Stops background work (caches, listeners, SMTP pool). The database stays open. */
  stop(): Promise<void>;
}

/** Wires every service of one process around an open, migrated database. */
export async function createServices(deps: {
  env: Env;
  database: DatabaseHandle;
  log: Logger;
  build: BuildInfo;
  /** Defaults to the system clock, or one starting at CLOCK_START. */
  clock?: Clock;
  /** Job queue timings (tests shorten them). */
  queueOptions?: QueueOptions;
}): Promise<RunningServices> {
  const { env, database, log } = deps;
  const clock = deps.clock ?? (env.CLOCK_START ? clockStartingAt(env.CLOCK_START) : systemClock);
  if (env.CLOCK_START && !deps.clock)
    log.warn(
      { clockStart: env.CLOCK_START },
      "CLOCK_START is set: the app's clock does not follow the real date",
    );
  const db = database.db;
  const i18n = createI18nCatalog();
  const queue = new JobQueue(database, log, clock, {
    mailRetryDelaySeconds: env.MAIL_RETRY_DELAY_S,
    mailLeaseSeconds: env.MAIL_LEASE_S,
    mailRetryLimit: env.MAIL_RETRIES,
    ...deps.queueOptions,
  });
  await queue.start();
  const mail = createMailer({ env, db, log, clock, queue });
  if (env.JOBS === "on") await mail.startWorker();
  const secret = env.AUTH_SECRET ?? (await getOrCreateSecret(db, "auth_secret"));
  if (!env.AUTH_SECRET && env.NODE_ENV === "production") {
    log.warn("AUTH_SECRET is not set: using a secret generated and kept in the database");
  }
  const linkCaptures: LinkCaptures = new Map();
  const flags = new FlagsCache(database, env, log);
  const auth = createAuth({
    env,
    db,
    log,
    mail,
    i18n,
    secret,
    linkCaptures,
    clock,
    operator: () => flags.getOperator(),
  });
  const routeRules = new RouteRulesCache(database, log);
  const realtime = new RealtimeHub(database, log);
  await Promise.all([routeRules.start(), flags.start(), realtime.start()]);
  return {
    env,
    clock,
    database,
    db,
    log,
    build: deps.build,
    i18n,
    mail,
    queue,
    auth,
    linkCaptures,
    routeRules,
    flags,
    realtime,
    async stop() {
      await Promise.all([routeRules.stop(), flags.stop(), realtime.stop(), queue.stop()]);
      mail.close();
    },
  };
}
