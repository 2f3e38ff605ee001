import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The number in the "N exercises" heading above the results. */
async function resultCount(page: Page): Promise<number> {
  const text = await page.locator("#results-heading").innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

async function openLibrary(page: Page) {
  await page.getByRole("link", { name: "Exercises", exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/exercises/);
  await expect(page.locator("#results-heading")).toContainText("exercises");
}

test("filters, sort and chips narrow the library by clicking, and the address keeps them", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  await openLibrary(page);
  const all = await resultCount(page);

  const filters = page.locator("#library-filters");
  const b1 = filters.getByRole("group", { name: "Level" }).getByRole("checkbox", { name: /^B1/ });
  await b1.check();
  await expect(page).toHaveURL(/[?&]level=B1(&|$)/);
  await expect(b1).toBeChecked();
  await expect.poll(() => resultCount(page)).toBeLessThan(all);
  const b1Count = await resultCount(page);

  await filters.getByRole("checkbox", { name: /^Free only/ }).check();
  await expect(page).toHaveURL(/[?&]free=1(&|$)/);
  await expect(page).toHaveURL(/[?&]level=B1(&|$)/);
  await expect.poll(() => resultCount(page)).toBeLessThan(b1Count);
  await expect(filters.getByRole("checkbox", { name: /^Free only/ })).toBeChecked();

  await page.getByLabel("Sort by").selectOption({ label: "Shortest" });
  await expect(page).toHaveURL(/[?&]sort=shortest(&|$)/);
  await expect(page.getByLabel("Sort by")).toHaveValue("shortest");
  await expect(page).toHaveURL(/[?&]level=B1(&|$)/);

  // The filtered view is an address a colleague can open as it is.
  const shared = page.url();
  await page.reload();
  await expect(page).toHaveURL(shared);
  await expect(b1).toBeChecked();

  // Each filter in force is a chip that removes it.
  await page.getByRole("link", { name: "Remove B1" }).click();
  await expect(page).not.toHaveURL(/level=B1/);
  await expect(b1).not.toBeChecked();
  await expect(filters.getByRole("checkbox", { name: /^Free only/ })).toBeChecked();
});

test("a teacher plans by grammar point, language function and skill (issue 18 item 3)", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  await openLibrary(page);
  const all = await resultCount(page);
  const filters = page.locator("#library-filters");

  const grammar = filters.getByRole("group", { name: "Grammar point" });
  const perfect = grammar.getByRole("checkbox", { name: /^Present perfect/ });
  await perfect.check();
  await expect(page).toHaveURL(/[?&]grammar=present-perfect(&|$)/);
  await expect.poll(() => resultCount(page)).toBeLessThan(all);
  const perfectCount = await resultCount(page);
  expect(perfectCount).toBeGreaterThan(0);
  // The box's own count is the number of results it gives.
  await expect(perfect.locator("xpath=..")).toContainText(String(perfectCount));

  const functions = filters.getByRole("group", { name: "Language function" });
  await functions.getByRole("button", { name: /^Show all/ }).click();
  await functions.getByRole("checkbox", { name: /^Telling stories and anecdotes/ }).check();
  await expect(page).toHaveURL(/[?&]function=storytelling(&|$)/);
  await expect.poll(() => resultCount(page)).toBeLessThan(perfectCount);

  await filters
    .getByRole("group", { name: "Skill focus" })
    .getByRole("checkbox", { name: /^Fluency/ })
    .check();
  await expect(page).toHaveURL(/[?&]skill=fluency(&|$)/);
  // Every result still shows, and a chip takes the grammar point away again.
  await page.getByRole("link", { name: "Remove Present perfect" }).click();
  await expect(page).not.toHaveURL(/grammar=/);
  await expect(page).toHaveURL(/[?&]function=storytelling(&|$)/);
});

test("on a phone the filters open from their button, which counts the filters in force", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /menu/i }).first().click();
  await openLibrary(page);
  const filters = page.locator("#library-filters");
  await expect(filters).toBeHidden();
  await page.getByText("Show filters").click();
  await expect(filters).toBeVisible();
  await filters.getByRole("checkbox", { name: /^A2/ }).check();
  await expect(page).toHaveURL(/[?&]level=A2(&|$)/);
  await expect(page.locator("label[for=library-filters-toggle]")).toContainText("1");
  // Nothing is wider than the phone.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test("without JavaScript, ticking boxes and Apply filters narrows the library", async ({
  page,
  browser,
  extraHTTPHeaders,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders,
  });
  const plain = await context.newPage();
  await plain.goto(new URL("/dashboard", page.url()).toString());
  await openLibrary(plain);
  const all = await resultCount(plain);
  const filters = plain.locator("#library-filters");
  await filters
    .getByRole("group", { name: "Level" })
    .getByRole("checkbox", { name: /^B1/ })
    .check();
  await filters.getByRole("checkbox", { name: /^Free only/ }).check();
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(plain).toHaveURL(/[?&]level=B1(&|$)/);
  await expect(plain).toHaveURL(/[?&]free=1(&|$)/);
  expect(await resultCount(plain)).toBeLessThan(all);
  await expect(
    filters.getByRole("group", { name: "Level" }).getByRole("checkbox", { name: /^B1/ }),
  ).toBeChecked();
  await context.close();
});
