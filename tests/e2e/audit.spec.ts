import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { devices, type BrowserContext, type Page } from "@playwright/test";
import { JSDOM } from "jsdom";
import pa11y, { type Pa11yIssue } from "pa11y";
import puppeteer from "puppeteer";
import { CHROME_PATH } from "../../playwright.config";
import { CHROMIUM_ARGS } from "../../scripts/chromium.mjs";
import { AUDIT_PAGES, type Visitor } from "./audit-pages";
import { expect, test } from "./fixtures";

/**
 * The page audit of issue 21's done-when, run by `npm run check:pages` (not part of the
 * suite: it takes a few minutes). Two checks:
 *
 * 1. The 46 pages of audit-pages.ts, each as its visitor sees it: pa11y (HTML_CodeSniffer,
 *    WCAG 2 AA, errors only) in Debian's Chromium, and the Nu Html Checker (vnu.jar, errors
 *    only) on the HTML the server sends. Both must report 0 errors.
 * 2. A crawl of the public site from "/": every page reached through a link, in every
 *    language; every link, image, icon, alternate and social-card address on those pages must
 *    answer below 400, and every "#anchor" must name an element of its target page.
 *
 * Prints what it checked and each error found; writes test-results/audit/*.html and
 * test-results/audit/report.json.
 */
test.skip(!process.env.AUDIT, "AUDIT=1 (npm run check:pages) runs the page audit");

const OUT = path.join("test-results", "audit");
const USER_AGENT = devices["Desktop Chrome"].userAgent;
const VNU_JAR = path.join("node_modules", "vnu-jar", "build", "dist", "vnu.jar");

async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** The path of the first link on the page whose address starts with `prefix` (and is longer). */
async function firstLink(page: Page, prefix: string): Promise<string> {
  const hrefs = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => h.length > prefix.length && !h.includes("#"));
  expect(href, `a link starting with ${prefix} on ${page.url()}`).toBeTruthy();
  return new URL(href!, "http://x").pathname;
}

test("46 pages: pa11y (WCAG 2 AA) and the Nu Html Checker find no errors", async ({
  page,
  accounts,
  browse,
  baseURL,
}) => {
  test.setTimeout(15 * 60_000);
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const found: Record<string, string> = {};

  // A teacher with a student, a lesson with an exercise in it and a class: made as a teacher does.
  const person = await accounts.teacher({ label: "audit", firstName: "Alicja" });
  await accounts.signIn(page, person);
  await page.goto("/dashboard/students");
  const add = page.locator("details").filter({ hasText: "Add a student" });
  await add.getByText("Add a student").click();
  await add.getByLabel("Name", { exact: true }).fill("Tomasz Wójcik");
  await add.getByLabel("Level").selectOption("B1");
  await add.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tomasz Wójcik" })).toBeVisible();
  found.student = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByRole("link", { name: "Plan a lesson" }).click();
  await expect(page.getByLabel("Title")).toBeVisible();
  found.lessonNew = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByLabel("Title").fill("Travel talk");
  await page.getByRole("button", { name: "Create the lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Travel talk" })).toBeVisible();
  found.lesson = new URL(page.url()).pathname;
  await page.getByRole("link", { name: "Add an exercise" }).click();
  const picker = page.getByRole("region", { name: "Add an exercise" });
  await picker.getByRole("listitem").first().getByRole("button", { name: /^Add / }).click();
  await expect(picker.getByTestId("picker-chosen")).toBeVisible();
  await page.goto("/dashboard/students");
  await page.getByLabel("Class name").fill("Thursday conversation group");
  await page.getByRole("button", { name: "Create class" }).click();
  const joinUrl = page.getByTestId("join-url");
  await expect(joinUrl).toBeVisible();
  found.class = new URL(page.url()).pathname;
  found.classJoin = new URL((await joinUrl.innerText()).trim()).pathname;

  await page.goto("/dashboard/exercises");
  found.exercise = await firstLink(page, "/dashboard/exercises/");
  await page.goto("/dashboard/materials");
  found.material = await firstLink(page, "/dashboard/materials/");
  await page.goto("/blog");
  found.blogPost = await firstLink(page, "/blog/");
  await page.goto("/newsletter");
  found.newsletterIssue = await firstLink(page, "/newsletter/");

  const adminPage = await browse(await accounts.admin({ label: "audit-admin" }));
  const cookies: Record<Visitor, string> = {
    anonymous: "",
    teacher: await cookieHeader(page.context()),
    admin: await cookieHeader(adminPage.context()),
  };

  const urls = AUDIT_PAGES.map(({ path: template, as }) => ({
    as,
    path: template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = found[name];
      if (!value) throw new Error(`Nothing found for {${name}}`);
      return value;
    }),
  }));
  expect(urls).toHaveLength(46);

  // pa11y, page by page, in Debian's Chromium.
  const browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    args: CHROMIUM_ARGS,
  });
  const pa11yErrors: { page: string; issue: Pa11yIssue }[] = [];
  try {
    for (const [index, { path: pagePath, as }] of urls.entries()) {
      const headers: Record<string, string> = { "accept-language": "en" };
      if (cookies[as]) headers.cookie = cookies[as];
      const result = await pa11y(baseURL + pagePath, {
        browser,
        standard: "WCAG2AA",
        runners: ["htmlcs"],
        headers,
        userAgent: USER_AGENT,
        viewport: { width: 1280, height: 900 },
        timeout: 60_000,
      });
      expect(result.documentTitle, `${pagePath} has a title (not an error page)`).toMatch(/Parley/);
      for (const issue of result.issues) pa11yErrors.push({ page: `${as} ${pagePath}`, issue });

      // The HTML the server sends, for the Nu Html Checker.
      const answer = await fetch(baseURL + pagePath, {
        headers: { ...headers, "user-agent": USER_AGENT },
      });
      expect(answer.status, `${pagePath} answers`).toBe(200);
      const name = `${String(index + 1).padStart(2, "0")}-${as}${pagePath.replace(/[^a-z0-9]+/gi, "-")}`;
      fs.writeFileSync(path.join(OUT, `${name.slice(0, 80)}.html`), await answer.text());
    }
  } finally {
    await browser.close();
  }

  const vnu = spawnSync(
    "java",
    ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--skip-non-html", OUT],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  expect(vnu.error, "java runs the Nu Html Checker").toBeUndefined();
  const nuMessages = (
    JSON.parse(vnu.stderr || vnu.stdout) as {
      messages: { type: string; url: string; message: string; extract?: string }[];
    }
  ).messages.filter((m) => m.type === "error");

  const report = {
    pages: urls.length,
    pa11y: pa11yErrors.map(({ page: p, issue }) => ({
      page: p,
      code: issue.code,
      selector: issue.selector,
      message: issue.message,
    })),
    nu: nuMessages.map((m) => ({
      page: path.basename(m.url),
      message: m.message,
      extract: m.extract,
    })),
  };
  fs.writeFileSync(path.join(OUT, "report.json"), JSON.stringify(report, null, 2));
  console.log(
    `Page audit: ${urls.length} pages; pa11y WCAG2AA errors: ${report.pa11y.length}; Nu Html Checker errors: ${report.nu.length}`,
  );
  for (const e of report.pa11y)
    console.log(`  pa11y ${e.page}: ${e.code} ${e.selector}: ${e.message}`);
  for (const e of report.nu) console.log(`  nu ${e.page}: ${e.message} ${e.extract ?? ""}`);
  expect(report.pa11y).toEqual([]);
  expect(report.nu).toEqual([]);
});

/** Paths the crawl follows: the public site (not the app behind sign-in, not the API). */
function isPublicPage(pathname: string): boolean {
  return (
    !/^\/(?:[a-z]{2,3}(?:-[A-Za-z]+)?\/)?(?:dashboard|admin|auth|api|c|class|r|builds)(?:\/|$)/.test(
      pathname,
    ) && !/\.(?:xml|txt|json|png|svg|ico|webmanifest|css|js|mp3|ogg|pdf)$/.test(pathname)
  );
}

test("the public site has no broken links or anchors", async ({ baseURL }) => {
  test.setTimeout(15 * 60_000);
  const headers = { "user-agent": USER_AGENT, "accept-language": "en" };
  const pages = new Map<string, { status: number; ids: Set<string> }>();
  const targets = new Map<string, Set<string>>(); // address → pages linking to it
  const queue = ["/"];

  async function load(pathname: string) {
    const answer = await fetch(baseURL + pathname, { headers, redirect: "follow" });
    const ids = new Set<string>();
    const links: string[] = [];
    if ((answer.headers.get("content-type") ?? "").includes("text/html")) {
      const { document } = new JSDOM(await answer.text()).window;
      for (const el of document.querySelectorAll("[id]")) ids.add(el.id);
      for (const el of document.querySelectorAll("a[name]")) ids.add(el.getAttribute("name")!);
      for (const el of document.querySelectorAll("a[href], area[href]"))
        links.push(el.getAttribute("href")!);
      for (const el of document.querySelectorAll("link[href]")) {
        const rel = el.getAttribute("rel") ?? "";
        if (/icon|alternate|canonical|manifest|stylesheet|preload/.test(rel))
          links.push(el.getAttribute("href")!);
      }
      for (const el of document.querySelectorAll("img[src], source[src], audio[src], track[src]"))
        links.push(el.getAttribute("src")!);
      for (const el of document.querySelectorAll(
        'meta[property="og:image"], meta[name="twitter:image"]',
      ))
        links.push(el.getAttribute("content")!);
    } else {
      await answer.arrayBuffer();
    }
    return { status: answer.status, ids, links };
  }

  while (queue.length > 0) {
    const pathname = queue.shift()!;
    if (pages.has(pathname)) continue;
    const { status, ids, links } = await load(pathname);
    pages.set(pathname, { status, ids });
    for (const href of links) {
      if (/^(?:mailto|tel|data|blob|javascript):/.test(href)) continue;
      const url = new URL(href, baseURL + pathname);
      if (url.origin !== new URL(baseURL!).origin) continue; // the machine reaches no other site
      const address = url.pathname + url.search + url.hash;
      if (!targets.has(address)) targets.set(address, new Set());
      targets.get(address)!.add(pathname);
      if (!url.search && isPublicPage(url.pathname) && !pages.has(url.pathname))
        queue.push(url.pathname);
    }
  }

  const broken: string[] = [];
  for (const [address, from] of targets) {
    const url = new URL(address, baseURL);
    const key = url.pathname + url.search;
    if (!pages.has(key)) pages.set(key, await load(key));
    const target = pages.get(key)!;
    const where =
      [...from].slice(0, 3).join(", ") + (from.size > 3 ? ` and ${from.size - 3} more` : "");
    if (target.status >= 400) broken.push(`${key} answers ${target.status} (linked from ${where})`);
    else if (url.hash && url.hash !== "#" && !target.ids.has(decodeURIComponent(url.hash.slice(1))))
      broken.push(`${address}: no element with that id (linked from ${where})`);
  }
  const crawled = [...pages.keys()].filter(isPublicPage).length;
  console.log(
    `Link crawl: ${crawled} public pages, ${targets.size} distinct addresses checked, ${broken.length} broken`,
  );
  for (const b of broken) console.log(`  ${b}`);
  expect(broken).toEqual([]);
});
