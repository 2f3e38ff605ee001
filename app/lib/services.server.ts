import type { Auth, LinkCaptures } from "./auth/auth.server";
import type { Clock } from "./clock";
import type { Database, DatabaseHandle } from "./db.server";
import type { Env } from "./env.server";
import type { FlagsCache } from "./flags.server";
import type { I18nCatalog } from "./i18n/catalog.server";
import type { Logger } from "./log.server";
import type { Mailer } from "./mail.server";
import type { JobQueue } from "./queue.server";
import type { RealtimeHub } from "./realtime.server";
import type { RouteRulesCache } from "./routing/route-rules.server";

export interface BuildInfo {
  /** Content hash of the client build; changes on every deploy that changes the app. */
  id: string;
  /** When the build was produced (ms since epoch). */
  timestamp: number;
}

/**
 * Everything a request handler needs from the outside world, created once per process and
 * handed to loaders and actions through the router context.
 */
export interface Services {
  env: Env;
  /** The one source of "now" for product code (CLOCK_START or a test can set it). */
  clock: Clock;
  database: DatabaseHandle;
  db: Database;
  log: Logger;
  build: BuildInfo;
  i18n: I18nCatalog;
  mail: Mailer;
  /** The job queue (pg-boss) shared by every instance. */
  queue: JobQueue;
  auth: Auth;
  /** Set-password links asked for by server-side tasks instead of being mailed. */
  linkCaptures: LinkCaptures;
  routeRules: RouteRulesCache;
  flags: FlagsCache;
  /** Server-sent events fan-out across instances (LISTEN/NOTIFY). */
  realtime: RealtimeHub;
}
