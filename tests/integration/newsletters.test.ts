import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, newsletters, userData, users } from "@db/schema";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { HttpSession } from "../support/http-session";
import { linkIn, TestSmtpServer } from "../support/smtp";
import { startTestApp, type TestApp } from "../support/test-app";
import { until } from "../support/until";

/**
 * Issue 16 item 5: newsletters written in the admin panel reach the teachers who agreed to
 * their stream, once each, in a frame in their language, with RFC 8058 one-click
 * unsubscribe; the link in the footer unsubscribes too, after asking.
 */

const PASSWORD = "newsletters for the willing only";

describe("newsletters", () => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let admin: HttpSession;

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    app = await startTestApp({ SMTP_URL: smtp.url, TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    admin = (
      await signedInAccount(app, {
        email: "editor@news.test",
        role: ROLE.TEACHER | ROLE.ADMIN,
        password: PASSWORD,
      })
    ).client;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  async function teacher(
    email: string,
    consent: { marketing?: boolean; app?: boolean; verified?: boolean; locale?: string },
  ) {
    const { id } = await signedInAccount(app, { email, role: ROLE.TEACHER, password: PASSWORD });
    const now = app.clock.now();
    await app.database.db
      .update(users)
      .set({
        marketingNewsletterAcceptedAt: consent.marketing ? now : null,
        appNewsletterAcceptedAt: consent.app ? now : null,
        emailVerified: consent.verified ?? true,
      })
      .where(eq(users.id, id));
    if (consent.locale)
      await app.database.db
        .update(userData)
        .set({ locale: consent.locale })
        .where(eq(userData.userId, id));
    return id;
  }

  const form = (fields: Record<string, string>) => ({
    subject: "Warm-ups for tired Mondays",
    body: "Hello!\n\nFive **new warm-ups** are in the library.\n\n- Two truths and a lie\n- Picture stories",
    audience: "marketing",
    when: "now",
    scheduledFor: "",
    ...fields,
  });

  it("previews without sending, then sends to consenting, verified teachers only, once each", async () => {
    const ola = await teacher("ola@news.test", { marketing: true, locale: "pl" });
    await teacher("ben@news.test", { marketing: true });
    await teacher("app-only@news.test", { app: true });
    await teacher("nobody@news.test", {});
    await teacher("unverified@news.test", { marketing: true, verified: false });

    const preview = await admin.postForm("/admin/newsletters/new", form({ intent: "preview" }));
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("<strong>new warm-ups</strong>");
    expect(html).toContain("Nothing has been sent yet");
    expect(await app.database.db.select().from(newsletters)).toHaveLength(0);

    const sent = await admin.postForm("/admin/newsletters/new", form({ intent: "send" }));
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("The newsletter is going out now");

    const toOla = await smtp.waitFor("ola@news.test", "newsletter-marketing");
    await smtp.waitFor("ben@news.test", "newsletter-marketing");
    const [letter] = await app.database.db.select().from(newsletters);
    await until("the newsletter to be sent", async () => {
      const [row] = await app.database.db
        .select()
        .from(newsletters)
        .where(eq(newsletters.id, letter!.id));
      return row?.status === "sent" ? row : undefined;
    });
    expect(
      smtp.mails
        .filter((m) => m.kind === "newsletter-marketing")
        .map((m) => m.to)
        .sort(),
    ).toEqual(["ben@news.test", "ola@news.test"]);
    // The body stays as written; the frame is in Ola's language, and she can leave.
    expect(toOla.subject).toBe("Warm-ups for tired Mondays");
    expect(toOla.html).toContain("<strong>new warm-ups</strong>");
    expect(toOla.html).toContain('lang="pl"');
    expect(toOla.text).toContain("Otrzymujesz");
    expect(toOla.listUnsubscribePost).toBe("List-Unsubscribe=One-Click");
    expect(toOla.listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[\w.-]+>$/);

    // Running the job again (a worker that died after enqueueing) adds no second copy.
    await app.database.db
      .update(newsletters)
      .set({ status: "sending" })
      .where(eq(newsletters.id, letter!.id));
    await app.services.queue.send("newsletter", { id: letter!.id });
    await until("the re-run to finish", async () => {
      const [row] = await app.database.db
        .select()
        .from(newsletters)
        .where(eq(newsletters.id, letter!.id));
      return row?.status === "sent" ? row : undefined;
    });
    expect(
      await app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.newsletterId, letter!.id)),
    ).toHaveLength(2);

    const detail = await admin.get(`/admin/newsletters/${letter!.id}`);
    expect(detail.status).toBe(200);
    expect(await detail.text()).toContain("2 of 2 sent");
    // A teacher cannot open it.
    const { client: outsider } = await signedInAccount(app, {
      email: "outsider@news.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    expect((await outsider.get(`/admin/newsletters/${letter!.id}`)).status).toBe(302);
    expect((await admin.get("/admin/newsletters/99999")).status).toBe(404);
    // Beyond the id column's range is not found either, not a database error.
    expect((await admin.get("/admin/newsletters/99999999999")).status).toBe(404);
    expect((await admin.get("/admin/newsletters/abc")).status).toBe(404);

    // One click from the mail client: a POST with no cookie and no Origin.
    const oneClick = await fetch(toOla.listUnsubscribe.slice(1, -1), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const [olaNow] = await app.database.db
      .select({ consent: users.marketingNewsletterAcceptedAt })
      .from(users)
      .where(eq(users.id, ola));
    expect(olaNow?.consent).toBeNull();
  });

  it("unsubscribes from the footer link after asking, and the next newsletter skips them", async () => {
    const toBen = smtp.mails.find((m) => m.to === "ben@news.test")!;
    const reader = new HttpSession(app.url);
    const path = new URL(linkIn(toBen, "/unsubscribe/")).pathname;
    const page = await reader.get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop sending Parley&#x27;s news and offers to be");
    const done = await reader.postForm(path, {});
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("will get no more news and offers");

    const forged = await reader.get(`${path.slice(0, -3)}xyz`);
    expect(await forged.text()).toContain("This unsubscribe link is not valid");
    expect((await reader.postForm(`${path.slice(0, -3)}xyz`, {})).status).toBe(200);

    const before = smtp.mails.length;
    await teacher("late@news.test", { marketing: true });
    await admin.postForm(
      "/admin/newsletters/new",
      form({ intent: "send", subject: "Second issue" }),
    );
    await smtp.waitFor("late@news.test", "newsletter-marketing");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.mails.slice(before).map((m) => m.to)).toEqual(["late@news.test"]);
  });

  it("asks to confirm a consent ticked on the account page, and the link expires after 7 days", async () => {
    const { client, id } = await signedInAccount(app, {
      email: "late-reader@news.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    expect(
      await (await client.postForm("/dashboard/account/consents", { marketing: "on" })).text(),
    ).toContain("Almost done");
    const mail = await smtp.waitFor("late-reader@news.test", "confirmMarketing");
    expect(mail.subject).toBe("Confirm: teaching tips and special offers from Parley");
    const link = new URL(linkIn(mail, "/newsletter/confirm/")).pathname;
    app.clock.advance(8 * 24 * 3600_000);
    try {
      const late = await new HttpSession(app.url).postForm(link, {});
      expect(await late.text()).toContain("This confirmation link is not valid or has expired");
    } finally {
      app.clock.advance(-8 * 24 * 3600_000);
    }
    const [row] = await app.database.db
      .select({ consent: users.marketingNewsletterAcceptedAt })
      .from(users)
      .where(eq(users.id, id));
    expect(row?.consent).toBeNull();
  });

  it("sends the Polish version to Polish teachers and the English one to everyone else", async () => {
    await teacher("pl-app@news.test", { app: true, locale: "pl" });
    await teacher("de-app@news.test", { app: true, locale: "de" });
    const polish = {
      audience: "app",
      subject: "Listening tracks, now with transcripts",
      body: "Every **listening track** now has a transcript you can show on screen.",
      subjectPl: "Nagrania z transkrypcjami",
      bodyPl: "Każde **nagranie** ma teraz transkrypcję, którą pokażesz na ekranie.",
    };
    // Half a translation is refused with a message, nothing is sent.
    const half = await admin.postForm(
      "/admin/newsletters/new",
      form({ ...polish, bodyPl: "", intent: "send" }),
    );
    expect(half.status).toBe(400);
    expect(await half.text()).toContain("Write the Polish text too");
    // The preview shows both versions.
    const preview = await (
      await admin.postForm("/admin/newsletters/new", form({ ...polish, intent: "preview" }))
    ).text();
    expect(preview).toContain("<strong>listening track</strong>");
    expect(preview).toContain("<strong>nagranie</strong>");

    const sent = await admin.postForm(
      "/admin/newsletters/new",
      form({ ...polish, intent: "send" }),
    );
    expect(sent.status).toBe(200);
    const toPl = await smtp.waitFor("pl-app@news.test", "newsletter-app");
    const toDe = await smtp.waitFor("de-app@news.test", "newsletter-app");
    expect(toPl.subject).toBe("Nagrania z transkrypcjami");
    expect(toPl.html).toContain("<strong>nagranie</strong>");
    expect(toPl.html).not.toContain("listening track");
    expect(toDe.subject).toBe("Listening tracks, now with transcripts");
    expect(toDe.html).toContain("<strong>listening track</strong>");
    // The English body is marked as English inside the German frame.
    expect(toDe.html).toContain('lang="de"');
    expect(toDe.html).toMatch(/<div[^>]*lang="en"/);
  });

  it("schedules for later, refuses a time already past and a missing date, with messages", async () => {
    const past = await admin.postForm(
      "/admin/newsletters/new",
      form({ intent: "send", when: "later", scheduledFor: "2020-01-01T09:00" }),
    );
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("That time has already passed");
    const missing = await admin.postForm(
      "/admin/newsletters/new",
      form({ intent: "send", when: "later", scheduledFor: "" }),
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Choose the date and time to send it");
    const tooShort = await admin.postForm(
      "/admin/newsletters/new",
      form({ body: "Hi", intent: "send" }),
    );
    expect(tooShort.status).toBe(400);

    const at = new Date(app.clock.now().getTime() + 3 * 24 * 3600_000).toISOString().slice(0, 16);
    const scheduled = await admin.postForm(
      "/admin/newsletters/new",
      form({ intent: "send", when: "later", scheduledFor: at, subject: "Later issue" }),
    );
    expect(scheduled.status).toBe(200);
    expect(await scheduled.text()).toContain("The newsletter is scheduled");
    const [row] = await app.database.db
      .select()
      .from(newsletters)
      .where(eq(newsletters.subject, "Later issue"));
    expect(row?.status).toBe("scheduled");
    expect(row?.scheduledFor.toISOString().slice(0, 16)).toBe(at);
    const { rows } = await app.database.executeSql(
      "select start_after > now() + interval '2 days' as later from pgboss.job where name = 'newsletter' and data->>'id' = $1",
      [String(row!.id)],
    );
    expect(rows).toEqual([{ later: true }]);
  });
});
