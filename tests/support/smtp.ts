import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  messageId: string;
  /** RFC 8058 headers of a newsletter ("" when absent). */
  listUnsubscribe: string;
  listUnsubscribePost: string;
}

/** A header as sent (mailparser turns List-* headers into objects; the raw line is plainer). */
function rawHeader(parsed: ParsedMail, name: string): string {
  const line = parsed.headerLines.find((h) => h.key === name)?.line ?? "";
  return line.slice(line.indexOf(":") + 1).trim();
}

export interface SmtpBehaviour {
  /** Addresses answered "550 no such user" at RCPT TO (a hard bounce). */
  rejectRecipients?: string[];
  /**
   * Takes each message's data and never answers: the sender waits, as a worker does that
   * dies in the middle of a send. `held` counts such messages.
   */
  holdData?: boolean;
}

/**
 * A real SMTP server in the test process: the app sends through nodemailer over TCP and
 * the test reads what arrived.
 */
export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  /** Messages whose data arrived and was never answered (with `holdData`). */
  held = 0;
  private server: SMTPServer;
  private waiters: (() => void)[] = [];
  port = 0;

  /** With a directory, every mail is also written there as JSON (for test processes that poll). */
  constructor(
    private readonly dir?: string,
    behaviour: SmtpBehaviour = {},
  ) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      // A held connection must not keep stop() waiting.
      closeTimeout: 1000,
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (behaviour.rejectRecipients?.includes(address.address.toLowerCase())) {
          const error = new Error("No such user here") as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        callback();
      },
      onData: (stream, _session, callback) => {
        if (behaviour.holdData) {
          stream.resume();
          stream.on("end", () => {
            this.held++;
            for (const wake of this.waiters.splice(0)) wake();
          });
          return;
        }
        simpleParser(stream)
          .then((parsed: ParsedMail) => {
            const to = Array.isArray(parsed.to)
              ? parsed.to.map((a) => a.text).join(", ")
              : (parsed.to?.text ?? "");
            const mail = {
              to: to.toLowerCase(),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              kind: String(parsed.headers.get("x-parley-mail") ?? ""),
              messageId: parsed.messageId ?? "",
              listUnsubscribe: rawHeader(parsed, "list-unsubscribe"),
              listUnsubscribePost: rawHeader(parsed, "list-unsubscribe-post"),
            };
            this.mails.push(mail);
            if (this.dir) {
              // Written under a temporary name and renamed, so a reader never sees half a mail;
              // the process id keeps apart the mails of two servers sharing the directory.
              const file = path.join(
                this.dir,
                `${Date.now()}-${process.pid}-${this.mails.length}.json`,
              );
              fs.writeFileSync(`${file}.part`, JSON.stringify(mail));
              fs.renameSync(`${file}.part`, file);
            }
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
  }

  /** Listens on `port` (a free one by default). */
  async start(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    const address = this.server.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
    return this.port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for a mail to an address (optionally of a kind) that arrived after `since` mails. */
  async waitFor(to: string, kind?: string, timeoutMs = 10_000, since = 0): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails
        .slice(since)
        .find((m) => m.to.includes(to.toLowerCase()) && (!kind || m.kind === kind));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `No ${kind ?? ""} mail to ${to} within ${timeoutMs} ms (got: ${this.mails.map((m) => `${m.kind}→${m.to}`).join(", ")})`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until a message is held (with `holdData`). */
  async waitForHeld(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.held === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No message held within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link in a mail's text whose path starts with the given prefix. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const match = [...mail.text.matchAll(/https?:\/\/\S+/g)]
    .map((m) => m[0])
    .find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!match) throw new Error(`No link to ${pathPrefix} in mail "${mail.subject}":\n${mail.text}`);
  return match;
}
