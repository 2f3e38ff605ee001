import fs from "node:fs";
import JSZip from "jszip";
import type { Download, Page } from "@playwright/test";
import { allText, readPdf } from "../support/pdf";
import { expect, test } from "./fixtures";

/**
 * Issue 17 items 2 and 3: a teacher downloads what is on screen — an exercise's student cards
 * and teacher notes as PDFs on the paper they pick, its slides as PowerPoint, a material as a
 * PDF, a whole lesson as slides and as a PDF plan — and each file opens (read back here as
 * PDF.js and PowerPoint read it).
 */

async function save(
  page: Page,
  click: () => Promise<void>,
): Promise<{ file: Download; bytes: Buffer }> {
  const download = page.waitForEvent("download");
  await click();
  const file = await download;
  return { file, bytes: fs.readFileSync((await file.path())!) };
}

async function slideTexts(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
  return Promise.all(names.map((name) => zip.file(name)!.async("string")));
}

test("a teacher downloads an exercise's cards, notes and slides, on a phone too", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/exercises");
  await page.getByRole("searchbox").fill("lost luggage");
  await page.getByRole("searchbox").press("Enter");
  await page
    .getByTestId("results")
    .getByRole("link", { name: /Lost Luggage at the Airport/ })
    .click();
  await expect(page.getByTestId("slide")).toBeVisible();

  const downloads = page.getByTestId("downloads");
  await downloads.getByText("Download", { exact: true }).click();
  // The panel fits the phone's screen.
  const box = (await downloads.locator("form").boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  const slides = await save(page, () =>
    downloads.getByRole("link", { name: "Download slides (PowerPoint)" }).click(),
  );
  expect(slides.file.suggestedFilename()).toBe("lost-luggage-at-the-airport.pptx");
  const texts = await slideTexts(slides.bytes);
  expect(texts.length).toBeGreaterThan(3);
  expect(texts.join("\n")).toContain("Lost Luggage at the Airport");

  await downloads.getByLabel("Paper size").selectOption("letter");
  const cards = await save(page, () =>
    downloads.getByRole("button", { name: "Student cards (PDF)" }).click(),
  );
  expect(cards.file.suggestedFilename()).toBe("lost-luggage-at-the-airport-cards-letter.pdf");
  const cardPages = await readPdf(cards.bytes);
  expect(cardPages[0]).toMatchObject({ width: 612, height: 792 });
  expect(allText(cardPages)).toContain("Describe your suitcase: colour, size, brand");

  const notes = await save(page, () =>
    downloads.getByRole("button", { name: "Teacher notes (PDF)" }).click(),
  );
  const notePages = await readPdf(notes.bytes);
  // Escape closes the panel and the focus goes back to its button.
  await downloads.getByLabel("Paper size").focus();
  await page.keyboard.press("Escape");
  await expect(downloads.locator("form")).toBeHidden();
  await expect(downloads.locator("summary")).toBeFocused();
  expect(allText(notePages)).toContain("Teacher notes");
  expect(allText(notePages)).toContain("Swap roles and repeat with a new detail");
});

test("a picture story's cards print with their pictures; a flashcard set prints as a PDF", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard/exercises");
  await page.getByRole("searchbox").fill("dog and the birthday cake");
  await page.getByRole("searchbox").press("Enter");
  await page
    .getByTestId("results")
    .getByRole("link", { name: /The Dog and the Birthday Cake/ })
    .click();
  const downloads = page.getByTestId("downloads");
  await downloads.getByText("Download", { exact: true }).click();
  // The browser's language is American English: US Letter is preselected; this teacher
  // prints on A4.
  await expect(downloads.getByLabel("Paper size")).toHaveValue("letter");
  await downloads.getByLabel("Paper size").selectOption("a4");
  const cards = await save(page, () =>
    downloads.getByRole("button", { name: "Student cards (PDF)" }).click(),
  );
  const cardPages = await readPdf(cards.bytes);
  expect(cardPages[0]).toMatchObject({ width: 595, height: 842 });
  const text = allText(cardPages);
  expect(text).toContain("It is Lily's birthday. There is a big cake on the table.");
  // Each picture is in the file with its description (words the prompt itself does not have).
  expect(text).toContain("a big chocolate birthday cake with candles");
  expect(text).toContain("Lily, the birthday girl");
  expect(text).toContain("Include these: chocolate, candles");

  await page.goto("/dashboard/materials");
  await page.getByRole("searchbox").fill("animals habitats flashcards");
  await page.getByRole("searchbox").press("Enter");
  await page
    .getByRole("link", { name: /Animals and Their Habitats Flashcards/ })
    .first()
    .click();
  const panel = page.getByTestId("downloads");
  await panel.getByText("Download", { exact: true }).click();
  const material = await save(page, () =>
    panel.getByRole("button", { name: "Download PDF" }).click(),
  );
  expect(material.file.suggestedFilename()).toBe("animals-and-habitats-flashcards-letter.pdf");
  const pages = await readPdf(material.bytes);
  expect(allText(pages)).toContain("A camel can walk for days without water.");
});

test("a teacher takes a whole lesson plan away as slides and as a PDF", async ({
  page,
  teacher: _freshTeacher,
}) => {
  test.slow();
  await page.goto("/dashboard/students");
  const add = page.locator("details").filter({ hasText: "Add a student" });
  await add.getByText("Add a student").click();
  await add.getByLabel("Name", { exact: true }).fill("Ana Kovač");
  await add.getByLabel("Level").selectOption("B1");
  await add.getByRole("button", { name: "Add student" }).click();
  await page.getByRole("link", { name: "Plan a lesson" }).click();
  await page.getByLabel("Title").fill("Airports and complaints");
  await page.getByRole("button", { name: "Create the lesson" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Airports and complaints" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Add an exercise" }).click();
  const picker = page.getByRole("region", { name: "Add an exercise" });
  const first = picker.getByRole("listitem").first();
  const exerciseTitle = (await first.locator("[lang=en]").first().innerText()).trim();
  await first.getByRole("button", { name: /^Add / }).click();
  const plan = page.getByRole("region", { name: "Plan" });
  await expect(plan.getByRole("link", { name: exerciseTitle })).toBeVisible();
  await page.getByLabel(/Your own step/).fill("Feedback on polite complaints");
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(
    plan.getByRole("paragraph").filter({ hasText: "Feedback on polite complaints" }),
  ).toBeVisible();

  const downloads = page.getByTestId("downloads");
  await downloads.getByText("Download", { exact: true }).click();
  const deck = await save(page, () =>
    downloads.getByRole("link", { name: "Download slides (PowerPoint)" }).click(),
  );
  const all = (await slideTexts(deck.bytes)).join("\n");
  expect(all).toContain("Airports and complaints");
  expect(all).toContain(exerciseTitle.replace(/&/g, "&amp;").replace(/'/g, "&apos;"));
  expect(all).toContain("Feedback on polite complaints");

  const pdf = await save(page, () =>
    downloads.getByRole("button", { name: "Lesson plan (PDF)" }).click(),
  );
  const text = allText(await readPdf(pdf.bytes));
  expect(text).toContain("Airports and complaints");
  expect(text).toContain("Ana Kovač");
  expect(text).toContain("Feedback on polite complaints");
});
