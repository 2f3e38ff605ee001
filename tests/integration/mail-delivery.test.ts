import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "@db/schema";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { HttpSession, locationOf } from "../support/http-session";
import { freePort, startServer, tempDir } from "../support/server-process";
import { linkIn, TestSmtpServer } from "../support/smtp";
import { startTestApp, type TestApp } from "../support/test-app";
import { until } from "../support/until";
import { freshPostgresDatabase } from "../support/test-database";

/**
 * Issue 16, items 1–2: mail goes through an outbox on the pg-boss queue. A sign-up while
 * the mail server is down still works and its mail arrives when the server is back; a mail
 * whose retries are used up is listed to the admin, who retries it; a worker that dies in
 * the middle of a send leaves a job that another process finishes, once.
 */

const PASSWORD = "letters wait patiently in the outbox";

function signUpForm(email: string, firstName: string) {
  return { firstName, lastName: "Nowak", email, password: PASSWORD, terms: "on" };
}

describe("mail while the mail server is down", () => {
  let app: TestApp;
  let smtpPort: number;
  let smtp: TestSmtpServer | undefined;

  beforeAll(async () => {
    smtpPort = await freePort();
    app = await startTestApp({
      // Nothing listens there yet: every send is refused until the test starts the server.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRY_DELAY_S: "1",
      MAIL_RETRIES: "2",
      TRUSTED_PROXY_HEADER: "x-forwarded-for",
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  async function outboxRow(to: string) {
    const [row] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    return row;
  }

  it("a Polish teacher signs up during the outage and gets her Polish mail when SMTP is back", async () => {
    const teacher = new HttpSession(app.url, { "x-forwarded-for": "10.9.0.1" });
    teacher.setCookie("parley_locale", "pl");
    const response = await teacher.postForm("/auth/sign-up", signUpForm("ewa@outage.test", "Ewa"));
    // The sign-up is answered as always: the mail waits in the outbox, not the teacher.
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("ewa@outage.test");

    // The worker tried, the server refused the connection, the mail waits for a retry.
    const waiting = await until("a failed attempt", async () => {
      const row = await outboxRow("ewa@outage.test");
      return row && row.attempts > 0 ? row : undefined;
    });
    expect(waiting.status).toBe("pending");
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);

    smtp = new TestSmtpServer();
    await smtp.start(smtpPort);
    const mail = await smtp.waitFor("ewa@outage.test", "verifyEmail", 30_000);
    expect(mail.subject).toBe("Potwierdź adres e-mail w Parley");
    const verify = await teacher.get(new URL(linkIn(mail, "/auth/verify/")).pathname);
    expect(locationOf(verify)).toBe("/dashboard?welcome=1");

    await until("the mail to be marked sent", async () =>
      (await outboxRow("ewa@outage.test"))?.status === "sent" ? true : undefined,
    );
    expect(smtp.mails.filter((m) => m.to === "ewa@outage.test")).toHaveLength(1);
  });

  it("lists a mail whose retries ran out to the admin, who retries it from /admin/jobs", async () => {
    await smtp?.stop();
    smtp = undefined;
    const admin = await signedInAccount(app, {
      email: "ops@outage.test",
      role: ROLE.TEACHER | ROLE.ADMIN,
      password: PASSWORD,
    });
    const teacher = new HttpSession(app.url, { "x-forwarded-for": "10.9.0.2" });
    expect(
      (await teacher.postForm("/auth/sign-up", signUpForm("jan@outage.test", "Jan"))).status,
    ).toBe(200);

    // Three attempts (the first and two retries) fail; the mail is then "failed".
    await until("the mail to fail", async () => {
      const row = await outboxRow("jan@outage.test");
      return row?.status === "failed" ? row : undefined;
    });
    const page = await admin.client.get("/admin/jobs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("verifyEmail → jan@outage.test");
    const [failed] = await app.services.queue.failedJobs();
    expect(failed?.queue).toBe("mail");
    expect(failed?.retries).toBe(2);

    // Any mail in any language, as its recipient would see it, with sample values.
    const preview = await (
      await admin.client.get("/admin/jobs?kind=organizationInvite&lang=pl")
    ).text();
    expect(preview).toContain(
      "Anna Kowalska zaprasza Cię do szkoły Riverside Language School w Parley",
    );
    expect(preview).toContain("Cześć, Maria!");
    // The email collection's mails too: in Polish where written in Polish, else English.
    const welcome = await (
      await admin.client.get("/admin/jobs?kind=email:welcome-to-premium&lang=pl")
    ).text();
    expect(welcome).toContain("Witaj w Parley premium, Maria");
    const german = await (
      await admin.client.get("/admin/jobs?kind=email:welcome-to-premium&lang=de")
    ).text();
    expect(german).toContain("Welcome to Parley premium, Maria");
    expect(german).toContain("get the English version shown here");
    expect((await admin.client.get("/admin/jobs?kind=email:nope&lang=pl")).status).toBe(200);
    // Nonsense in the query falls back to the first mail in English, not an error.
    const fallback = await admin.client.get("/admin/jobs?kind=nope&lang=xx");
    expect(fallback.status).toBe(200);
    expect(await fallback.text()).toContain("Confirm your email address for Parley");

    // A teacher cannot see or use the list.
    expect(locationOf(await teacher.get("/admin/jobs"))).not.toBe("/admin/jobs");
    const byTeacher = await teacher.postForm("/admin/jobs/retry", {
      intent: "retry",
      queue: "mail",
      id: failed!.id,
    });
    expect(byTeacher.status).not.toBe(200);

    // Nonsense is refused with a message, not a 500.
    const nonsense = await admin.client.postForm("/admin/jobs/retry", {
      intent: "retry",
      queue: "mail",
      id: "not-a-job",
    });
    expect(nonsense.status).toBe(409);
    expect(await nonsense.text()).toContain("no longer in the list of failed jobs");

    smtp = new TestSmtpServer();
    await smtp.start(smtpPort);
    const retried = await admin.client.postForm("/admin/jobs/retry", {
      intent: "retry",
      queue: "mail",
      id: failed!.id,
    });
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain("The job is queued again");
    const mail = await smtp.waitFor("jan@outage.test", "verifyEmail", 30_000);
    expect(mail.subject).toBe("Confirm your email address for Parley");
    await until("the mail to be marked sent", async () =>
      (await outboxRow("jan@outage.test"))?.status === "sent" ? true : undefined,
    );
    expect(await app.services.queue.failedJobs()).toHaveLength(0);
    // Retrying it again finds nothing to retry.
    const again = await admin.client.postForm("/admin/jobs/retry", {
      intent: "retry",
      queue: "mail",
      id: failed!.id,
    });
    expect(again.status).toBe(409);
  });
});

describe("mail that must not go twice", () => {
  let app: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = new TestSmtpServer(undefined, { rejectRecipients: ["gone@bounce.test"] });
    await smtp.start();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_S: "1" });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  const message = (to: string) => ({
    kind: "test",
    to,
    subject: "Hello",
    text: "Hello there",
    html: "<p>Hello there</p>",
  });

  it("sends a mail enqueued twice under one key once", async () => {
    await app.services.mail.send(message("once@bounce.test"), { key: "test:once" });
    await app.services.mail.send(message("once@bounce.test"), { key: "test:once" });
    await smtp.waitFor("once@bounce.test", "test");
    await app.services.mail.send(message("after@bounce.test"));
    await smtp.waitFor("after@bounce.test", "test");
    expect(smtp.mails.filter((m) => m.to === "once@bounce.test")).toHaveLength(1);
    // The Message-ID comes from the key: a resend after a crash is the same message.
    expect(smtp.mails.find((m) => m.to === "once@bounce.test")?.messageId).toMatch(
      /^<[0-9a-f]{32}@127\.0\.0\.1>$/,
    );
  });

  it("stops mailing an address the server refused (a hard bounce)", async () => {
    await app.services.mail.send(message("gone@bounce.test"));
    const bounced = await until("the bounce", async () => {
      const [row] = await app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, "gone@bounce.test"));
      return row?.status === "bounced" ? row : undefined;
    });
    expect(bounced.attempts).toBe(1);
    expect(bounced.lastError).toMatch(/550/);

    await app.services.mail.send(message("GONE@bounce.test"));
    await until("the second mail to be suppressed", async () => {
      const [row] = await app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, "GONE@bounce.test"));
      return row?.status === "suppressed" ? row : undefined;
    });
    expect(smtp.mails.filter((m) => m.to === "gone@bounce.test")).toHaveLength(0);
  });
});

it("a worker killed in the middle of a send: the next process sends the mail, once", async () => {
  // The first server's mail server takes the message and never answers, as if the worker
  // died mid-send; the process is then killed outright.
  const hanging = new TestSmtpServer(undefined, { holdData: true });
  await hanging.start();
  const working = new TestSmtpServer();
  await working.start();
  const fresh = await freshPostgresDatabase();
  const dataDir = tempDir();
  const shared = {
    ...(fresh ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }),
    SEED_DEMO_DATA: "false",
    MAIL_LEASE_S: "2",
    MAIL_RETRY_DELAY_S: "1",
  };
  const first = await startServer(
    { ...shared, SMTP_URL: hanging.url },
    { startTimeoutMs: 150_000 },
  );
  let second: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const teacher = new HttpSession(first.url);
    const signUp = await teacher.postForm(
      "/auth/sign-up",
      signUpForm("crash@worker.test", "Kasia"),
    );
    expect(signUp.status).toBe(200);
    await hanging.waitForHeld();
    first.child.kill("SIGKILL");
    await first.exited;

    second = await startServer(
      { ...shared, SMTP_URL: working.url, PORT: String(first.port) },
      { startTimeoutMs: 150_000 },
    );
    const mail = await working.waitFor("crash@worker.test", "verifyEmail", 60_000);
    const verify = await new HttpSession(second.url).get(
      new URL(linkIn(mail, "/auth/verify/")).pathname,
    );
    expect(locationOf(verify)).toBe("/dashboard?welcome=1");
    // Give a second delivery every chance to happen: there is none.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(working.mails.filter((m) => m.to === "crash@worker.test")).toHaveLength(1);
  } finally {
    if (!first.child.killed) await first.stop();
    await second?.stop();
    await hanging.stop();
    await working.stop();
    await fresh?.drop();
  }
}, 300_000);
