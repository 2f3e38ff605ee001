import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, userData, users } from "@db/schema";
import { HttpSession, locationOf } from "../support/http-session";
import { linkIn, TestSmtpServer } from "../support/smtp";
import { startTestApp, type TestApp } from "../support/test-app";

const PASSWORD = "blue kettle on a quiet morning";

describe("accounts over HTTP, with mail through a real SMTP server", () => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let ip = 0;
  /** Each session gets its own client address so per-IP limits do not interfere. */
  const session = () => new HttpSession(app.url, { "x-forwarded-for": `10.0.0.${++ip}` });

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    app = await startTestApp({
      SMTP_URL: smtp.url,
      TRUSTED_PROXY_HEADER: "x-forwarded-for",
      TRIAL_DAYS: "7",
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  async function signUp(client: HttpSession, email: string, extra: Record<string, string> = {}) {
    return client.postForm("/auth/sign-up", {
      firstName: "Maria",
      lastName: "Kowalska",
      email,
      password: PASSWORD,
      terms: "on",
      ...extra,
    });
  }

  it("signs up, verifies through the mailed link, lands on the dashboard with a trial", async () => {
    const client = session();
    const response = await signUp(client, "maria@school.test", { appNewsletter: "on" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("maria@school.test");

    const mail = await smtp.waitFor("maria@school.test", "verifyEmail");
    const verify = await client.get(new URL(linkIn(mail, "/auth/verify/")).pathname);
    expect(verify.status).toBe(302);
    expect(locationOf(verify)).toBe("/dashboard?welcome=1");

    const dashboard = await client.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Maria");

    const [row] = await app.database.db
      .select({
        trial: userData.trialExpiresAt,
        app: users.appNewsletterAcceptedAt,
        marketing: users.marketingNewsletterAcceptedAt,
        terms: userData.termsAcceptedAt,
        rcs: userData.rcs,
      })
      .from(users)
      .innerJoin(userData, eq(userData.userId, users.id))
      .where(eq(users.email, "maria@school.test"));
    expect(row?.trial?.getTime()).toBeGreaterThan(app.clock.now().getTime() + 6.9 * 24 * 3600_000);
    expect(row?.app).toBeInstanceOf(Date);
    expect(row?.marketing).toBeNull();
    expect(row?.terms).toBeInstanceOf(Date);
    // No captcha token (no JavaScript): an "unknown" score, not a rejection.
    expect(row?.rcs).toBe(0.5);
  });

  it("answers a sign-up with an existing address exactly like a new one, and mails the owner instead", async () => {
    const fresh = await signUp(session(), "new-person@school.test");
    const existing = await signUp(session(), "maria@school.test");
    expect(existing.status).toBe(fresh.status);
    const normalize = (html: string) =>
      html
        .replace(/[\w.-]+@school\.test/g, "EMAIL")
        .replace(/nonce="[^"]+"/g, "")
        .replace(/"[a-zA-Z0-9_-]{20,}"/g, '""');
    expect(normalize(await existing.text()).length).toBe(normalize(await fresh.text()).length);
    const mail = await smtp.waitFor("maria@school.test", "alreadyRegistered");
    expect(mail.subject).toMatch(/already have a Parley account/);
    const accounts = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "maria@school.test"));
    expect(accounts).toHaveLength(1);
  });

  it("does not give a second trial to an address that re-registers", async () => {
    const { startTrialIfEligible } = await import("~/features/auth/auth.server");
    const [maria] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "maria@school.test"));
    await app.database.db
      .update(userData)
      .set({ trialExpiresAt: null })
      .where(eq(userData.userId, maria!.id));
    expect(await startTrialIfEligible(app.services, maria!.id)).toBe(false);
  });

  it("signs out and back in, returning to the page that asked for sign-in", async () => {
    const client = session();
    const guarded = await client.get("/dashboard/students?tab=active");
    expect(locationOf(guarded)).toBe(
      "/auth/confirm?tab=active&redirectTo=%2Fdashboard%2Fstudents%3Ftab%3Dactive",
    );
    const confirm = await client.get(locationOf(guarded));
    expect(locationOf(confirm)).toBe(
      "/auth/sign-in?tab=active&redirectTo=%2Fdashboard%2Fstudents%3Ftab%3Dactive",
    );

    const signIn = await client.postForm("/auth/sign-in", {
      email: "maria@school.test",
      password: PASSWORD,
      redirectTo: "/dashboard/students?tab=active",
    });
    expect(signIn.status).toBe(302);
    expect(locationOf(signIn)).toBe("/dashboard/students?tab=active");
    expect(client.cookie("parley.session_token")).toBeTruthy();
    const cookieHeader = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("parley.session_token="))!;
    expect(cookieHeader).toMatch(/Max-Age=34560000/);
    expect(cookieHeader).toMatch(/HttpOnly/i);
    expect(cookieHeader).toMatch(/SameSite=Lax/i);

    expect((await client.get("/auth/sign-in")).headers.get("location")).toBe("/dashboard");

    // Opening the sign-out page only asks; the session ends with the POST of its button.
    const ask = await client.get("/auth/sign-out");
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Do you want to sign out");
    expect((await client.get("/dashboard")).status).toBe(200);
    const out = await client.postForm("/auth/sign-out", {});
    expect(locationOf(out)).toBe("/auth/sign-in?signedOut=1");
    expect(client.cookie("parley.session_token")).toBeUndefined();
    expect((await client.get("/dashboard")).status).toBe(302);
  });

  it("rejects a wrong password with a readable message and keeps the email typed", async () => {
    const response = await session().postForm("/auth/sign-in", {
      email: "maria@school.test",
      password: "not the password",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("The email or password is not right");
    expect(html).toContain('value="maria@school.test"');
    expect(html).not.toContain("not the password");
  });

  it("shows the spec's field messages and answers 400 without JavaScript", async () => {
    const response = await session().postForm("/auth/sign-up", {
      firstName: "",
      lastName: "Nowak",
      email: "not-an-email",
      password: "short",
      terms: "",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("The field is required");
    expect(html).toContain("Not a valid e-mail address");
    expect(html).toContain("Minimum required length is 8 chars");
    expect(html).toContain('value="Nowak"');
  });

  it("rejects one of the most common passwords", async () => {
    const response = await signUp(session(), "weak@school.test", { password: "password123" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("one of the most common");
  });

  it("limits sign-in attempts to five a minute per client address (429 with Retry-After)", async () => {
    const client = session();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await client.postForm("/auth/sign-in", {
        email: "nobody@school.test",
        password: "whatever it is",
      });
      statuses.push(response.status);
      if (i === 5) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.text()).toMatch(/Too many attempts/);
      }
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it("recovers a forgotten password: same answer for unknown addresses, link by mail, other sessions revoked", async () => {
    const unknown = await session().postForm("/auth/recovery", { email: "ghost@school.test" });
    const known = await session().postForm("/auth/recovery", { email: "maria@school.test" });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);

    const other = session();
    await other.postForm("/auth/sign-in", { email: "maria@school.test", password: PASSWORD });
    expect((await other.get("/dashboard")).status).toBe(200);

    const mail = await smtp.waitFor("maria@school.test", "recovery");
    const path = new URL(linkIn(mail, "/auth/recovery/")).pathname;
    const client = session();
    expect((await client.get(path)).status).toBe(200);
    const mismatch = await client.postForm(path, {
      password: "a brand new passphrase",
      confirmPassword: "something else",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Field values don&#x27;t match");
    const reset = await client.postForm(path, {
      password: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    });
    expect(locationOf(reset)).toBe("/auth/sign-in?reset=1");
    await smtp.waitFor("maria@school.test", "passwordChanged");

    expect((await other.get("/dashboard")).status).toBe(302);
    const signIn = await session().postForm("/auth/sign-in", {
      email: "maria@school.test",
      password: "a brand new passphrase",
    });
    expect(signIn.status).toBe(302);
    const reused = await session().postForm(path, {
      password: "yet another passphrase",
      confirmPassword: "yet another passphrase",
    });
    expect(reused.status).toBe(400);
  });

  it("limits verification and recovery mails to three an hour per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await session().postForm("/auth/recovery", { email: "limited@school.test" })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("keeps sessions in the database", async () => {
    const rows = await app.database.db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    // Sessions are better-auth's: they follow the machine's clock, not the app's.
    expect(rows.every((s) => s.expiresAt.getTime() > Date.now() + 399 * 24 * 3600_000)).toBe(true);
  });
});

describe("admins and demo accounts", () => {
  it("create-admin promotes or creates an admin whose one-time link sets a password", async () => {
    const app = await startTestApp();
    try {
      const { createOrPromoteAdmin } = await import("~/features/account/admin-tasks.server");
      const result = await createOrPromoteAdmin(app.services, {
        email: "boss@parley.test",
        firstName: "Bo",
        lastName: "Ss",
      });
      expect(result.created).toBe(true);
      const path = new URL(result.link).pathname;
      const client = new HttpSession(app.url);
      const set = await client.postForm(path, {
        password: "the boss chooses well",
        confirmPassword: "the boss chooses well",
      });
      expect(set.headers.get("location")).toBe("/auth/sign-in?reset=1");
      const signIn = await client.postForm("/auth/sign-in", {
        email: "boss@parley.test",
        password: "the boss chooses well",
      });
      expect(signIn.status).toBe(302);
      expect((await client.get("/admin")).status).toBe(200);
      const again = await client.postForm(path, {
        password: "reusing the link fails",
        confirmPassword: "reusing the link fails",
      });
      expect(again.status).toBe(400);
      const promoted = await createOrPromoteAdmin(app.services, { email: "boss@parley.test" });
      expect(promoted.created).toBe(false);
    } finally {
      await app.close();
    }
  });
});
