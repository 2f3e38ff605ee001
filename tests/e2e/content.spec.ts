import fc from "fast-check";
import type { CollectionName } from "~/features/content/collections";
import { builderQuery, toBuilder } from "../support/content-arbitraries";
import { expect, test } from "./fixtures";

type Rows = Record<string, unknown>[];
interface Diagnostics {
  local(collection: string, sql: string): Promise<Rows>;
  remote(collection: string, sql: string): Promise<Rows>;
  lastRun: { where: string | null };
}

test("the landing page works as plain HTML: no scripts, menu, language and contact", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.locator("script[src], script[type=module]").count()).toBe(0);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);

  // The phone menu is a disclosure: it opens without JavaScript.
  const menu = page.locator("header details");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await expect(menu.getByRole("link", { name: "Pricing" })).toBeVisible();
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "Pricing" })).toBeHidden();

  // The language form posts with its own button.
  const footer = page.locator("footer");
  await footer.getByLabel("Language").selectOption("pl");
  await footer.getByRole("button").click();
  await expect(page).toHaveURL(/\/pl$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");

  // Contact reloads the page with ?chat, which hydrates it and opens the chat.
  await page.goto("/pl?chat=1");
  await expect(page.getByRole("dialog", { name: "Napisz do nas" })).toBeVisible();
});

test("content pages query their local copy, with the same results as the server", async ({
  page,
}) => {
  const dumps: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/sql_dump.txt")) dumps.push(request.url());
    if (request.url().includes("/api/content/") && request.method() === "POST")
      posts.push(request.url());
  });
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The local copy is fetched after first paint, per collection and version.
  await expect
    .poll(() => dumps.some((u) => /\/blog\/sql_dump\.txt\?v=[0-9a-f]+/.test(u)))
    .toBe(true);
  await page.waitForFunction(() => "__parleyContent" in window);

  const queries: [CollectionName, string][] = [];
  for (const collection of ["blog", "faq", "legal", "landing"] as const)
    for (const spec of fc.sample(builderQuery(collection), { numRuns: 15, seed: 7 })) {
      const q = toBuilder(collection, spec);
      queries.push([collection, spec.count ? q.toCountSql() : q.toSql()]);
    }
  queries.push([
    "blog",
    `SELECT "title", "slug" FROM "content_blog" WHERE "locale" = 'en' AND "title" LIKE '%speaking%' ORDER BY "publishedAt" DESC NULLS FIRST, "stem" ASC NULLS LAST`,
  ]);

  const results = await page.evaluate(async (list) => {
    const content = (window as unknown as { __parleyContent: Diagnostics }).__parleyContent;
    const out: { local: Rows; remote: Rows }[] = [];
    for (const [collection, sql] of list)
      out.push({
        local: await content.local(collection, sql),
        remote: await content.remote(collection, sql),
      });
    return out;
  }, queries);
  expect(results).toHaveLength(queries.length);
  for (const [i, { local, remote }] of results.entries())
    expect(local, queries[i]?.[1]).toEqual(remote);
  expect(results.at(-1)?.remote.length).toBeGreaterThan(0);

  // Navigating to a post reads it from the local copy: no query reaches the server.
  posts.length = 0;
  const first = page.locator("main article h2 a, main article h3 a").first();
  const title = (await first.textContent())?.trim() ?? "";
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(posts).toEqual([]);
  expect(
    await page.evaluate(
      () => (window as unknown as { __parleyContent: Diagnostics }).__parleyContent.lastRun.where,
    ),
  ).toBe("local");
});
