import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { mailOutbox } from "@db/schema";
import type { Clock } from "./clock";
import { inTransaction, type Database } from "./db.server";
import type { Env } from "./env.server";
import type { Logger } from "./log.server";
import { MAIL_QUEUE, type JobQueue, type MailJob } from "./queue.server";

export interface MailMessage {
  /** What the mail is, for logs and the outbox ("verifyEmail", "recovery", …). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe …). */
  headers?: Record<string, string>;
  /** Set on each recipient's copy of a newsletter. */
  newsletterId?: number;
}

interface SendOptions {
  /**
   * What makes this mail this mail ("trialEnding:<user>:<date>"): a second send with the
   * same key is ignored. Without one, every send is a new mail.
   */
  key?: string;
  /** A transaction to enqueue in: the mail exists only if the change that causes it commits. */
  db?: Database;
}

type Delivery = "sent" | "stored" | "bounced" | "suppressed" | "failed" | "skipped";

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  /** Enqueues a mail: written to the outbox, delivered by the mail worker with retries. */
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  /**
   * Enqueues many mails at once (a newsletter): rows and jobs in one transaction each 500;
   * mails whose key was enqueued before are left out. Answers how many were added.
   */
  sendMany(
    messages: (MailMessage & { key: string })[],
    options?: { db?: Database },
  ): Promise<number>;
  /** Delivers one outbox mail (the worker's job); throws when it should be tried again. */
  deliver(id: number, lastAttempt: boolean): Promise<Delivery>;
  /** After a transaction that enqueued mail commits: has this instance deliver it now. */
  wake(): void;
  /** Works the mail queue on this instance. */
  startWorker(): Promise<void>;
  close(): void;
}

/** SMTP's answer to RCPT TO with a 5xx code: the address does not exist or refuses mail. */
function isHardBounce(error: unknown): boolean {
  const e = error as { responseCode?: number; command?: string };
  return typeof e?.responseCode === "number" && e.responseCode >= 500 && e.command === "RCPT TO";
}

/** A 5xx to anything else (the message itself refused): trying again cannot help. */
function isPermanent(error: unknown): boolean {
  const e = error as { responseCode?: number; command?: string };
  return typeof e?.responseCode === "number" && e.responseCode >= 500 && e.command === "DATA";
}

function createTransporter(env: Env, smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    pool: true,
    maxConnections: 4,
    host: url.hostname,
    port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
    secure: url.protocol === "smtps:",
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // Local and test servers often present self-signed certificates on STARTTLS.
    tls: { rejectUnauthorized: env.NODE_ENV === "production" },
  });
}

/**
 * The one way Parley sends mail (a transactional outbox): `send` writes the mail to the
 * outbox table and a job to the mail queue in one transaction; the worker delivers it by
 * SMTP, retrying with backoff while SMTP is down. Without SMTP_URL mail is kept in the
 * outbox ("stored", listed in the admin panel), so nothing is lost where no mail server
 * exists.
 */
export function createMailer(deps: {
  env: Env;
  db: Database;
  log: Logger;
  clock: Clock;
  queue: JobQueue;
}): Mailer {
  const { env, db, log, clock, queue } = deps;
  const transporter = env.SMTP_URL ? createTransporter(env, env.SMTP_URL) : null;
  const messageHost = new URL(env.appOrigin).hostname || "parley.local";

  async function enqueue(
    tx: Database,
    messages: (MailMessage & { key: string })[],
  ): Promise<number> {
    const now = clock.now();
    const rows = await tx
      .insert(mailOutbox)
      .values(
        messages.map(({ key, ...message }) => ({
          ...message,
          idempotencyKey: key,
          status: transporter ? "pending" : "stored",
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
      .returning({ id: mailOutbox.id });
    if (transporter)
      await queue.sendMany<MailJob>(
        MAIL_QUEUE,
        rows.map((row) => ({ id: row.id })),
        tx,
      );
    return rows.length;
  }

  async function setStatus(id: number, fields: Partial<typeof mailOutbox.$inferInsert>) {
    await db.update(mailOutbox).set(fields).where(eq(mailOutbox.id, id));
  }

  return {
    transport: transporter ? "smtp" : "outbox",

    async send(message, options = {}) {
      const key = options.key ?? `${message.kind}:${randomUUID()}`;
      const batch = [{ ...message, key }];
      const added = options.db
        ? await enqueue(options.db, batch)
        : await inTransaction(db, (tx) => enqueue(tx, batch));
      if (!added) {
        log.info({ kind: message.kind, key }, "mail already enqueued: not sent again");
        return;
      }
      log.info(
        { kind: message.kind, to: message.to },
        transporter ? "mail enqueued" : "mail stored in the outbox (no SMTP configured)",
      );
      // Outside a caller's transaction the job is committed now; inside one, the worker's
      // next poll finds it.
      if (!options.db) queue.wake(MAIL_QUEUE);
    },

    async sendMany(messages, options = {}) {
      let added = 0;
      for (let i = 0; i < messages.length; i += 500) {
        const chunk = messages.slice(i, i + 500);
        added += options.db
          ? await enqueue(options.db, chunk)
          : await inTransaction(db, (tx) => enqueue(tx, chunk));
      }
      log.info({ count: added }, "mails enqueued");
      if (!options.db) queue.wake(MAIL_QUEUE);
      return added;
    },

    async deliver(id, lastAttempt) {
      if (!transporter) {
        await db
          .update(mailOutbox)
          .set({ status: "stored" })
          .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
        return "stored";
      }
      // One statement: count the attempt of a mail still to send, and see whether its
      // address bounced before. A mail sent already (its worker died before finishing the
      // job) or gone is not touched.
      const [mail] = await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")))
        .returning({
          kind: mailOutbox.kind,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
          idempotencyKey: mailOutbox.idempotencyKey,
          headers: mailOutbox.headers,
          bounced: sql<boolean>`exists (select 1 from mail_outbox b where b.status = 'bounced' and lower(b."to") = lower(${mailOutbox.to}))`,
        });
      if (!mail) return "skipped";
      if (mail.bounced) {
        await setStatus(id, { status: "suppressed" });
        log.info({ kind: mail.kind, id }, "mail not sent: the address bounced before");
        return "suppressed";
      }
      const digest = createHash("sha256").update(mail.idempotencyKey).digest("hex").slice(0, 32);
      try {
        await transporter.sendMail({
          from: env.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${digest}@${messageHost}>`,
          headers: { ...mail.headers, "X-Parley-Mail": mail.kind },
        });
      } catch (error) {
        const reason = (error as Error).message;
        if (isHardBounce(error)) {
          await setStatus(id, { status: "bounced", lastError: reason });
          log.warn({ kind: mail.kind, id }, "mail bounced: the address is suppressed");
          return "bounced";
        }
        const failed = lastAttempt || isPermanent(error);
        await setStatus(id, { lastError: reason, ...(failed ? { status: "failed" } : {}) });
        if (isPermanent(error)) return "failed";
        throw error;
      }
      await setStatus(id, { status: "sent", sentAt: clock.now(), lastError: null });
      log.info({ kind: mail.kind, id }, "mail sent");
      return "sent";
    },

    wake() {
      queue.wake(MAIL_QUEUE);
    },

    async startWorker() {
      await queue.work<MailJob>(
        MAIL_QUEUE,
        (job) => this.deliver(job.data.id, job.retryCount >= job.retryLimit),
        10,
      );
    },

    close() {
      transporter?.close();
    },
  };
}
