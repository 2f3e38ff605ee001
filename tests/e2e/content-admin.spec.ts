import { readFile } from "node:fs/promises";
import { expect } from "./fixtures";
import { test } from "./admin-server";

/**
 * Issue 15 items 3 and 4, as an operator does it: the administrator follows the top bar's
 * Audio link to the listening tracks, uploads a recording, writes its transcript and
 * publishes it; a free teacher on a phone plays it. On a phone the administrator writes a
 * Feature Lab entry, and a teacher reads it in the lab. Both are deleted at the end, so the
 * shared admin server is left as it was found.
 */

test("an administrator uploads a listening track with its transcript and a teacher on a phone plays it", async ({
  page,
  admin: _admin,
  accounts,
  browse,
  checks,
}) => {
  // The form sent without a title answers 400: that is the point of that step.
  checks.allowConsoleErrors("status of 400");
  await page.goto("/dashboard");
  await page.getByTestId("top-bar").getByRole("link", { name: "Audio" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Listening tracks");
  await page.getByRole("link", { name: "New track" }).click();

  await page.getByLabel("Address (slug)").fill("b1-lost-luggage-desk");
  await page
    .getByLabel("Description")
    .fill("Sam reports a missing suitcase at the airport desk and describes what it looks like.");
  await page.getByLabel("Level").selectOption("B1");
  await page.getByRole("checkbox", { name: "Travel" }).check();
  await page.getByLabel("Speakers").fill("Sam\nAgent");
  const recording = await readFile("content/audio/a2-voicemail-saturday-plans.mp3");
  // The browser reads the length from the file; the transcript's front matter records it.
  const transcript = await readFile("content/transcript/a2-voicemail-saturday-plans.md", "utf8");
  const seconds = Number(/^durationSeconds: (\d+)$/m.exec(transcript)?.[1]);
  expect(seconds).toBeGreaterThan(10);
  await page
    .getByLabel("Audio file")
    .setInputFiles({ name: "lost-luggage.mp3", mimeType: "audio/mpeg", buffer: recording });
  await expect(page.getByTestId("audio-preview")).toBeVisible();
  await expect(page.getByLabel("Length in seconds")).toHaveValue(
    new RegExp(`^(${[seconds - 1, seconds, seconds + 1].join("|")})$`),
  );
  await page
    .getByLabel("Transcript and questions (Markdown)")
    .fill(
      "## Transcript\n\nSAM: Hello, my suitcase didn't come off the plane from Lisbon.\n\nAGENT: I'm sorry. What colour is it?\n\n## Before you listen\n\n1. Have you ever lost your luggage?",
    );
  await page.getByLabel("Free for every teacher").check();
  // No title yet: refused, by the field, with what was typed kept.
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Some fields need attention. They are marked below.")).toBeVisible();
  await expect(page.getByLabel("Speakers")).toHaveValue("Sam\nAgent");
  await page.getByLabel("Title").fill("Lost luggage at the airport");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit listening track");
  await expect(page.getByText("The track is created.")).toBeVisible();

  // A teacher on the free plan, on a phone, finds it and plays it.
  const teacher = await browse(await accounts.teacher({ trial: false }));
  await teacher.setViewportSize({ width: 390, height: 844 });
  await teacher.goto("/dashboard/exercises");
  await teacher.getByRole("link", { name: "Listening tracks" }).click();
  await teacher
    .getByRole("navigation", { name: "Level" })
    .getByRole("link", { name: "B1" })
    .click();
  await teacher
    .getByRole("navigation", { name: "Listening tracks" })
    .getByRole("link", { name: /Lost luggage at the airport/ })
    .click();
  await expect(
    teacher.getByRole("heading", { level: 2, name: "Lost luggage at the airport" }),
  ).toBeVisible();
  const played = await teacher.locator("audio").evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    await audio.play();
    await new Promise((resolve) => setTimeout(resolve, 600));
    audio.pause();
    return audio.currentTime;
  });
  expect(played).toBeGreaterThan(0);
  expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );

  // Deleted, it is gone for the teacher too.
  await page.getByLabel("Yes, delete this track").check();
  await page.getByRole("button", { name: "Delete track" }).click();
  await expect(page.getByText("The track is deleted.")).toBeVisible();
  await teacher.reload();
  await expect(
    teacher.getByRole("navigation", { name: "Listening tracks" }).getByRole("link", {
      name: /Lost luggage at the airport/,
    }),
  ).toHaveCount(0);
});

test("on a phone, an administrator writes a Feature Lab entry and a teacher reads it in the lab", async ({
  page,
  admin: _admin,
  accounts,
  browse,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Changelog" })
    .click();
  await page.getByRole("link", { name: "New entry" }).click();
  await page.getByLabel("Address").fill("listening-editor-arrives");
  await page.getByLabel("Title").fill("Listening tracks from the panel");
  await page
    .getByLabel("Summary")
    .fill("New listening tracks arrive faster: we record and publish them ourselves.");
  await page.getByLabel("Tags").fill("audio, library");
  await page
    .getByLabel("Entry (Markdown)")
    .fill("Every week brings **new recordings**, each with a transcript and questions.");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("The entry is created.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const teacher = await browse(await accounts.teacher());
  await teacher.goto("/dashboard");
  await teacher.getByTestId("topbar-lab").click();
  const lab = teacher.getByRole("dialog", { name: "Feature Lab" });
  await expect(lab).toContainText("Listening tracks from the panel");
  await expect(lab.getByText("new recordings")).toBeVisible();

  await page.getByLabel("Yes, delete this entry").check();
  await page.getByRole("button", { name: "Delete entry" }).click();
  await expect(page.getByText("The entry is deleted.")).toBeVisible();
});
