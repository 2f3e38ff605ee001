import { sql } from "drizzle-orm";
import { MINUTE_MS } from "./time";
import { queryRows, type Database } from "./db.server";
import type { Clock } from "./clock";
import type { Logger } from "./log.server";

/**
 * Background jobs shared by every instance: each job has a period, and one instance wins
 * each run by moving the job's "last run" mark forward in a single conditional update
 * (so two instances never run the same job twice in one period).
 */
export interface Job {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

const key = (name: string) => `job:${name}`;

/** Claims a job's run for this instance when it is due; true when this instance should run it. */
async function claimJob(db: Database, job: Job, now: Date): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into app_settings (key, value, updated_at)
        values (${key(job.name)}, ${JSON.stringify({ lastRunAt: now.toISOString() })}::jsonb, ${now})
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
        where app_settings.updated_at <= ${new Date(now.getTime() - job.everyMs)}
        returning key`,
  );
  return rows.length > 0;
}

export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly jobs: Job[],
    private readonly tickMs: number,
    private readonly clock: Clock,
  ) {}

  start(firstDelayMs = MINUTE_MS): void {
    if (this.tickMs <= 0 || this.timer) return;
    const tick = () => {
      this.running = this.runDue()
        .then(() => undefined)
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setTimeout(
      function loop(this: JobRunner) {
        tick();
        this.timer = setTimeout(loop.bind(this), this.tickMs);
        this.timer.unref();
      }.bind(this),
      firstDelayMs,
    );
    this.timer.unref();
  }

  /** Runs every job that is due now (also called directly by tests and the CLI). */
  async runDue(now: Date = this.clock.now()): Promise<Record<string, unknown>> {
    const results: Record<string, unknown> = {};
    for (const job of this.jobs) {
      try {
        if (!(await claimJob(this.db, job, now))) continue;
        results[job.name] = await job.run(now);
        this.log.info({ job: job.name, result: results[job.name] }, "job finished");
      } catch (error) {
        results[job.name] = { error: (error as Error).message };
        this.log.error({ err: error, job: job.name }, "job failed");
      }
    }
    return results;
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
