import { sql } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { buildCollections, ContentBuildError } from "~/features/content/build";
import { ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import { LANGUAGES } from "~/lib/i18n/locales";
import type { Services } from "~/lib/services.server";
import { HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The public site end to end over HTTP (issue 7): every public route renders real content in
 * English and Polish, the SEO tags, the sitemap's structure, cache headers and the landing's
 * pricing by country.
 */

const BLOG = "getting-quiet-students-to-speak";
const ISSUE = "2026-11-feedback-that-helps";
const LEGAL = ["terms", "privacy", "cookies", "refunds"];

function parse(html: string): Document {
  return new JSDOM(html).window.document;
}

function meta(doc: Document, selector: string): string | null {
  return doc.querySelector(selector)?.getAttribute("content") ?? null;
}

function jsonLdTypes(doc: Document): string[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => {
    const data = JSON.parse(s.textContent ?? "null") as
      { "@type"?: string } | { "@type"?: string }[];
    return (Array.isArray(data) ? data : [data]).map((d) => d["@type"] ?? "");
  });
}

/** Visible text of <main>, whitespace collapsed. */
function mainText(doc: Document): string {
  return (doc.querySelector("main")?.textContent ?? "").replace(/\s+/g, " ").trim();
}

describe("the public site (issue 7)", () => {
  let app: TestApp;
  let n = 0;
  const visitor = (headers: Record<string, string> = {}) =>
    new HttpSession(app.url, { "x-forwarded-for": `10.9.0.${++n}`, ...headers });

  async function page(path: string, client = visitor()) {
    const res = await client.get(path);
    const html = await res.text();
    return { res, html, doc: parse(html) };
  }

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  });
  afterAll(() => app?.close());

  describe("every public route renders real content in English and Polish", () => {
    const cases: [path: string, lang: string, mustContain: RegExp][] = [
      ["/", "en", /speaking/i],
      ["/pl", "pl", /mówieni|rozmow/i],
      ["/schools", "en", /school/i],
      ["/pl/schools", "pl", /szkoł/i],
      ["/tutors", "en", /tutor|one-to-one/i],
      ["/pl/tutors", "pl", /lektor|korepetyt|indywidual/i],
      ["/blog", "en", /speaking lessons/i],
      ["/pl/blog", "pl", /uczni/i],
      [`/blog/${BLOG}`, "en", /quiet/i],
      [`/pl/blog/${BLOG}`, "pl", /uczni/i],
      ["/faq", "en", /premium/i],
      ["/pl/faq", "pl", /premium/i],
      ["/newsletter", "en", /feedback/i],
      [`/newsletter/${ISSUE}`, "en", /feedback/i],
      ...LEGAL.map((slug) => [`/legal/${slug}`, "en", /template/i] as [string, string, RegExp]),
      ["/legal/credits", "en", /Fluent Emoji.*MIT/],
    ];
    it.each(cases)("%s (%s)", async (path, lang, mustContain) => {
      const { res, doc } = await page(path);
      expect(res.status).toBe(200);
      expect(doc.documentElement.getAttribute("lang")).toBe(lang);
      const text = mainText(doc);
      expect(text.length).toBeGreaterThan(400);
      expect(text).toMatch(mustContain);
      expect(text).not.toMatch(/lorem ipsum|TODO|\{\{|undefined/i);
      expect(doc.title.length).toBeGreaterThan(10);
    });

    it("shows legal pages in Polish to a visitor who chose Polish, marked as templates", async () => {
      const polish = visitor();
      polish.setCookie("parley_locale", "pl");
      for (const slug of LEGAL) {
        const { res, doc } = await page(`/legal/${slug}`, polish);
        expect(res.status).toBe(200);
        expect(doc.documentElement.getAttribute("lang")).toBe("pl");
        expect(mainText(doc)).toMatch(/wzór dokumentu/i);
      }
    });

    it("lists at least 8 articles with cover, date and reading time in each language", async () => {
      for (const prefix of ["", "/pl"]) {
        const { doc } = await page(`${prefix}/blog`);
        const articles = doc.querySelectorAll("main article");
        expect(articles.length).toBeGreaterThanOrEqual(8);
        for (const article of articles) {
          const img = article.querySelector("img");
          expect(img?.getAttribute("src")).toMatch(/^\/images\/blog\/.+\.svg$/);
          expect(Number(img?.getAttribute("width"))).toBeGreaterThan(0);
          expect(Number(img?.getAttribute("height"))).toBeGreaterThan(0);
          expect(article.querySelector("time[datetime]")).not.toBeNull();
        }
      }
      const cover = await visitor().get(`/images/blog/${BLOG}.svg`);
      expect(cover.status).toBe(200);
      expect((await cover.arrayBuffer()).byteLength).toBeLessThan(20_000);
    });

    it("answers at least 20 questions on the FAQ in English and Polish", async () => {
      for (const prefix of ["", "/pl"]) {
        const { doc } = await page(`${prefix}/faq`);
        const faq = JSON.parse(
          [...doc.querySelectorAll('script[type="application/ld+json"]')]
            .map((s) => s.textContent ?? "")
            .find((t) => t.includes('"FAQPage"')) ?? "{}",
        ) as { mainEntity?: { name: string; acceptedAnswer: { text: string } }[] };
        expect(faq.mainEntity?.length).toBeGreaterThanOrEqual(20);
        for (const q of faq.mainEntity ?? [])
          expect(q.acceptedAnswer.text.length).toBeGreaterThan(30);
      }
    });

    it("renders blog markdown with heading anchors and no scripts or handlers", async () => {
      const { doc, html } = await page(`/blog/${BLOG}`);
      const headings = doc.querySelectorAll("article h2[id]");
      expect(headings.length).toBeGreaterThan(1);
      expect(doc.querySelector(`article a[href="#${headings[0]?.id}"]`)).not.toBeNull();
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(doc.querySelectorAll("article script")).toHaveLength(0);
      expect(doc.querySelector("time[datetime]")).not.toBeNull();
    });
  });

  describe("language rules for content pages (§2.3)", () => {
    it.each([
      ["/de/blog", "/blog"],
      [`/fr/blog/${BLOG}`, `/blog/${BLOG}`],
      ["/es/faq", "/faq"],
      ["/de/schools", "/schools"],
      [`/pl/newsletter/${ISSUE}`, `/newsletter/${ISSUE}`],
    ])("%s redirects permanently to %s", async (from, to) => {
      const res = await visitor().get(from);
      expect(res.status).toBe(301);
      expect(new URL(locationOf(res), app.url).pathname).toBe(to);
    });

    it.each(["/xx/faq", "/blog/no-such-post", "/pl/blog/no-such-post", "/no-such-landing"])(
      "%s is a 404",
      async (path) => {
        expect((await visitor().get(path)).status).toBe(404);
      },
    );

    it("renders the home page (interface copy) in every language", async () => {
      for (const { code } of LANGUAGES.filter((l) => l.code !== "en").slice(0, 6)) {
        const { res, doc } = await page(`/${code}`);
        expect(res.status).toBe(200);
        expect(doc.documentElement.getAttribute("lang")).toBe(
          LANGUAGES.find((l) => l.code === code)?.iso,
        );
      }
    });
  });

  describe("SEO", () => {
    const pages = [
      "/",
      "/pl",
      "/schools",
      "/blog",
      `/blog/${BLOG}`,
      "/faq",
      "/legal/terms",
      "/newsletter",
      `/newsletter/${ISSUE}`,
    ];

    it.each(pages)("%s has a title, description, canonical and Open Graph tags", async (path) => {
      const { doc } = await page(path);
      expect(doc.title).not.toBe("");
      expect(meta(doc, 'meta[name="description"]')?.length ?? 0).toBeGreaterThan(40);
      const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? "";
      expect(new URL(canonical).pathname).toBe(path);
      expect(meta(doc, 'meta[property="og:title"]')).toBeTruthy();
      expect(meta(doc, 'meta[property="og:description"]')).toBeTruthy();
      expect(meta(doc, 'meta[property="og:url"]')).toBe(canonical);
      expect(meta(doc, 'meta[property="og:type"]')).toMatch(/website|article/);
    });

    it("gives the home page hreflang alternates for all 45 languages and x-default", async () => {
      const { doc } = await page("/");
      const alternates = [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) =>
        l.getAttribute("hreflang"),
      );
      expect(new Set(alternates).size).toBe(LANGUAGES.length + 1);
      expect(alternates).toContain("x-default");
      expect(alternates).toContain("pt-BR");
    });

    it("gives content pages alternates only in the languages they are written in", async () => {
      const { doc } = await page(`/blog/${BLOG}`);
      const alternates = [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute("hreflang"),
        new URL(l.getAttribute("href") ?? "").pathname,
      ]);
      expect(alternates).toEqual(
        expect.arrayContaining([
          ["en", `/blog/${BLOG}`],
          ["pl", `/pl/blog/${BLOG}`],
          ["x-default", `/blog/${BLOG}`],
        ]),
      );
      expect(alternates).toHaveLength(3);
    });

    it("describes the organization, the app with its rating, posts and the FAQ in JSON-LD", async () => {
      expect(jsonLdTypes((await page("/")).doc)).toEqual(
        expect.arrayContaining(["Organization", "SoftwareApplication"]),
      );
      expect(jsonLdTypes((await page(`/blog/${BLOG}`)).doc)).toContain("BlogPosting");
      expect(jsonLdTypes((await page("/faq")).doc)).toContain("FAQPage");
    });
  });

  describe("landing page", () => {
    it("has how it works, free samples from the library, pricing, rating, FAQ and footer", async () => {
      const { doc } = await page("/");
      expect(doc.getElementById("how-it-works")).not.toBeNull();
      expect(doc.getElementById("pricing")).not.toBeNull();
      const samples = [
        ...(doc.getElementById("samples-title")?.closest("section")?.querySelectorAll("li h3") ??
          []),
      ].map((h) => h.textContent?.trim() ?? "");
      expect(samples.length).toBeGreaterThanOrEqual(3);
      // Real free exercises from the library.
      const free = await queryRows<{ title: string }>(
        app.database.db,
        sql`select title from exercises where is_free`,
      );
      for (const title of samples) expect(free.map((r) => r.title)).toContain(title);
      const legal = [...doc.querySelectorAll('footer a[href^="/legal/"]')].map((a) =>
        a.getAttribute("href"),
      );
      expect(legal).toEqual(expect.arrayContaining(LEGAL.map((s) => `/legal/${s}`)));
      expect(
        doc.querySelector('footer form[action="/api/locale"] select[name="locale"]'),
      ).not.toBeNull();
      expect(doc.querySelector('main a[href="/faq"]')).not.toBeNull();
    });

    it("shows the configured rating with one review per day since the base date", async () => {
      const { doc } = await page("/");
      const software = JSON.parse(
        [...doc.querySelectorAll('script[type="application/ld+json"]')]
          .map((s) => s.textContent ?? "")
          .find((t) => t.includes("SoftwareApplication")) ?? "{}",
      ) as { "@type": string; aggregateRating?: unknown };
      const days = Math.floor((app.clock.now().getTime() - Date.UTC(2022, 0, 1)) / 86_400_000);
      // Structured data offers search engines only ratings from real published reviews
      // (issue 21 item 8); the configured figure of spec §9 is shown on the page only.
      expect(software["@type"]).toBe("SoftwareApplication");
      expect(software.aggregateRating).toBeUndefined();
      expect(mainText(doc)).toContain("4.9");
      expect(mainText(doc)).toContain(days.toLocaleString("en-US"));
    });

    it.each([
      ["PL", "PLN 47", "PLN 470"],
      ["DE", "€13.70", "€137"],
      ["US", "$13.70", "$137"],
      ["BR", "$13.70", "$137"],
    ])("prices for a visitor from %s: %s monthly, %s yearly", async (country, monthly, yearly) => {
      const { res, doc } = await page("/", visitor({ "cf-ipcountry": country }));
      const pricing = doc.getElementById("pricing")?.textContent?.replace(/\s+/g, " ") ?? "";
      expect(pricing).toContain(monthly);
      expect(pricing).toContain(yearly);
      expect(res.headers.get("vary")?.toLowerCase()).toContain("cf-ipcountry");
    });

    it("lets the visitor pick another currency", async () => {
      const { doc } = await page("/?currency=EUR", visitor({ "cf-ipcountry": "PL" }));
      expect(doc.getElementById("pricing")?.textContent).toContain("€13.70");
      const { doc: bad, res } = await page("/?currency=XYZ");
      expect(res.status).toBe(200);
      expect(bad.getElementById("pricing")?.textContent).toMatch(/\$13\.70|€13\.70|PLN 47/);
    });
  });

  describe("sitemap and robots", () => {
    async function sitemap(path: string) {
      const res = await visitor().get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/xml/);
      const text = await res.text();
      const { window } = new JSDOM("");
      const doc = new window.DOMParser().parseFromString(text, "application/xml");
      expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
      return [...doc.getElementsByTagName("url")].map((url) => ({
        loc: url.getElementsByTagName("loc")[0]?.textContent ?? "",
        lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
        alternates: [...url.getElementsByTagName("xhtml:link")].map((l) => ({
          hreflang: l.getAttribute("hreflang") ?? "",
          href: l.getAttribute("href") ?? "",
        })),
      }));
    }

    it("is well formed, absolute, with reciprocal alternates, and every URL answers 200", async () => {
      const english = await sitemap("/sitemap.xml");
      const polish = await sitemap("/pl/sitemap.xml");
      const german = await sitemap("/de/sitemap.xml");
      const all = [...english, ...polish, ...german];
      const byLoc = new Map(all.map((u) => [u.loc, u]));
      expect(english.length).toBeGreaterThan(20);
      expect(polish.length).toBeGreaterThanOrEqual(15);

      for (const url of all) {
        expect(url.loc).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        if (url.lastmod) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (!url.alternates.length) continue;
        expect(url.alternates.some((a) => a.href === url.loc)).toBe(true);
        expect(url.alternates.filter((a) => a.hreflang === "x-default")).toHaveLength(1);
        // Reciprocal: every alternate we have a sitemap for lists the same set back.
        for (const alternate of url.alternates) {
          expect(alternate.href).toMatch(/^http:\/\//);
          const other = byLoc.get(alternate.href);
          if (!other || alternate.hreflang === "x-default") continue;
          expect(other.alternates).toEqual(url.alternates);
        }
      }

      const paths = english.map((u) => new URL(u.loc).pathname);
      expect(paths).toEqual(
        expect.arrayContaining([
          "/",
          "/faq",
          "/blog",
          `/blog/${BLOG}`,
          "/schools",
          "/newsletter",
          `/newsletter/${ISSUE}`,
          "/legal/terms",
        ]),
      );
      // Blog posts exist in English and Polish only: the German sitemap has the home page but no posts.
      expect(german.some((u) => new URL(u.loc).pathname === "/de")).toBe(true);
      expect(german.some((u) => u.loc.includes("/blog/"))).toBe(false);

      const client = visitor();
      for (const url of new Set(all.map((u) => u.loc))) {
        const res = await client.get(url);
        expect(res.status, url).toBe(200);
        await res.arrayBuffer();
      }
    });

    it("robots.txt keeps crawlers out of the app and lists every sitemap", async () => {
      const text = await (await visitor().get("/robots.txt")).text();
      expect(text).toContain("Disallow: /dashboard");
      expect(text).toContain("Disallow: /api/");
      const sitemaps = text.split("\n").filter((l) => l.startsWith("Sitemap: "));
      expect(sitemaps).toHaveLength(LANGUAGES.length);
      expect(sitemaps).toContain(`Sitemap: ${app.url}/pl/sitemap.xml`);
      // The translators' key-showing pseudo-locale is internal: not named anywhere.
      expect(text).not.toMatch(/\bdict\b/);
    });
  });

  describe("one address per page, links that land (issue 21 item 8)", () => {
    it.each([
      ["/pl/", "/pl"],
      ["/faq/", "/faq"],
      ["/pl/faq/?q=1", "/pl/faq?q=1"],
      ["/schools//", "/schools"],
    ])("%s answers 301 to %s", async (from, to) => {
      const res = await visitor().get(from);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(to);
    });

    it.each(["/", "/pl/faq", "/schools", "/legal/terms", "/newsletter"])(
      "the social preview picture %s names exists (og:image)",
      async (path) => {
        const { doc } = await page(path);
        const image = doc.querySelector('meta[property="og:image"]')?.getAttribute("content");
        expect(image).toBeTruthy();
        const res = await visitor().get(new URL(image ?? "", app.url).pathname);
        expect(res.status, image ?? "").toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^image\//);
        await res.arrayBuffer();
      },
    );

    it("never turns a trailing slash into a redirect to another site", async () => {
      for (const path of ["//evil.example/", "/\\evil.example/"]) {
        const res = await visitor().get(path);
        expect(res.headers.get("location") ?? "").not.toMatch(/^(\/\/|\\)|evil\.example/);
        await res.arrayBuffer();
      }
    });

    it.each(["/", "/pl", "/schools", "/tutors", "/faq", "/blog"])(
      "every section link in the header and footer of %s points at a section that exists",
      async (path) => {
        const { doc } = await page(path);
        const links = [...doc.querySelectorAll("header a[href*='#'], footer a[href*='#']")].map(
          (a) => a.getAttribute("href") ?? "",
        );
        expect(links.length).toBeGreaterThan(0);
        for (const href of links) {
          const url = new URL(href, `${app.url}${path}`);
          const target = url.pathname === path ? doc : (await page(url.pathname)).doc;
          expect(target.getElementById(url.hash.slice(1)), `${href} on ${path}`).not.toBeNull();
        }
      },
    );
  });

  describe("caching", () => {
    it("lets a CDN cache public pages and keeps them in process, with a fresh nonce each time", async () => {
      const path = "/faq";
      const first = await visitor().get(path);
      expect(first.headers.get("cache-control")).toMatch(
        /public.*s-maxage=\d+.*stale-while-revalidate=\d+/,
      );
      await first.text();
      const second = await visitor().get(path);
      expect(second.headers.get("x-page-cache")).toBe("hit");
      const html = await second.text();
      const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(
        second.headers.get("content-security-policy") ?? "",
      )?.[1];
      expect(nonce).toBeTruthy();
      const third = await visitor().get(path);
      const nonce3 = /'nonce-([^']+)'/.exec(
        third.headers.get("content-security-policy") ?? "",
      )?.[1];
      expect(nonce3).not.toBe(nonce);
      expect(await third.text()).toContain(`nonce="${nonce3}"`);
      if (html.includes("nonce=")) expect(html).toContain(`nonce="${nonce}"`);
    });

    it("empties the page cache when content changes", async () => {
      const path = "/blog";
      await (await visitor().get(path)).text();
      expect((await visitor().get(path)).headers.get("x-page-cache")).toBe("hit");
      await app.database.notify("content_changed", "test");
      // The first request after the cache is emptied is a miss (it fills the cache again).
      await expect
        .poll(async () => (await visitor().get(path)).headers.get("x-page-cache"))
        .toBeNull();
    });

    it("never caches pages for signed-in teachers", async () => {
      await ensureUser(app.services as Services, {
        email: "cache@public.test",
        firstName: "Cache",
        lastName: "Test",
        role: ROLE.TEACHER,
        password: "public site passphrase",
      });
      const teacher = visitor();
      const res = await teacher.postForm("/auth/sign-in", {
        email: "cache@public.test",
        password: "public site passphrase",
      });
      expect(res.status).toBe(302);
      for (let i = 0; i < 2; i++) {
        const page = await teacher.get("/faq");
        expect(page.status).toBe(200);
        expect(page.headers.get("cache-control")).toBe("private, no-store");
        expect(page.headers.get("x-page-cache")).toBeNull();
        await page.text();
      }
    });
  });

  it("fails the content build naming the file and the field", () => {
    const body =
      "\n\nA body long enough to count as a real article body for the content build step.\n";
    const broken = {
      path: "blog/en/broken.md",
      text: `---\ntitle: Broken post\ndescription: A post whose date is not a date at all.\npublishedAt: not a date\ncover: /images/blog/x.svg\ncoverAlt: A cover picture\nauthor: Parley team\n---${body}`,
    };
    let message = "";
    try {
      buildCollections([broken]);
    } catch (error) {
      expect(error).toBeInstanceOf(ContentBuildError);
      message = (error as Error).message;
    }
    expect(message).toContain("blog/en/broken.md");
    expect(message).toContain("publishedAt");
  });
});
