import fs from "node:fs";
import JSZip from "jszip";
import { expect, test } from "./fixtures";

/**
 * Issue 17 item 3: a teacher downloads the exercise on screen as PowerPoint slides, one per
 * card, and the file opens (read back here as PowerPoint reads it).
 */
test("a teacher downloads an exercise as PowerPoint slides, on a phone too", async ({
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

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download slides (PowerPoint)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("lost-luggage-at-the-airport.pptx");
  const zip = await JSZip.loadAsync(fs.readFileSync((await file.path())!));
  const slides = Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
  expect(slides.length).toBeGreaterThan(3);
  expect(await zip.file("ppt/slides/slide1.xml")!.async("string")).toContain(
    "Lost Luggage at the Airport",
  );
});
