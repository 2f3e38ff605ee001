import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 17 item 4: teachers find the listening tracks from the library, pick a level, play a
 * track (slower if the class needs it), open its transcript and, with Premium, download it.
 * A free teacher plays the free tracks and is offered Premium for the rest.
 */
async function openListening(page: Page) {
  await page.goto("/dashboard/exercises");
  await page.getByRole("link", { name: "Listening tracks" }).click();
  await expect(page).toHaveURL(/\/dashboard\/listening$/);
  await expect(page.getByRole("heading", { level: 1, name: "Listening" })).toBeVisible();
}

async function playsSound(page: Page) {
  const player = page.locator("audio");
  await expect(player).toBeVisible();
  const played = await player.evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    await audio.play();
    await new Promise((resolve) => setTimeout(resolve, 600));
    audio.pause();
    return { time: audio.currentTime, duration: audio.duration };
  });
  expect(played.time).toBeGreaterThan(0);
  expect(played.duration).toBeGreaterThan(10);
}

test("a premium teacher picks a level, plays a track slowly, reads and downloads it", async ({
  page,
  teacher: _premiumTrial,
}) => {
  await openListening(page);
  await page.getByRole("navigation", { name: "Level" }).getByRole("link", { name: "A1" }).click();
  await expect(page).toHaveURL(/level=A1/);
  const tracks = page.getByRole("navigation", { name: "Listening tracks" }).getByRole("link");
  await expect(tracks).toHaveCount(2);
  await tracks.filter({ hasText: "My family photo" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "My family photo" })).toBeVisible();
  await expect(page.getByText("Synthesized voices", { exact: false })).toBeVisible();

  await page.getByRole("button", { name: "0.75×" }).click();
  await expect(page.getByRole("button", { name: "0.75×" })).toHaveAttribute("aria-pressed", "true");
  expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(0.75);
  await playsSound(page);

  await page.getByTestId("transcript").getByText("Transcript", { exact: true }).click();
  await expect(page.getByText("This is a photo of my family.", { exact: false })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download MP3" }).click();
  expect((await download).suggestedFilename()).toBe("a1-my-family-photo.mp3");

  // The speaking exercises that go with the track, and back from one of them to the track.
  await page
    .getByTestId("track-exercises")
    .getByRole("link", { name: "Grandpa's Box of Old Photos" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grandpa's Box of Old Photos");
  await page.getByRole("link", { name: /Listening track: My family photo/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: "My family photo" })).toBeVisible();
});

test("a free teacher plays a free track and is offered Premium for the others, on a phone", async ({
  page,
  accounts,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await accounts.signIn(page, await accounts.teacher({ trial: false }));
  await openListening(page);
  const tracks = page.getByRole("navigation", { name: "Listening tracks" }).getByRole("link");

  await tracks.filter({ hasText: "Ordering at a café" }).click();
  await playsSound(page);
  await expect(page.getByRole("link", { name: "Download MP3" })).toHaveCount(0);

  await tracks.filter({ hasText: "My family photo" }).click();
  const locked = page.getByTestId("locked-track");
  await expect(locked.getByText("This track is part of Premium")).toBeVisible();
  await expect(page.locator("audio")).toHaveCount(0);
  await locked.getByRole("link", { name: "Go Premium" }).click();
  await expect(page).toHaveURL(/\/dashboard\/membership/);
});
