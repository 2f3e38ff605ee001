import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/lib/db.server";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { solvedCaptcha } from "../support/captcha";
import { HttpSession, locationOf } from "../support/http-session";
import { TestSmtpServer } from "../support/smtp";
import { startTestApp, type TestApp } from "../support/test-app";

const PASSWORD = "a lighthouse keeper's long notebook";

let app: TestApp;
let smtp: TestSmtpServer;
let ip = 0;
/** Each client gets its own address so per-address limits never meet between tests. */
const client = () => new HttpSession(app.url, { "x-forwarded-for": `10.30.0.${++ip}` });

beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for", SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

describe("redirectTo through the real routes", () => {
  const HOSTILE = [
    "/.//evil.example",
    "/a/..//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/%2e%2e//evil.example",
    "//evil.example",
    "https://evil.example/",
  ];

  it("sign-in sends every hostile target to the dashboard and keeps a real one", async () => {
    await signedInAccount(app, {
      email: "redirect@school.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    for (const redirectTo of [...HOSTILE, "/dashboard/students?tab=active#top"]) {
      const response = await client().postForm("/auth/sign-in", {
        email: "redirect@school.test",
        password: PASSWORD,
        redirectTo,
      });
      expect(response.status, redirectTo).toBe(302);
      const expected = redirectTo.startsWith("/dashboard/") ? redirectTo : "/dashboard";
      expect(locationOf(response), redirectTo).toBe(expected);
    }
  });

  it("/auth/confirm sends a signed-in visitor to the dashboard for every hostile target", async () => {
    const { client: signedIn } = await signedInAccount(app, {
      email: "confirm@school.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    for (const redirectTo of HOSTILE) {
      const response = await signedIn.get(
        `/auth/confirm?redirectTo=${encodeURIComponent(redirectTo)}`,
      );
      expect(response.status, redirectTo).toBe(302);
      expect(locationOf(response), redirectTo).toBe("/dashboard");
    }
    const kept = await signedIn.get(
      `/auth/confirm?redirectTo=${encodeURIComponent("/dashboard/lessons?week=2")}`,
    );
    expect(locationOf(kept)).toBe("/dashboard/lessons?week=2");
  });
});

describe("re-authentication on the account page is rate limited", () => {
  const wrong = "not my password at all";
  const attempts: Record<string, (current: string) => Record<string, string>> = {
    password: (current) => ({
      currentPassword: current,
      newPassword: "a fresh and longer passphrase",
      confirmPassword: "a fresh and longer passphrase",
    }),
    email: (current) => ({
      newEmail: "moved@school.test",
      currentPassword: current,
    }),
    delete: (current) => ({ password: current, confirm: "on" }),
  };

  it("answers 429 with Retry-After after five wrong passwords in a session, whatever the form", async () => {
    const { client: signedIn } = await signedInAccount(app, {
      email: "reauth@school.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    const order = ["password", "email", "delete", "password", "email"] as const;
    for (const intent of order) {
      const response = await signedIn.postForm(
        `/dashboard/account/${intent}`,
        attempts[intent]!(wrong),
      );
      expect(response.status, intent).toBe(400);
      expect(await response.text()).toContain("The password is not right");
    }
    for (const intent of ["delete", "password", "email"] as const) {
      // Even the right password waits: the session has had its tries.
      const response = await signedIn.postForm(
        `/dashboard/account/${intent}`,
        attempts[intent]!(PASSWORD),
      );
      expect(response.status, intent).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await response.text()).toContain("Too many wrong passwords");
    }
    // The account is still there and its password unchanged.
    const again = await client().postForm("/auth/sign-in", {
      email: "reauth@school.test",
      password: PASSWORD,
    });
    expect(again.status).toBe(302);
  });

  it("counts wrong passwords against the account like failed sign-ins", async () => {
    const { client: signedIn } = await signedInAccount(app, {
      email: "reauth-account@school.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    await signedIn.postForm("/dashboard/account/password", attempts.password!(wrong));
    const [row] = await queryRows<{ count: number }>(
      app.database.db,
      sql`select count from rate_limits where key = ${"signin:fail:reauth-account@school.test"}`,
    );
    expect(Number(row?.count)).toBe(1);
    // An account already at its failed sign-in limit refuses re-authentication too.
    await app.database.db.execute(
      sql`update rate_limits set count = 100 where key = ${"signin:fail:reauth-account@school.test"}`,
    );
    const response = await signedIn.postForm("/dashboard/account/email", attempts.email!(PASSWORD));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("past the failed sign-in limit the owner still signs in, with the captcha", () => {
  const EMAIL = "besieged@school.test";
  const key = `signin:fail:${EMAIL}`;

  it("asks for the captcha instead of locking out, and tells the owner once, in their language", async () => {
    const { id } = await signedInAccount(app, {
      email: EMAIL,
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    await app.database.db.execute(sql`update user_data set locale = 'pl' where user_id = ${id}`);
    // 99 failures so far this hour (as many addresses guessing would leave it).
    await app.database.db.execute(
      sql`insert into rate_limits (key, window_start, count) values (${key}, now(), 99)`,
    );
    const hundredth = await client().postForm("/auth/sign-in", {
      email: EMAIL,
      password: "guess 100",
    });
    expect(hundredth.status).toBe(400);
    const mail = await smtp.waitFor(EMAIL, "signInLocked");
    expect(mail.subject).toBe("Wiele nieudanych logowań na Twoje konto Parley");
    expect(mail.text).toContain("/auth/recovery");

    // The right password alone is no longer enough, but the answer is not a lockout.
    const owner = client();
    const withoutCaptcha = await owner.postForm("/auth/sign-in", {
      email: EMAIL,
      password: PASSWORD,
    });
    expect(withoutCaptcha.status).toBe(400);
    expect(withoutCaptcha.headers.get("retry-after")).toBeNull();
    const html = await withoutCaptcha.text();
    expect(html).toContain("so we check that you are not a robot");
    expect(html).toContain('data-testid="captcha-status"');

    // A wrong guess with a solved captcha is still a wrong guess, and no second mail goes out.
    const guess = await client().postForm("/auth/sign-in", {
      email: EMAIL,
      password: "guess 101",
      captcha: await solvedCaptcha(owner),
    });
    expect(guess.status).toBe(400);

    const signedIn = await owner.postForm("/auth/sign-in", {
      email: EMAIL,
      password: PASSWORD,
      captcha: await solvedCaptcha(owner),
    });
    expect(signedIn.status).toBe(302);
    expect(locationOf(signedIn)).toBe("/dashboard");
    expect(
      smtp.mails.filter((m) => m.to.includes(EMAIL) && m.kind === "signInLocked"),
    ).toHaveLength(1);
  });

  it("does not accept a captcha solution twice", async () => {
    const owner = client();
    const captcha = await solvedCaptcha(owner);
    const first = await owner.postForm("/auth/sign-in", {
      email: EMAIL,
      password: PASSWORD,
      captcha,
    });
    expect(first.status).toBe(302);
    const replay = await client().postForm("/auth/sign-in", {
      email: EMAIL,
      password: PASSWORD,
      captcha,
    });
    expect(replay.status).toBe(400);
  });
});
