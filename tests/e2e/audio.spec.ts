import { expect, test } from "./fixtures";

/**
 * Issue 21 item 10: on the audio page the transcript stays folded while the class listens and
 * opens by itself when the track ends; the player carries no empty caption track.
 */
test("the transcript waits until the track has been heard, and opens when it ends", async ({
  page,
  admin: _freshAdmin,
}) => {
  await page.goto("/dashboard");
  await page.getByTestId("top-bar").getByRole("link", { name: "Audio" }).click();
  await expect(page).toHaveURL(/\/admin\/audio$/);
  await page.getByRole("link", { name: "See it as teachers do" }).click();
  await expect(page).toHaveURL(/\/dashboard\/listening$/);
  const player = page.locator("audio");
  await expect(player).toBeVisible();
  await expect(player.locator("track")).toHaveCount(0);
  const transcript = page.getByTestId("transcript");
  const text = transcript.locator(".prose-parley");
  await expect(transcript).not.toHaveAttribute("open");
  await expect(text).toBeHidden();

  // The teacher can look at any time, by mouse or keyboard, and fold it again.
  await transcript.getByText("Transcript", { exact: true }).click();
  await expect(text).toBeVisible();
  await expect(text).toHaveAttribute("lang", "en");
  await transcript.getByText("Transcript", { exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(text).toBeHidden();

  // Play, and move to the last second as the player's scrubber would.
  await player.evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    await audio.play();
    audio.currentTime = Math.max(0, audio.duration - 0.3);
  });
  await expect(text).toBeVisible({ timeout: 15_000 });

  // Another track starts folded again.
  await page.getByRole("navigation", { name: "Listening tracks" }).getByRole("link").nth(1).click();
  await expect(page.getByTestId("transcript").locator(".prose-parley")).toBeHidden();
});
