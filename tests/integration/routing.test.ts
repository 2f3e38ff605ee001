import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeRules } from "@db/schema";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { ROLE } from "~/lib/auth/roles";
import { ROUTE_RULES_CHANNEL } from "~/lib/routing/route-rules.server";
import type { Services } from "~/lib/services.server";
import { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

const PASSWORD = "routing test passphrase";
type Who = "anonymous" | "teacher" | "student" | "admin";

describe("routes, guards and rules over HTTP", () => {
  let app: TestApp;
  const clients = {} as Record<Who, HttpSession>;

  beforeAll(async () => {
    app = await startTestApp({
      PUBLIC_BACKEND_ORIGIN: "https://api.parley.example",
      TRUSTED_PROXY_HEADER: "x-forwarded-for",
    });
    const services = app.services;
    const people: [Who, number][] = [
      ["teacher", ROLE.TEACHER],
      ["student", ROLE.STUDENT],
      ["admin", ROLE.ADMIN | ROLE.TEACHER],
    ];
    clients.anonymous = new HttpSession(app.url, { "x-forwarded-for": "10.1.0.1" });
    let n = 2;
    for (const [who, role] of people) {
      await ensureUser(services as Services, {
        email: `${who}@routing.test`,
        firstName: who,
        lastName: "Test",
        role,
        password: PASSWORD,
      });
      const client = new HttpSession(app.url, { "x-forwarded-for": `10.1.0.${n++}` });
      const response = await client.postForm("/auth/sign-in", {
        email: `${who}@routing.test`,
        password: PASSWORD,
      });
      expect(response.status).toBe(302);
      clients[who] = client;
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  // The guard matrix of spec §2.4, for document requests and client navigations' data requests.
  const expected: Record<string, Record<Who, string>> = {
    "/faq": { anonymous: "200", teacher: "200", student: "200", admin: "200" },
    "/auth/sign-in": {
      anonymous: "200",
      teacher: "→/dashboard",
      student: "→/dashboard",
      admin: "→/dashboard",
    },
    "/auth/sign-up": {
      anonymous: "200",
      teacher: "→/dashboard",
      student: "→/dashboard",
      admin: "→/dashboard",
    },
    "/dashboard": { anonymous: "→/auth/confirm", teacher: "200", student: "200", admin: "200" },
    "/dashboard/students": {
      anonymous: "→/auth/confirm",
      teacher: "200",
      student: "200",
      admin: "200",
    },
    "/admin": {
      anonymous: "→/auth/confirm",
      teacher: "→/dashboard",
      student: "→/dashboard",
      admin: "200",
    },
    "/admin/users": {
      anonymous: "→/auth/confirm",
      teacher: "→/dashboard",
      student: "→/dashboard",
      admin: "200",
    },
  };

  function outcome(response: Response): string {
    if (response.status >= 300 && response.status < 400)
      return `→${new URL(response.headers.get("location")!, app.url).pathname}`;
    return String(response.status);
  }

  /** A single-fetch data request answers redirects inside its body (status 202). */
  async function dataOutcome(response: Response): Promise<string> {
    const redirect = response.headers.get("x-remix-redirect");
    if (redirect) return `→${new URL(redirect, app.url).pathname}`;
    const text = await response.text();
    const match =
      /"redirect","([^"]+)"/.exec(text) ??
      /\["SingleFetchRedirect",\d+,"redirect","([^"]+)"/.exec(text);
    if (match) return `→${new URL(match[1]!, app.url).pathname}`;
    return String(response.status);
  }

  for (const [path, row] of Object.entries(expected)) {
    for (const who of ["anonymous", "teacher", "student", "admin"] as Who[]) {
      it(`document ${path} as ${who} → ${row[who]}`, async () => {
        expect(outcome(await clients[who].get(path))).toBe(row[who]);
      });
      it(`data request ${path} as ${who} → ${row[who]}`, async () => {
        const response = await clients[who].get(`${path}.data`);
        expect(await dataOutcome(response)).toBe(row[who]);
      });
    }
  }

  it("answers every route of the URL map (localized ones under every prefix)", async () => {
    const { LOCALE_PREFIXES } = await import("~/lib/i18n/locales");
    const localized = ["/", "/faq", "/blog"];
    for (const prefix of [null, ...LOCALE_PREFIXES]) {
      for (const path of localized) {
        const url = prefix ? `/${prefix}${path === "/" ? "" : path}` : path;
        const response = await clients.teacher.get(url);
        const ok = response.status === 200 || (response.status === 301 && path !== "/");
        expect(ok, `${url} answered ${response.status}`).toBe(true);
      }
      const sitemap = await clients.anonymous.get(
        prefix ? `/${prefix}/sitemap.xml` : "/sitemap.xml",
      );
      expect(sitemap.status).toBe(200);
    }
    for (const path of [
      "/newsletter",
      "/auth/sign-in",
      "/auth/recovery",
      "/auth/confirm?resend=1",
      "/r/happy-week",
    ]) {
      expect((await clients.anonymous.get(path)).status, path).toBe(200);
    }
    for (const path of [
      "/dashboard",
      "/dashboard/features",
      "/dashboard/favorites",
      "/dashboard/materials",
      "/dashboard/account",
      "/dashboard/membership",
      "/dashboard/lessons",
      "/dashboard/notifications",
      "/dashboard/students",
      "/dashboard/exercises",
      "/r/review",
    ]) {
      expect((await clients.teacher.get(path)).status, path).toBe(200);
    }
    for (const path of [
      "/admin",
      "/admin/users",
      "/admin/newsletters",
      "/admin/organizations",
      "/admin/exercises/all",
      "/admin/materials/all",
      "/admin/audio",
      "/admin/changelog",
      "/admin/reviews",
    ]) {
      expect((await clients.admin.get(path)).status, path).toBe(200);
    }
    // The top bar's Audio link leads administrators to track management.
    expect(outcome(await clients.admin.get("/dashboard/audio"))).toBe("→/admin/audio");
  }, 120_000);

  it("sends /auth to sign-in and /dashboard/lessons/new without a student to the roster", async () => {
    expect(outcome(await clients.anonymous.get("/auth"))).toBe("→/auth/sign-in");
    expect(outcome(await clients.teacher.get("/dashboard/lessons/new"))).toBe(
      "→/dashboard/students",
    );
  });

  it("redirects other prefixes before /blog and /faq to the unprefixed page, but not /pl", async () => {
    expect(outcome(await clients.anonymous.get("/de/blog"))).toBe("→/blog");
    expect(outcome(await clients.anonymous.get("/fr/faq"))).toBe("→/faq");
    expect(outcome(await clients.anonymous.get("/es/blog/anything"))).toBe("→/blog/anything");
    expect((await clients.anonymous.get("/pl/faq")).status).toBe(200);
  });

  it("gives unknown paths a 404 titled Page not found with the path in the message", async () => {
    const response = await new HttpSession(app.url).get("/this/does/not/exist");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("<title>Page not found</title>");
    expect(html).toContain("Page Not Found: /this/does/not/exist");
    expect(html).toContain('href="/"');
    const dashboard404 = await (await clients.teacher.get("/dashboard/nothing-here")).text();
    expect(dashboard404).toContain('href="/dashboard"');
  });

  it("answers bots with a plain error, not the rendered page", async () => {
    const response = await clients.anonymous.get("/nope", {
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/text\/plain/);
    expect(await response.text()).toBe("404");
  });

  it("follows /redirect only to the configured backend origin", async () => {
    const ok = await clients.anonymous.get(
      `/redirect?to=${encodeURIComponent("https://api.parley.example/return?x=1")}`,
    );
    expect(ok.headers.get("location")).toBe("https://api.parley.example/return?x=1");
    for (const to of [
      "https://api.parley.example.evil.test/",
      "//evil.test",
      "javascript:alert(1)",
      "https:\\\\evil.test",
      "https%3A%2F%2Fevil.test",
    ]) {
      const response = await clients.anonymous.get(`/redirect?to=${encodeURIComponent(to)}`);
      expect(response.headers.get("location"), to).toBe("/");
    }
    expect(
      (await clients.anonymous.get("/pl/redirect?to=https%3A%2F%2Fevil.test")).headers.get(
        "location",
      ),
    ).toBe("/pl");
  });

  it("detects the language: cookie, then browser languages, and remembers a prefixed visit for a year", async () => {
    const polishBrowser = new HttpSession(app.url, { "accept-language": "pl-PL,pl;q=0.9" });
    expect(outcome(await polishBrowser.get("/"))).toBe("→/pl");
    // The prefixed visit is remembered by the page itself (a Set-Cookie would make it
    // uncacheable for CDNs): an inline script sets the cookie for a year unless one is set.
    const visit = await polishBrowser.get("/pl");
    expect(visit.headers.getSetCookie()).toEqual([]);
    expect(await visit.text()).toMatch(
      /<script nonce="[^"]+">document\.cookie\.indexOf\("parley_locale="\)<0&&\(document\.cookie="parley_locale=pl; Path=\/; Max-Age=31536000; SameSite=Lax"\)<\/script>/,
    );
    polishBrowser.setCookie("parley_locale", "pl");
    const page = await (await polishBrowser.get("/auth/sign-in")).text();
    expect(page).toContain('<html lang="pl" dir="ltr"');

    const chose = new HttpSession(app.url, { "accept-language": "pl" });
    chose.setCookie("parley_locale", "en");
    expect((await chose.get("/")).status).toBe(200);
    chose.setCookie("parley_locale", "xx");
    expect(outcome(await chose.get("/"))).toBe("→/pl");

    const arabic = await (await clients.anonymous.get("/ar")).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl"');
    const hebrew = await (await clients.anonymous.get("/he")).text();
    expect(hebrew).toContain('<html lang="he" dir="rtl"');
  });

  it("changes language to the localized address of the current page", async () => {
    const client = new HttpSession(app.url);
    const response = await client.postForm("/api/locale", { locale: "de", path: "/faq" });
    expect(response.headers.get("location")).toBe("/faq");
    const landing = await client.postForm("/api/locale", {
      locale: "fr",
      path: "/pl/schools?ref=x",
    });
    // The schools page is written in English and Polish only: French readers get English.
    expect(landing.headers.get("location")).toBe("/schools?ref=x");
    expect(client.cookie("parley_locale")).toBe("fr");
    const home = await client.postForm("/api/locale", { locale: "fr", path: "/pl?ref=x" });
    expect(home.headers.get("location")).toBe("/fr?ref=x");
    const post = await client.postForm("/api/locale", { locale: "pl", path: "/blog/some-post" });
    expect(post.headers.get("location")).toBe("/pl/blog/some-post");
    const bad = await client.postForm("/api/locale", { locale: "xx", path: "/" });
    expect(bad.status).toBe(400);
    const offsite = await client.postForm("/api/locale", { locale: "pl", path: "//evil.test/" });
    expect(offsite.headers.get("location")).toBe("/pl");
  });

  it("serves messages immutably under the current hash and no-cache otherwise", async () => {
    // Pages that hydrate preload their messages (the landing ships no JavaScript).
    const html = await (await clients.anonymous.get("/pl/faq")).text();
    const url = /href="(\/_i18n\/[^"]+\/pl\/messages\.json)"/.exec(html)?.[1];
    expect(url).toBeTruthy();
    const current = await fetch(`${app.url}${url}`);
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Object.keys(await current.json()).length).toBeGreaterThan(100);
    const stale = await fetch(`${app.url}/_i18n/old-hash/pl/messages.json`);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${app.url}/_i18n/x/xx/messages.json`)).status).toBe(404);
  });

  it("reports the running build and its route-rules manifest", async () => {
    const latest = await (await fetch(`${app.url}/builds/latest.json?${Date.now()}`)).json();
    expect(latest).toEqual({ id: "test-build", timestamp: 1 });
    const meta = await fetch(`${app.url}/builds/meta/test-build.json`);
    expect(meta.status).toBe(200);
    expect((await meta.json()).routeRules).toBeInstanceOf(Array);
    expect((await fetch(`${app.url}/builds/meta/other.json`)).status).toBe(404);
  });

  it("applies route rules from the database on every request, as soon as they change", async () => {
    await app.database.db.insert(routeRules).values([
      { matchType: "exact", path: "/old-pricing", target: "/#pricing", statusCode: 301 },
      { matchType: "prefix", path: "/resources", target: "/blog", statusCode: 302 },
      {
        matchType: "exact",
        path: "/go-backend",
        target: "https://api.parley.example/x",
        statusCode: 302,
      },
    ]);
    await app.database.notify(ROUTE_RULES_CHANNEL, "test");
    await expect.poll(async () => (await clients.anonymous.get("/old-pricing")).status).toBe(301);
    const exact = await clients.anonymous.get("/old-pricing");
    expect(exact.status).toBe(301);
    expect(exact.headers.get("location")).toBe("/#pricing");
    expect((await clients.anonymous.get("/resources/some/page")).headers.get("location")).toBe(
      "/blog",
    );
    expect((await clients.anonymous.get("/go-backend")).headers.get("location")).toBe(
      "https://api.parley.example/x",
    );
    // The visitor's query string goes along (issue 13 item 13).
    expect(
      (await clients.anonymous.get("/resources/some/page?utm_source=mail&x=1")).headers.get(
        "location",
      ),
    ).toBe("/blog?utm_source=mail&x=1");
    const manifest = await (await fetch(`${app.url}/builds/meta/test-build.json`)).json();
    expect(manifest.routeRules).toContainEqual({
      matchType: "prefix",
      path: "/resources",
      target: "/blog",
      statusCode: 302,
    });
  });

  it("shows non-admins the maintenance page with 503 and Retry-After; admins pass", async () => {
    await app.services.flags.setMaintenance({ enabled: true, message: null, until: null });
    try {
      const anonymous = await clients.anonymous.get("/faq");
      expect(anonymous.status).toBe(503);
      expect(Number(anonymous.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await anonymous.text()).toContain("We&#x27;ll be right back");
      expect((await clients.teacher.get("/dashboard")).status).toBe(503);
      expect((await clients.admin.get("/dashboard")).status).toBe(200);
      expect((await clients.admin.get("/admin")).status).toBe(200);
      expect((await clients.anonymous.get("/auth/sign-in")).status).toBe(200);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await app.services.flags.setMaintenance({ enabled: false, message: null, until: null });
    }
    expect((await clients.anonymous.get("/faq")).status).toBe(200);
  });

  it("refuses cross-site form posts", async () => {
    const response = await clients.teacher.postForm(
      "/api/locale",
      { locale: "pl", path: "/" },
      { origin: "https://evil.test" },
    );
    expect(response.status).toBe(403);
  });
});
