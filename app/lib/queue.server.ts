import PgBoss from "pg-boss";
import type { Clock } from "./clock";
import { queryRows, sqlFromText, type Database, type DatabaseHandle } from "./db.server";
import type { Logger } from "./log.server";

/**
 * Background work on pg-boss (decision 012): a job queue in the application's own database,
 * shared by every instance, on PostgreSQL and on the embedded PGlite alike (pg-boss runs
 * its SQL through `DatabaseHandle.executeSql`). Jobs are retried with backoff; a job whose
 * retries are used up stays "failed" and is listed to admins, who can retry it; a job whose
 * worker died is retried once its lease expires.
 */

/** A periodic job: pg-boss's cron creates one job per slot, whichever instances are up. */
export interface PeriodicJob {
  name: string;
  /** Five-field cron in UTC. */
  cron: string;
  run(now: Date): Promise<unknown>;
}

export interface QueueOptions {
  /** Whether this instance turns cron schedules into jobs (any number of instances may). */
  schedule?: boolean;
  /** How often an idle worker looks for jobs a job sent by another instance (seconds). */
  pollingIntervalSeconds?: number;
  /** First retry delay of a mail (seconds); it doubles at each further attempt. */
  mailRetryDelaySeconds?: number;
  /** Retries of a mail before it counts as failed. */
  mailRetryLimit?: number;
  /** A mail worker that has not finished after this long is taken for dead (seconds). */
  mailLeaseSeconds?: number;
}

export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  error: string;
  retries: number;
  createdOn: Date;
  failedOn: Date | null;
}

export type MailJob = { id: number };

export const MAIL_QUEUE = "mail";
const SCHEMA = "pgboss";

type Handler<T> = (job: PgBoss.JobWithMetadata<T>) => Promise<unknown>;

/** pg-boss's database hook for a drizzle transaction: a job sent through it commits with it. */
function transactionDb(tx: Database): PgBoss.Db {
  return {
    async executeSql(text, values) {
      return { rows: await queryRows(tx, sqlFromText(text, values)) };
    },
  };
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workers = new Map<string, string>();
  private started = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: Logger,
    private readonly clock: Clock,
    private readonly options: QueueOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: SCHEMA,
      schedule: options.schedule ?? false,
      supervise: true,
      // Expired leases are found at least as often as a mail lease runs out.
      maintenanceIntervalSeconds: Math.min(60, options.mailLeaseSeconds ?? 60),
      // Failed jobs stay in the dead-letter list a month, then are archived another month.
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      deleteAfterDays: 30,
    });
    this.boss.on("error", (error: Error) => log.error({ err: error }, "job queue error"));
  }

  /** Installs or upgrades the queue's tables (under an advisory lock) and its queues. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    await this.ensureQueue(MAIL_QUEUE, {
      // Ten retries span about nine hours at the default first delay of 30 s.
      retryLimit: this.options.mailRetryLimit ?? 10,
      retryDelay: this.options.mailRetryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: this.options.mailLeaseSeconds ?? 120,
    });
  }

  private readonly ensured = new Set<string>();

  /** Creates a queue, or brings its retry settings up to date (once per process). */
  async ensureQueue(name: string, options: Omit<PgBoss.Queue, "name">): Promise<void> {
    if (this.ensured.has(name)) return;
    const existing = await this.boss.getQueue(name);
    if (existing) await this.boss.updateQueue(name, { name, ...options });
    else await this.boss.createQueue(name, { name, ...options });
    this.ensured.add(name);
  }

  /**
   * Sends a job; with `db` a drizzle transaction, the job exists only if it commits.
   * Returns the job's id (null when a singleton key already has one queued).
   */
  async send<T extends object>(
    name: string,
    data: T,
    db?: Database,
    options: { startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    return this.boss.send(name, data, {
      ...(db ? { db: transactionDb(db) } : {}),
      // As an instant (pg-boss binds a number of seconds where PostgreSQL wants a timestamp);
      // the delay comes from the app's clock, the instant is the database's real time.
      ...(options.startAfterSeconds
        ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) }
        : {}),
    });
  }

  /** Sends many jobs of one queue in one statement (with `db`, in that transaction). */
  async sendMany<T extends object>(name: string, items: T[], db?: Database): Promise<void> {
    if (!items.length) return;
    await this.boss.insert(
      items.map((data) => ({ name, data })),
      db ? { db: transactionDb(db) } : {},
    );
  }

  /** Asks this instance's worker of a queue to look for jobs now instead of at its next poll. */
  wake(name: string): void {
    const id = this.workers.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  /**
   * Runs a queue's jobs here, `batchSize` at a time side by side. A job that throws is
   * retried on its own; the others of its batch complete.
   */
  async work<T extends object>(name: string, handler: Handler<T>, batchSize = 1): Promise<void> {
    const id = await this.boss.work<T>(
      name,
      {
        batchSize,
        includeMetadata: true,
        pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
      },
      async (jobs) => {
        const results = await Promise.allSettled(jobs.map((job) => handler(job)));
        await Promise.all(
          results.map((result, i) => {
            if (result.status === "fulfilled") return undefined;
            const job = jobs[i]!;
            const error = result.reason as Error;
            this.log.warn(
              { err: error, queue: name, job: job.id, retry: job.retryCount },
              "job failed; it is retried while it has retries left",
            );
            return this.boss.fail(name, job.id, { message: String(error?.message ?? error) });
          }),
        );
        // pg-boss fetches once per polling interval; a full batch means more are waiting.
        if (jobs.length === batchSize) this.wake(name);
      },
    );
    this.workers.set(name, id);
  }

  /** Schedules periodic jobs and works them here; each cron slot runs once across instances. */
  async schedule(jobs: PeriodicJob[]): Promise<void> {
    for (const job of jobs) {
      await this.ensureQueue(job.name, { retryLimit: 2, retryDelay: 60, retryBackoff: true });
      await this.boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
      await this.work(job.name, async () => {
        const result = await job.run(this.clock.now());
        this.log.info({ job: job.name, result }, "job finished");
        return result;
      });
    }
  }

  /** The dead-letter list: jobs whose retries are used up, newest first. */
  async failedJobs(limit = 100): Promise<FailedJob[]> {
    const { rows } = await this.database.executeSql(
      `${FAILED_JOBS} order by completed_on desc nulls last limit $1`,
      [limit],
    );
    return rows.map(failedJobFrom);
  }

  /** One job of the dead-letter list, or null when it is not (or no longer) there. */
  async failedJob(queue: string, id: string): Promise<FailedJob | null> {
    const { rows } = await this.database.executeSql(
      `${FAILED_JOBS} and name = $1 and id::text = $2`,
      [queue, id],
    );
    return rows.length ? failedJobFrom(rows[0]) : null;
  }

  /** Puts a failed job back in its queue for one more attempt. */
  async retry(queue: string, id: string): Promise<boolean> {
    // pg-boss 10 answers with its command response; its typings say void.
    const { affected } = (await this.boss.retry(queue, id)) as unknown as { affected: number };
    if (affected) this.wake(queue);
    return affected > 0;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

const FAILED_JOBS = `select id, name, data, output, retry_count, created_on, completed_on
  from ${SCHEMA}.job where state = 'failed'`;

function failedJobFrom(value: unknown): FailedJob {
  const row = value as Record<string, unknown>;
  return {
    id: String(row.id),
    queue: String(row.name),
    data: row.data,
    error: errorText(row.output),
    retries: Number(row.retry_count),
    createdOn: new Date(row.created_on as string),
    failedOn: row.completed_on ? new Date(row.completed_on as string) : null,
  };
}

function errorText(output: unknown): string {
  if (output && typeof output === "object" && "message" in output)
    return String((output as { message: unknown }).message);
  return output == null ? "" : JSON.stringify(output);
}
