import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 13 item 20: English content inside a right-to-left page (the landing's sample
 * exercises and FAQ, legal text, exercises in the library) is marked lang="en" dir="ltr", so
 * it reads left to right with its punctuation in place; the page around it stays Arabic.
 */
async function englishBlocks(page: Page) {
  return page.evaluate(() => {
    const blocks = [...document.querySelectorAll<HTMLElement>("body [lang]")].filter((el) =>
      el.lang.startsWith("en"),
    );
    return {
      pageDir: document.documentElement.dir,
      pageLang: document.documentElement.lang,
      count: blocks.length,
      notIsolated: blocks
        .filter((el) => el.dir !== "ltr" || getComputedStyle(el).direction !== "ltr")
        .map((el) => el.outerHTML.slice(0, 120)),
    };
  });
}

/** The element says it is English: its nearest lang is en and it runs left to right. */
async function expectEnglish(element: Locator) {
  await expect(element).toBeVisible();
  const marked = await element.evaluate((el) => {
    const holder = el.closest<HTMLElement>("[lang]");
    return { lang: holder?.lang, direction: getComputedStyle(el).direction };
  });
  expect(marked).toEqual({ lang: "en", direction: "ltr" });
}

for (const width of [1280, 390]) {
  test(`an Arabic visitor reads the landing's English samples and FAQ, and the legal text, left to right (${width} px)`, async ({
    browse,
  }) => {
    const page = await browse();
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    // The landing ships no JavaScript: pick the language, then press "Change".
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("combobox", { name: "Language" }).selectOption("ar");
    await footer.getByRole("button", { name: "Change" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveURL(/\/ar$/);

    const sample = page.locator("#samples-title ~ ul h3").first();
    await expectEnglish(sample);
    const faqQuestion = page.locator("#faq-title ~ div summary").first();
    await expectEnglish(faqQuestion);
    await expect(faqQuestion.locator("xpath=ancestor::details[1]")).toHaveAttribute("dir", "ltr");
    const landing = await englishBlocks(page);
    expect(landing.pageDir).toBe("rtl");
    expect(landing.count).toBeGreaterThan(5);
    expect(landing.notIsolated).toEqual([]);

    // The footer's legal link: an Arabic page around the English terms.
    await page
      .getByRole("navigation", { name: "المعلومات القانونية" })
      .getByRole("link")
      .first()
      .click();
    await expect(page).toHaveURL(/\/legal\//);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("lang", "en");
    await expect(page.getByText(/^آخر تحديث|تحديث/).first()).toBeVisible();
    const legal = await englishBlocks(page);
    expect(legal.pageDir).toBe("rtl");
    expect(legal.notIsolated).toEqual([]);
  });
}

test("an Arabic teacher's library shows the English exercises left to right (390 px)", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/dashboard/account");
  const form = page.locator("form").filter({ has: page.locator("#account-locale") });
  await form.locator("#account-locale").selectOption("ar");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.goto("/dashboard/exercises");
  const title = page.locator("main article h3 a").first();
  await expectEnglish(title);
  const library = await englishBlocks(page);
  expect(library.count).toBeGreaterThan(10);
  expect(library.notIsolated).toEqual([]);

  // The exercise's own page: its English title and summary start at the left edge, as
  // English text does, while the Arabic page around them runs right to left.
  await title.click();
  await expect(page).toHaveURL(/\/dashboard\/exercises\/[^/?]+$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expectEnglish(heading);
  const edges = await heading.evaluate((el) => {
    const text = document.createRange();
    text.selectNodeContents(el);
    return {
      box: el.getBoundingClientRect().left,
      text: text.getClientRects()[0]?.left ?? -1,
      align: getComputedStyle(el).textAlign,
    };
  });
  // A locked exercise centres its heading; an open one starts it at the (left) edge.
  if (edges.align !== "center") expect(edges.text - edges.box).toBeLessThan(2);
  const exercise = await englishBlocks(page);
  expect(exercise.pageDir).toBe("rtl");
  expect(exercise.notIsolated).toEqual([]);
});
