import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, sessions, trialGrants, userData, users } from "@db/schema";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { AVATAR_COUNT } from "~/features/account/schemas";
import { AVATAR_IMAGES_DIR } from "~/features/account/avatar-images";
import { ROLE } from "~/lib/auth/roles";
import type { Services } from "~/lib/services.server";
import { HttpSession } from "../support/http-session";
import { linkIn, TestSmtpServer } from "../support/smtp";
import { startTestApp, type TestApp } from "../support/test-app";

const PASSWORD = "an account page passphrase";

/** The picture in the top bar's avatar menu button. */
const topBarAvatar = (html: string) =>
  /data-testid="avatar-menu-trigger"[^>]*>\s*<img[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];

describe("the account page", () => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let n = 0;

  async function signedIn(email: string, password = PASSWORD) {
    const client = new HttpSession(app.url, { "x-forwarded-for": `10.2.0.${++n}` });
    const response = await client.postForm("/auth/sign-in", { email, password });
    expect(response.status).toBe(302);
    return client;
  }

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    app = await startTestApp({ SMTP_URL: smtp.url, TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    for (const email of [
      "ola@account.test",
      "piotr@account.test",
      "gone@account.test",
      "ala@account.test",
    ]) {
      await ensureUser(app.services as Services, {
        email,
        firstName: "Ola",
        lastName: "Nowak",
        role: ROLE.TEACHER,
        password: PASSWORD,
      });
    }
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  it("edits names, avatar, consents, language and country", async () => {
    const client = await signedIn("ola@account.test");
    expect(
      (
        await client.postForm("/dashboard/account/profile", {
          firstName: "Aleksandra",
          lastName: "Nowak",
          avatar: "3",
        })
      ).status,
    ).toBe(200);
    // Ticking a newsletter starts nothing but a confirmation mail (double opt-in)…
    const ticked = await client.postForm("/dashboard/account/consents", { app: "on" });
    expect(ticked.status).toBe(200);
    expect(await ticked.text()).toContain("Almost done: we sent you an email");
    const [before] = await app.database.db
      .select({ app: users.appNewsletterAcceptedAt })
      .from(users)
      .where(eq(users.email, "ola@account.test"));
    expect(before?.app).toBeNull();
    // …whose link asks first, and starts the consent with the button.
    const confirm = new URL(
      linkIn(await smtp.waitFor("ola@account.test", "confirmApp"), "/newsletter/confirm/"),
    ).pathname;
    const reader = new HttpSession(app.url);
    expect(await (await reader.get(confirm)).text()).toContain(
      "Start sending emails about new exercises and features to ol",
    );
    expect(await (await reader.postForm(confirm, {})).text()).toContain("Thank you.");
    // A forged or stale link starts nothing.
    expect(await (await reader.postForm(`${confirm}x`, {})).text()).toContain(
      "This confirmation link is not valid",
    );
    const prefs = await client.postForm("/dashboard/account/preferences", {
      locale: "pl",
      countryCode: "PL",
    });
    expect(prefs.status).toBe(200);
    expect(prefs.headers.getSetCookie().join()).toContain("parley_locale=pl");
    const [row] = await app.database.db
      .select({
        first: users.firstName,
        avatar: userData.avatar,
        app: users.appNewsletterAcceptedAt,
        marketing: users.marketingNewsletterAcceptedAt,
        locale: userData.locale,
        country: userData.countryCode,
      })
      .from(users)
      .innerJoin(userData, eq(userData.userId, users.id))
      .where(eq(users.email, "ola@account.test"));
    expect(row).toMatchObject({
      first: "Aleksandra",
      avatar: 3,
      marketing: null,
      locale: "pl",
      country: "PL",
    });
    expect(row?.app).toBeInstanceOf(Date);
    const page = await (await client.get("/dashboard/account")).text();
    expect(page).toContain('<html lang="pl"');

    const invalid = await client.postForm("/dashboard/account/preferences", {
      locale: "xx",
      countryCode: "ZZ",
    });
    expect(invalid.status).toBe(400);
    const bad = await client.postForm("/dashboard/account/profile", {
      firstName: "",
      lastName: "x".repeat(61),
      avatar: "13",
    });
    expect(bad.status).toBe(400);
  });

  it("takes each form at its own address only, and only from a signed-in user", async () => {
    const client = await signedIn("ala@account.test");
    // The page itself has no action any more (one form per route): the old one-action post
    // with an intent changes nothing.
    const old = await client.postForm("/dashboard/account", {
      intent: "profile",
      firstName: "Changed",
      lastName: "Nowak",
      avatar: "2",
    });
    expect(old.status).toBe(405);
    await old.arrayBuffer();
    const [row] = await app.database.db
      .select({ first: users.firstName })
      .from(users)
      .where(eq(users.email, "ala@account.test"));
    expect(row?.first).toBe("Ola");
    // The answer to a form sent without JavaScript is the whole page with the form's message.
    const saved = await client.postForm("/dashboard/account/consents", {});
    const html = await saved.text();
    expect(html).toContain('id="profile-title"');
    expect(html).toContain("Saved");
    const anonymous = new HttpSession(app.url);
    const forms = ["profile", "email", "password", "preferences", "consents", "notifications"];
    for (const form of [...forms, "revoke", "delete"]) {
      const refused = await anonymous.postForm(`/dashboard/account/${form}`, {});
      expect(refused.status, form).toBe(302);
      expect(refused.headers.get("location"), form).toMatch(/^\/auth\//);
    }
  });

  it("offers the avatar pictures, serves them for a year, and refuses a number without one", async () => {
    const client = await signedIn("ala@account.test");
    const page = await (await client.get("/dashboard/account")).text();
    const radios = [...page.matchAll(/<input[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes('name="avatar"'));
    expect(radios.map((tag) => Number(/value="(\d+)"/.exec(tag)?.[1]))).toEqual(
      Array.from({ length: AVATAR_COUNT }, (_, i) => i + 1),
    );
    // A new teacher has the default, 1, and the top bar shows its picture.
    expect(
      radios.filter((tag) => /\schecked/.test(tag)).map((tag) => /value="(\d+)"/.exec(tag)?.[1]),
    ).toEqual(["1"]);
    expect(topBarAvatar(page)).toBe(`${AVATAR_IMAGES_DIR}/1.png`);
    expect(page).toContain(`Avatar ${AVATAR_COUNT}`);

    for (let n = 1; n <= AVATAR_COUNT; n++) {
      for (const file of [`${n}.png`, `${n}@2x.png`, `${n}@3x.png`]) {
        const response = await fetch(`${app.url}${AVATAR_IMAGES_DIR}/${file}`);
        expect(response.status, file).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/png");
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        await response.arrayBuffer();
      }
    }
    const missing = await fetch(`${app.url}${AVATAR_IMAGES_DIR}/${AVATAR_COUNT + 1}.png`);
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();

    // §5: a number out of range is refused with the form's message, and nothing is saved.
    for (const [avatar, shown] of [
      [String(AVATAR_COUNT + 1), `Maximum value is ${AVATAR_COUNT}`],
      ["0", "Minimum value is 1"],
      ["two", "The field value is invalid"],
    ] as const) {
      const refused = await client.postForm("/dashboard/account/profile", {
        firstName: "Ola",
        lastName: "Nowak",
        avatar,
      });
      expect(refused.status, avatar).toBe(400);
      expect(await refused.text()).toMatch(new RegExp(`id="account-avatar-error"[^>]*>${shown}<`));
    }

    const saved = await client.postForm("/dashboard/account/profile", {
      firstName: "Ola",
      lastName: "Nowak",
      avatar: String(AVATAR_COUNT),
    });
    expect(saved.status).toBe(200);
    // The page the post answers with (no JavaScript needed) already shows the new picture.
    expect(topBarAvatar(await saved.text())).toBe(`${AVATAR_IMAGES_DIR}/${AVATAR_COUNT}.png`);
    const [row] = await app.database.db
      .select({ avatar: userData.avatar })
      .from(users)
      .innerJoin(userData, eq(userData.userId, users.id))
      .where(eq(users.email, "ala@account.test"));
    expect(row?.avatar).toBe(AVATAR_COUNT);
  });

  it("changes the password only with the current one, and signs out the other devices", async () => {
    const phone = await signedIn("piotr@account.test");
    const laptop = await signedIn("piotr@account.test");
    const wrong = await laptop.postForm("/dashboard/account/password", {
      currentPassword: "nope nope nope",
      newPassword: "a new long passphrase",
      confirmPassword: "a new long passphrase",
    });
    expect(wrong.status).toBe(400);
    const ok = await laptop.postForm("/dashboard/account/password", {
      currentPassword: PASSWORD,
      newPassword: "a new long passphrase",
      confirmPassword: "a new long passphrase",
    });
    expect(ok.status).toBe(200);
    expect((await laptop.get("/dashboard")).status).toBe(200);
    expect((await phone.get("/dashboard")).status).toBe(302);
    await smtp.waitFor("piotr@account.test", "passwordChanged");
  });

  it("lists devices and signs one out", async () => {
    const a = await signedIn("ola@account.test");
    const b = await signedIn("ola@account.test");
    const [user] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "ola@account.test"));
    const rows = await app.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    const other = rows.find(
      (s) => s.token === decodeURIComponent(b.cookie("parley.session_token")!).split(".")[0],
    );
    expect(other).toBeTruthy();
    expect((await a.postForm("/dashboard/account/revoke", { sessionId: other!.id })).status).toBe(
      200,
    );
    expect((await b.get("/dashboard")).status).toBe(302);
    expect((await a.get("/dashboard")).status).toBe(200);
  });

  it("changes the email after the password, through a link mailed to the new address, and tells the old one", async () => {
    const client = await signedIn("ola@account.test");
    const wrong = await client.postForm("/dashboard/account/email", {
      newEmail: "ola.new@account.test",
      currentPassword: "wrong wrong",
    });
    expect(wrong.status).toBe(400);
    const ok = await client.postForm("/dashboard/account/email", {
      newEmail: "ola.new@account.test",
      currentPassword: PASSWORD,
    });
    expect(ok.status).toBe(200);
    const mail = await smtp.waitFor("ola.new@account.test");
    const verify = await client.get(new URL(linkIn(mail, "/auth/verify/")).pathname);
    expect(verify.headers.get("location")).toBe("/dashboard/account?emailVerified=1");
    // The old address hears of it: whoever changed it may not be its owner (issue 13 item 15).
    const notice = await smtp.waitFor("ola@account.test", "emailChanged");
    // In the language Ola chose earlier on this page.
    expect(notice.subject).toBe("Adres e-mail Twojego konta Parley został zmieniony");
    expect(notice.text).toContain("zmieniony na ola.new@account.test");
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "ola.new@account.test"));
    expect(row).toBeTruthy();
  });

  it("exports everything about the user as JSON", async () => {
    const client = await signedIn("ola.new@account.test");
    const [user] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "ola.new@account.test"));
    await app.database.db
      .insert(favorites)
      .values({ userId: user!.id, exerciseId: "lost-luggage-at-the-airport" });
    const response = await client.get("/dashboard/account/export");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="parley-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const json = await response.json();
    expect(json.account.email).toBe("ola.new@account.test");
    expect(json.favorites).toHaveLength(1);
    expect(json.devices.length).toBeGreaterThan(0);
    const text = JSON.stringify(json);
    expect(text).not.toMatch(/"token"/);
    expect(text).not.toContain("$argon2id");
    expect((await new HttpSession(app.url).get("/dashboard/account/export")).status).toBe(302);
  });

  it("deletes the account after the password, keeping only the trial record", async () => {
    const client = await signedIn("gone@account.test");
    const [user] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "gone@account.test"));
    const { startTrialIfEligible } = await import("~/features/auth/auth.server");
    await startTrialIfEligible(app.services as Services, user!.id);
    const refused = await client.postForm("/dashboard/account/delete", {
      password: "not it",
      confirm: "on",
    });
    expect(refused.status).toBe(400);
    const unconfirmed = await client.postForm("/dashboard/account/delete", {
      password: PASSWORD,
    });
    expect(unconfirmed.status).toBe(400);
    const deleted = await client.postForm("/dashboard/account/delete", {
      password: PASSWORD,
      confirm: "on",
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/auth/sign-in?accountDeleted=1");
    expect(await app.database.db.select().from(users).where(eq(users.id, user!.id))).toHaveLength(
      0,
    );
    expect(
      await app.database.db.select().from(userData).where(eq(userData.userId, user!.id)),
    ).toHaveLength(0);
    expect(
      await app.database.db.select().from(sessions).where(eq(sessions.userId, user!.id)),
    ).toHaveLength(0);
    expect((await app.database.db.select().from(trialGrants)).length).toBeGreaterThan(0);
    expect((await client.get("/dashboard")).status).toBe(302);
  });
});
