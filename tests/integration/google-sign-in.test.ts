import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, sessions, userData, users } from "@db/schema";
import { expectConsoleError } from "../support/fail-on-console-error";
import { GoogleStandIn } from "../support/google-standin";
import { HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * "Continue with Google" end to end: the app's better-auth Google provider talks to a local
 * Google stand-in (GOOGLE_OAUTH_URL), which checks the client, PKCE and the redirect
 * address like Google does. Start → consent screen → callback with a code → session.
 */

const CLIENT = { id: "parley-test.apps.googleusercontent.com", secret: "GOCSPX-test-secret" };

describe("sign-in with Google", () => {
  let app: TestApp;
  let google: GoogleStandIn;
  let ip = 0;
  const browser = () => new HttpSession(app.url, { "x-forwarded-for": `10.21.0.${++ip}` });

  beforeAll(async () => {
    google = new GoogleStandIn(CLIENT, {
      sub: "110248495921238986420",
      email: "ada.lovelace@gmail.test",
      email_verified: true,
      given_name: "Ada",
      family_name: "Lovelace",
    });
    await google.start();
    app = await startTestApp({
      TRUSTED_PROXY_HEADER: "x-forwarded-for",
      TRIAL_DAYS: "7",
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_OAUTH_URL: google.url,
    });
  });
  afterAll(async () => {
    await app?.close();
    await google?.stop();
  });

  /** Presses "Continue with Google" on the sign-in page; answers the consent screen's address. */
  async function start(client: HttpSession, redirectTo = "") {
    const page = await (await client.get("/auth/sign-in")).text();
    expect(page).toContain("Continue with Google");
    const started = await client.postForm("/auth/sign-in", { intent: "google", redirectTo });
    expect(started.status).toBe(302);
    return new URL(locationOf(started));
  }

  /** The person chooses their account on the consent screen: Google sends them back. */
  async function consent(client: HttpSession, consentUrl: URL) {
    const screen = await client.get(consentUrl.toString());
    expect(screen.status).toBe(302);
    const back = new URL(locationOf(screen));
    return back.pathname + back.search;
  }

  async function userByEmail(email: string) {
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  it("creates the teacher on first sign-in and signs them in with a session cookie", async () => {
    const client = browser();
    const consentUrl = await start(client, "/dashboard/favorites");
    // The browser goes to the provider with this app's client, PKCE and callback address.
    expect(consentUrl.origin + consentUrl.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(consentUrl.searchParams.get("client_id")).toBe(CLIENT.id);
    expect(consentUrl.searchParams.get("redirect_uri")).toBe(`${app.url}/auth/confirm`);
    expect(consentUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(await userByEmail("ada.lovelace@gmail.test")).toBeUndefined();

    const callback = await consent(client, consentUrl);
    expect(callback).toMatch(/^\/auth\/confirm\?state=[^&]+&code=/);
    const done = await client.get(callback);
    expect(done.status).toBe(302);
    expect(locationOf(done)).toBe("/dashboard/favorites");
    expect(google.tokenRequests.at(-1)).toEqual({ ok: true });
    expect(client.cookie("parley.session_token")).toBeTruthy();

    // A user row from Google's profile, a Google account link, a session and a trial.
    const user = await userByEmail("ada.lovelace@gmail.test");
    expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", emailVerified: true });
    const links = await app.database.db
      .select({ providerId: accounts.providerId, accountId: accounts.accountId })
      .from(accounts)
      .where(eq(accounts.userId, user!.id));
    expect(links).toEqual([{ providerId: "google", accountId: "110248495921238986420" }]);
    const [data] = await app.database.db
      .select({ trialExpiresAt: userData.trialExpiresAt })
      .from(userData)
      .where(eq(userData.userId, user!.id));
    expect(data?.trialExpiresAt).not.toBeNull();

    // The cookie is a real session: the dashboard opens and greets the teacher.
    const dashboard = await client.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Ada");
  });

  it("signs the same Google account into the same teacher the next time", async () => {
    const client = browser();
    const done = await client.get(await consent(client, await start(client)));
    expect(locationOf(done)).toBe("/dashboard");
    const matching = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "ada.lovelace@gmail.test"));
    expect(matching).toHaveLength(1);
    const active = await app.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, matching[0]!.id));
    expect(active.length).toBeGreaterThanOrEqual(2);
    expect((await client.get("/dashboard")).status).toBe(200);
  });

  it("signs no one in when the code is refused or the state belongs to another browser", async () => {
    // A code the provider never issued: the exchange fails, the sign-in page explains.
    const client = browser();
    const callback = new URL(await consent(client, await start(client)), app.url);
    callback.searchParams.set("code", "4/forged-code");
    expectConsoleError(); // better-auth logs the refused exchange
    const forged = await client.get(callback.pathname + callback.search);
    expect(locationOf(forged)).toBe("/auth/sign-in?oauthError=1");
    expect(google.tokenRequests.at(-1)?.ok).toBe(false);
    expect(client.cookie("parley.session_token")).toBeUndefined();
    expect((await client.get("/dashboard")).status).toBe(302);

    // A genuine callback opened in a browser that did not start this sign-in.
    const victim = browser();
    const genuine = await consent(victim, await start(victim));
    const attacker = browser();
    expectConsoleError(); // better-auth logs the state mismatch
    const replayed = await attacker.get(genuine);
    expect(locationOf(replayed)).toBe("/auth/sign-in?oauthError=1");
    expect(attacker.cookie("parley.session_token")).toBeUndefined();
    expect((await attacker.get("/dashboard")).status).toBe(302);
  });
});
