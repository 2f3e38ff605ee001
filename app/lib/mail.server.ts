import nodemailer, { type Transporter } from "nodemailer";
import { mailOutbox } from "@db/schema";
import type { Database } from "./db.server";
import type { Env } from "./env.server";
import type { Logger } from "./log.server";

export interface MailMessage {
  /** What the mail is, for logs and the outbox ("verify-email", "recovery", …). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The one way Parley sends mail: SMTP when SMTP_URL is set, otherwise the outbox table
 * (listed in the admin panel), so that nothing is lost where no mail server exists.
 */
export function createMailer(deps: { env: Env; db: Database; log: Logger }): Mailer {
  const { env, db, log } = deps;
  if (!env.SMTP_URL) {
    return {
      transport: "outbox",
      async send(message) {
        await db.insert(mailOutbox).values(message);
        log.info(
          { kind: message.kind, to: message.to },
          "mail stored in the outbox (no SMTP configured)",
        );
      },
      close() {},
    };
  }
  const url = new URL(env.SMTP_URL);
  const transporter: Transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
    secure: url.protocol === "smtps:",
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // Local and test servers often present self-signed certificates on STARTTLS.
    tls: { rejectUnauthorized: env.NODE_ENV === "production" },
  });
  return {
    transport: "smtp",
    async send(message) {
      await transporter.sendMail({
        from: env.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { "X-Parley-Mail": message.kind },
      });
      log.info({ kind: message.kind, to: message.to }, "mail sent");
    },
    close() {
      transporter.close();
    },
  };
}
