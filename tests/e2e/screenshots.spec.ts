import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { premiumSchool } from "./schools";

/**
 * The screens people look at in review (issue 13's done-when: items 3, 8, 9, 17, 18 and 23 in
 * English, Polish, German, Arabic, Japanese and Tamil at 1280 and 390 px), made the way a
 * person reaches them. Not part of the suite: `SCREENSHOTS=1 npx playwright test
 * screenshots` writes them to test-results/screenshots/. It also fails if any of those
 * screens is wider than the window.
 */
test.skip(!process.env.SCREENSHOTS, "SCREENSHOTS=1 makes the review screenshots");

const LANGUAGES = ["en", "pl", "de", "ar", "ja", "ta"];
const WIDTHS = [1280, 390];
const OUT = path.join("test-results", "screenshots");

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name} is wider than the window`).toBeLessThanOrEqual(0);
}

async function chooseLanguage(page: Page, code: string) {
  // The language menu's own form (the page's footer, or the account page for the dashboard).
  const answer = await page.request.post("/api/locale", {
    form: { locale: code, path: "/dashboard" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBeLessThan(400);
}

test("review screenshots", async ({ page, accounts, browse }) => {
  test.setTimeout(20 * 60_000);
  const ownerAccount = await accounts.teacher({ label: "owner", firstName: "Olga" });
  const member = await accounts.teacher({ label: "member", firstName: "Marek" });
  const owner = await browse(ownerAccount);
  await accounts.signIn(page, member);
  await premiumSchool(
    page,
    { admin: await browse(await accounts.admin()), owner, member },
    ownerAccount.email,
  );

  // A class of the member's, to show its join link and picker.
  await page.goto("/dashboard/students");
  await page.getByLabel("Class name").fill("Thursday conversation group");
  await page.getByRole("button", { name: "Create class" }).click();
  await expect(page.getByTestId("join-url")).toBeVisible();
  const classPage = new URL(page.url()).pathname;

  for (const code of LANGUAGES) {
    await chooseLanguage(page, code);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      const tag = `${code}-${width}`;
      await page.goto("/dashboard/membership");
      await shoot(page, `03-membership-school-${tag}`);
      await page.goto(classPage);
      await shoot(page, `08-class-join-link-${tag}`);
      await page.goto(`${classPage}?pick=exercise`);
      await shoot(page, `09-class-picker-${tag}`);
      await page.goto(code === "en" ? "/" : `/${code}`);
      await shoot(page, `17-landing-${tag}`);
      // Where the library's links lead in that language (unprefixed exercise pages are English).
      await page.goto(
        `${code === "en" ? "" : `/${code}`}/dashboard/exercises/find-someone-who-can-juggle`,
      );
      const slide = page.getByTestId("slide");
      for (let i = 0; i < 5 && !(await slide.locator("p[lang=en]").first().isVisible()); i++)
        await page.keyboard.press("ArrowRight");
      await shoot(page, `18-find-someone-who-${tag}`);
      await page.goto("/dashboard/account");
      await shoot(page, `23-account-avatars-${tag}`);
    }
  }
});

/** The materials library, a material with Add to lesson open, and its Present view (issue 21 item 9). */
test("materials screenshots", async ({ page, teacher: _freshTeacher }) => {
  test.setTimeout(10 * 60_000);
  for (const code of ["en", "pl", "de", "ar"]) {
    await chooseLanguage(page, code);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      const tag = `${code}-${width}`;
      await page.goto("/dashboard/materials?type=flashcards&level=B1&level=B2");
      if (width < 500) await page.locator("label[for=library-filters-toggle]").click();
      await shoot(page, `24-materials-${tag}`);
      await page.getByTestId("results").getByRole("link").first().click();
      await page.locator("a[href$='?add=lesson']").click();
      await expect(page.locator("#add-to-lesson-panel")).toBeVisible();
      await shoot(page, `25-material-${tag}`);
      await page.getByTestId("present").click();
      await expect(page.locator("[data-projector]")).toBeVisible();
      await shoot(page, `26-material-present-${tag}`);
      await page.keyboard.press("Escape");
      await expect(page.locator("[data-projector]")).toHaveCount(0);
    }
  }
});

/** The students and account pages, whose forms each post to their own route (issue 20 item 1). */
test("students and account screenshots", async ({ page, teacher: _freshTeacher }) => {
  test.setTimeout(10 * 60_000);
  await page.goto("/dashboard/students");
  const add = page.locator("details").filter({ hasText: "Add a student" });
  await add.getByText("Add a student").click();
  await add.getByLabel("Name", { exact: true }).fill("Tomasz Wójcik");
  await add.getByLabel("Level").selectOption("B1");
  await add.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tomasz Wójcik" })).toBeVisible();
  for (const code of ["en", "pl", "de", "ar"]) {
    await chooseLanguage(page, code);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      const tag = `${code}-${width}`;
      await page.goto("/dashboard/students");
      await shoot(page, `27-students-${tag}`);
      await page.goto("/dashboard/account");
      // A form's answer in place: the profile saved.
      await page.locator("form[action$='/dashboard/account/profile'] button[type=submit]").click();
      await expect(page.getByRole("alert").or(page.getByRole("status")).first()).toBeVisible();
      await shoot(page, `28-account-saved-${tag}`);
    }
  }
});
