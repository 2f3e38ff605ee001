import { routeRules } from "@db/schema";
import type { DatabaseHandle } from "../db.server";
import { MINUTE_MS } from "../time";
import type { Logger } from "../log.server";
import { matchRouteRule, type RouteRule } from "./route-rules";

export const ROUTE_RULES_CHANNEL = "route_rules_changed";
const REFRESH_MS = MINUTE_MS;

/**
 * The redirect table, held in memory and reloaded when an admin changes it (a NOTIFY from
 * any instance) and every minute as a safety net, so the lookup on every navigation costs
 * no query.
 */
export class RouteRulesCache {
  private rules: RouteRule[] = [];
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.reload();
    this.unlisten = await this.database.listen(ROUTE_RULES_CHANNEL, () => void this.reload());
    this.timer = setInterval(() => void this.reload(), REFRESH_MS);
    this.timer.unref();
  }

  async reload(): Promise<void> {
    try {
      const rows = await this.database.db.select().from(routeRules);
      this.rules = rows.map((r) => ({
        matchType: r.matchType,
        path: r.path,
        target: r.target,
        statusCode: r.statusCode,
      }));
    } catch (error) {
      this.log.error({ err: error }, "loading route rules failed; keeping the previous set");
    }
  }

  all(): readonly RouteRule[] {
    return this.rules;
  }

  match(pathname: string): RouteRule | null {
    return matchRouteRule(this.rules, pathname);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.();
  }
}
