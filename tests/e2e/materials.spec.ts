import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Materials work like Exercises (issue 21 item 9): a teacher filters them in the sidebar with
 * counts and chips, pages through them, stars one and finds it among the favorites, adds it
 * to a lesson, projects it full screen, and on a phone opens the filters from their button.
 * One teacher for the whole journey (the CI budget); "New lesson with this material" is
 * covered by tests/integration/materials.test.ts.
 */

/** The number in the "N materials" heading above the results. */
async function resultCount(page: Page): Promise<number> {
  return Number((await page.locator("#results-heading").innerText()).replace(/\D/g, ""));
}

/** The count printed beside a filter value. */
async function countOf(option: Locator): Promise<number> {
  return Number(await option.locator(".tabular-nums").innerText());
}

test("a teacher filters, pages, stars, plans and presents materials, and filters on a phone", async ({
  page,
  teacher: _freshTeacher,
}) => {
  // A whole journey on two widths: 23-25 s on a quiet machine, 59.5 s in a loaded CI run.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  // A student with a lesson planned, made on the roster and the planner as a teacher does.
  await page.goto("/dashboard/students");
  const addStudent = page.locator("details").filter({ hasText: "Add a student" });
  await addStudent.getByText("Add a student").click();
  await addStudent.getByLabel("Name", { exact: true }).fill("Ala Kowalska");
  await addStudent.getByRole("button", { name: "Add student" }).click();
  await page.getByRole("link", { name: "Plan a lesson" }).click();
  await page.getByRole("button", { name: "Create the lesson" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Lesson with Ala Kowalska" }),
  ).toBeVisible();

  // The library: a type ticked by keyboard narrows the results to the count beside it.
  await page.getByRole("link", { name: "Materials", exact: true }).first().click();
  await expect(page.locator("#results-heading")).toHaveText(/^\d+ materials$/);
  const all = await resultCount(page);
  const types = page.locator("#library-filters").getByRole("group", { name: "Type" });
  const flashcards = types.locator("label").filter({ hasText: "Flashcards" });
  const flashcardCount = await countOf(flashcards);
  expect(flashcardCount).toBeGreaterThan(0);
  expect(flashcardCount).toBeLessThan(all);
  await flashcards.getByRole("checkbox").focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/[?&]type=flashcards(&|$)/);
  await expect(page.locator("#results-heading")).toHaveText(`${flashcardCount} materials`);
  // The type's own count stays (each group's counts ignore its own choice); its chip removes it.
  expect(await countOf(flashcards)).toBe(flashcardCount);
  await page.getByRole("link", { name: "Remove Flashcards" }).click();
  await expect(page.locator("#results-heading")).toHaveText(`${all} materials`);
  await expect(flashcards.getByRole("checkbox")).not.toBeChecked();

  // Page 2, and a material on it.
  const pages = page.getByRole("navigation", { name: "Result pages" });
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(pages).toContainText("Page 2 of");
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  const first = page.getByTestId("results").getByRole("link").first();
  const title = (await first.innerText()).trim();
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // Star it from its page.
  const starred = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname.startsWith("/api/favorites") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: `Add “${title}” to favorites` }).click();
  expect((await starred).status()).toBe(200);
  await expect(
    page.getByRole("button", { name: `Remove “${title}” from favorites` }),
  ).toHaveAttribute("aria-pressed", "true");

  // Add to lesson: Ala's upcoming lesson, picked from the list by keyboard.
  await page.getByRole("link", { name: "Add to lesson" }).click();
  const panel = page.getByRole("region", { name: "Add to lesson" });
  const choices = panel.getByTestId("lesson-choices");
  await choices.getByRole("button", { name: "Add Lesson with Ala Kowalska" }).focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("status")).toHaveText(
    "Added to “Lesson with Ala Kowalska”. Open the lesson",
  );
  await expect(choices.getByTestId("lesson-chosen")).toHaveText("In this lesson");
  await expect(choices.getByRole("button")).toHaveCount(0);

  // Present: the body fills the screen in large type; Escape leaves, focus back on Present.
  const present = page.getByRole("button", { name: "Present" });
  await present.click();
  const stage = page.locator("[data-projector]");
  await expect(stage).toBeVisible();
  expect(await stage.boundingBox()).toMatchObject({ x: 0, y: 0, width: 1280, height: 800 });
  await expect(stage.getByTestId("projector-bar")).toContainText(title);
  const size = await page
    .getByTestId("material-body")
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(22);
  await page.keyboard.press("Escape");
  await expect(stage).toHaveCount(0);
  await expect(present).toBeFocused();
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();

  // The star put it on the Favorites page, a link to it.
  await page.getByTestId("topbar-favorites").click();
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Materials" }).getByRole("link", { name: title }),
  ).toHaveAttribute("href", /^\/dashboard\/materials\/[a-z0-9-]+$/);

  // On a phone the filters open from their button, which counts the filters in force.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .locator("#dashboard-menu")
    .getByRole("link", { name: "Materials", exact: true })
    .click();
  const filters = page.locator("#library-filters");
  await expect(filters).toBeHidden();
  await page.getByText("Show filters").click();
  await expect(filters).toBeVisible();
  const a2 = filters
    .getByRole("group", { name: "Level" })
    .locator("label")
    .filter({ hasText: "A2" });
  const a2Count = await countOf(a2);
  await a2.getByRole("checkbox").check();
  await expect(page).toHaveURL(/[?&]level=A2(&|$)/);
  await expect(page.locator("#results-heading")).toHaveText(`${a2Count} materials`);
  await expect(page.locator("label[for=library-filters-toggle]")).toContainText("1");
  await expect(page.getByTestId("results").getByRole("listitem").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a free teacher on a phone finds the animal flashcards and sees a picture on every card", async ({
  page,
  accounts,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await accounts.signIn(page, await accounts.teacher({ trial: false }));
  await page.goto("/dashboard/materials");
  await page.getByRole("searchbox").first().fill("animals habitats flashcards");
  await page.keyboard.press("Enter");
  await page
    .getByTestId("results")
    .getByRole("link", { name: "Animals and Their Habitats Flashcards" })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Animals and Their Habitats Flashcards" }),
  ).toBeVisible();
  const cards = page.locator("table tbody tr");
  await expect(cards).toHaveCount(20);
  // Each card's picture is there, named for what it shows, and actually drawn.
  const camel = page.getByRole("img", { name: "camel", exact: true });
  await camel.scrollIntoViewIfNeeded();
  await expect(camel).toBeVisible();
  for (let i = 0; i < 20; i++) {
    const picture = cards.nth(i).locator("img");
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
