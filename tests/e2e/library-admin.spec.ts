import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";
import { test } from "./admin-server";

/**
 * Issue 15 items 1 and 2, as an operator does it: the administrator writes a new "Would you
 * rather" exercise in the editor (and is told what to fix first), publishes it, and a teacher
 * on a phone finds it in the library and opens it. The administrator renames it, the teacher
 * sees the new title; the administrator takes it back to draft, and it is gone for the
 * teacher; the history restores the first version. On a server of its own: the library's
 * counts change here, which no other test should meet.
 */

const PAIRS = [
  ["live by the sea", "live in the mountains"],
  ["travel by train", "travel by plane"],
  ["have a cat", "have a dog"],
  ["cook every day", "never cook again"],
  ["read the book", "watch the film"],
  ["wake up early", "stay up late"],
];

const VOCABULARY = [
  ["prefer", "to like one thing more than another"],
  ["option", "one thing you can choose"],
  ["reason", "why you think or do something"],
  ["choice", "the act of choosing"],
];

async function fillPairs(page: Page) {
  const pairs = page.getByRole("group", { name: "Pairs of options" });
  for (const [i, [a, b]] of PAIRS.entries()) {
    const item = pairs.getByRole("group", { name: `No. ${i + 1}`, exact: true });
    await item.getByLabel("Option A").fill(a!);
    await item.getByLabel("Option B").fill(b!);
  }
}

test("an administrator writes an exercise in the editor, publishes it, and a teacher finds it", async ({
  page,
  admin: _admin,
  accounts,
  browse,
  checks,
}) => {
  // The refused form answers 400 and the unpublished exercise 404: both are the point here.
  checks.allowConsoleErrors("status of 400");
  checks.allowConsoleErrors("status of 404");
  await page.goto("/dashboard");
  await page.getByTestId("top-bar").getByRole("link", { name: "Admin Panel" }).click();
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Exercises" })
    .click();
  await page.getByText("New exercise", { exact: true }).click();
  await page.getByRole("link", { name: "Would you rather" }).last().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "New exercise: Would you rather",
  );

  await page.getByLabel("Address (slug)").fill("seaside-or-mountains");
  await page.getByLabel("Title").fill("Seaside or Mountains?");
  await page
    .getByLabel("Summary")
    .fill(
      "Quick choices between two ways of living, travelling and relaxing, with a reason each time.",
    );
  await page.getByLabel("Level").selectOption("A2");
  await page.getByLabel("Minutes in class").fill("10");
  await page.getByRole("checkbox", { name: "Fluency" }).check();
  await page.getByRole("checkbox", { name: "Pairs" }).check();
  await page.getByRole("checkbox", { name: "Adults" }).check();
  await page.getByRole("checkbox", { name: "Travel" }).check();
  await page.getByLabel("Aim").fill("Students give a preference and one reason for it.");
  await page
    .getByLabel("Steps")
    .fill(
      "Read the first pair aloud.\nPairs choose and give a reason.\nShare the surprising answers.",
    );
  const words = page.getByRole("group", { name: "Words and definitions" });
  for (const [i, [term, definition]] of VOCABULARY.entries()) {
    const item = words.getByRole("group", { name: `No. ${i + 1}`, exact: true });
    await item.getByLabel("Term").fill(term!);
    await item.getByLabel("Definition").fill(definition!);
  }
  // A picture, sent as soon as it is chosen, and the text that describes it.
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 180 } },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel("Choose a picture (JPEG, PNG or WebP, up to 10 MB)")
    .setInputFiles({ name: "seaside.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByTestId("picture-preview")).toBeVisible();
  await page.getByLabel("Text that describes the picture").fill("A quiet beach below green hills");
  await page
    .getByLabel("Listening track that goes with it")
    .selectOption({ label: "A2 · A voicemail: plans for Saturday" });
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("checkbox", { name: "Free for everyone" }).check();

  // Sent with the pairs still empty: the editor says what to fix, and keeps what was typed.
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Some fields need attention.")).toBeVisible();
  const pairs = page.getByRole("group", { name: "Pairs of options" });
  await expect(
    pairs.getByRole("group", { name: "No. 1", exact: true }).getByLabel("Option A"),
  ).toHaveAccessibleDescription("The field is required");
  await expect(page.getByLabel("Title")).toHaveValue("Seaside or Mountains?");

  // A seventh pair, added and removed again.
  await pairs.getByRole("button", { name: "Add one" }).click();
  await expect(pairs.getByRole("group", { name: "No. 7", exact: true })).toBeVisible();
  await pairs.getByRole("button", { name: "Remove no. 7" }).click();
  await expect(pairs.getByRole("group", { name: "No. 7", exact: true })).toHaveCount(0);
  await fillPairs(page);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit exercise");

  // A teacher on a phone finds it in the library and opens it.
  const teacher = await browse(await accounts.teacher());
  await teacher.setViewportSize({ width: 390, height: 844 });
  await teacher.goto("/dashboard");
  await teacher.getByRole("searchbox", { name: "Search the exercise library" }).fill("seaside");
  await teacher.keyboard.press("Enter");
  await teacher.getByTestId("results").getByRole("link", { name: "Seaside or Mountains?" }).click();
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Seaside or Mountains?");
  await expect(teacher.getByTestId("slide")).toBeVisible();
  await expect(teacher.getByRole("img", { name: "A quiet beach below green hills" })).toBeVisible();
  expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  // The listening track it goes with is one tap away.
  await teacher.getByRole("link", { name: /Listening track: A voicemail/ }).click();
  await expect(
    teacher.getByRole("heading", { level: 2, name: "A voicemail: plans for Saturday" }),
  ).toBeVisible();
  await teacher.goBack();
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Seaside or Mountains?");

  // The administrator renames it; the teacher sees the new title.
  await page.getByLabel("Title").fill("Sea or Mountains?");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved. Teachers see the change at once.")).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByTestId("revision").first()).toContainText("Edited");
  await expect(history.getByTestId("revision").first()).toContainText("Sea or Mountains?");
  await teacher.reload();
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Sea or Mountains?");

  // Taken back to draft: gone for the teacher, still previewable by the administrator.
  await page.getByRole("button", { name: "Take back to draft" }).click();
  await expect(page.getByText("Back to draft. Teachers no longer see it.")).toBeVisible();
  const gone = await teacher.reload();
  expect(gone?.status()).toBe(404);
  await page.getByRole("link", { name: "Preview as a teacher sees it" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sea or Mountains?");
  await page.goBack();

  // The history puts the first version back (as created: published, first title).
  const created = history.getByTestId("revision").filter({ hasText: "Created" });
  await created.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Restored.")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Seaside or Mountains?");
  const back = await teacher.reload();
  expect(back?.status()).toBe(200);
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Seaside or Mountains?");
});

test("on a phone, the administrator finds an exercise with the filters and edits a material", async ({
  page,
  admin: _admin,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Admin Panel" }).click();
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  await sections.getByRole("link", { name: "Exercises" }).click();
  await page.getByRole("link", { name: "Taboo", exact: true }).click();
  await page.getByLabel("Level").selectOption("B1");
  await page.getByRole("button", { name: "Apply filters" }).click();
  const list = page.getByTestId("admin-library-list");
  await expect(list.getByRole("listitem").first()).toContainText("B1 · Taboo");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await list.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit exercise");
  await expect(
    page.getByRole("group", { name: "Cards" }).getByRole("group", { name: "No. 1", exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await sections.getByRole("link", { name: "Materials" }).click();
  await page.getByTestId("admin-library-list").getByRole("link").first().click();
  const body = page.getByLabel("Content (Markdown)");
  const text = await body.inputValue();
  await body.fill(`${text.trimEnd()}\n\nExtra tip: let students swap roles halfway.\n`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved. Teachers see the change at once.")).toBeVisible();
  await page.getByRole("link", { name: "Preview as a teacher sees it" }).click();
  await expect(page.getByRole("main")).toContainText("Extra tip: let students swap roles halfway.");
});
