import { sql } from "drizzle-orm";
import { data } from "react-router";
import { queryRows, type Database } from "./db.server";

export interface RateRule {
  /** Window length in milliseconds. */
  windowMs: number;
  /** Requests allowed per window. */
  max: number;
}

export interface RateDecision {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterS: number;
}

/**
 * Fixed-window counters in the database, so limits hold across every instance. One atomic
 * upsert per call: the window restarts when it has expired, otherwise the count goes up.
 */
export async function consumeRate(
  db: Database,
  key: string,
  rule: RateRule,
): Promise<RateDecision> {
  const windowS = rule.windowMs / 1000;
  const rows = await queryRows<{ count: number; reset_in: number }>(
    db,
    sql`insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowS}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowS}) then now() else rate_limits.window_start end
        returning count, extract(epoch from (window_start + make_interval(secs => ${windowS}) - now()))::float8 as reset_in`,
  );
  const row = rows[0] ?? { count: 1, reset_in: windowS };
  const count = Number(row.count);
  return {
    allowed: count <= rule.max,
    count,
    retryAfterS: Math.max(1, Math.ceil(Number(row.reset_in))),
  };
}

/** Reads a counter without counting (for "too many failures" checks before an attempt). */
export async function peekRate(db: Database, key: string, rule: RateRule): Promise<RateDecision> {
  const windowS = rule.windowMs / 1000;
  const rows = await queryRows<{ count: number; reset_in: number }>(
    db,
    sql`select count, extract(epoch from (window_start + make_interval(secs => ${windowS}) - now()))::float8 as reset_in
        from rate_limits where key = ${key} and window_start > now() - make_interval(secs => ${windowS})`,
  );
  const row = rows[0];
  if (!row) return { allowed: true, count: 0, retryAfterS: 0 };
  const count = Number(row.count);
  return {
    allowed: count < rule.max,
    count,
    retryAfterS: Math.max(1, Math.ceil(Number(row.reset_in))),
  };
}

/** Removes expired counters (run by the daily housekeeping job). */
export async function pruneRates(db: Database, olderThanMs: number): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanMs / 1000})`,
  );
}

/** A 429 response with Retry-After and a readable message. */
export function tooManyRequests(decision: RateDecision, message: string): never {
  throw data(
    { error: message, retryAfterSeconds: decision.retryAfterS },
    { status: 429, headers: { "Retry-After": String(decision.retryAfterS) } },
  );
}
