import { expect, test } from "./fixtures";

/**
 * Issue 21 item 3: full screen is a projector mode. The room sees the card large, the timer
 * (and a visible "Time's up"), "3 / 13", and the teacher has a way out, by mouse or keyboard.
 */
test("a teacher projects an exercise full screen with its timer, counter and exit", async ({
  page,
  teacher: _freshTeacher,
}) => {
  // The page's timers run on Playwright's clock, so fifteen minutes pass at once.
  await page.clock.install();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto("/dashboard/exercises");
  await page.getByTestId("results").getByRole("link").first().click();
  await expect(page.getByTestId("slide")).toBeVisible();

  await page.getByRole("button", { name: "Full screen" }).click();
  const bar = page.getByTestId("projector-bar");
  await expect(bar).toBeVisible();
  // The whole screen (or the whole window, where the browser refuses full screen).
  const stage = await page.locator("[data-projector]").boundingBox();
  expect(stage).toMatchObject({ x: 0, y: 0, width: 1920, height: 1080 });
  const counter = bar.getByTestId("projector-counter");
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  const total = Number((await counter.innerText()).split("/")[1]);

  // The clicker's (or keyboard's) next moves the card and the counter.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`3 / ${total}`);
  // Type is sized for the room: 40 px or more for a prompt at 1080p.
  const size = await page
    .getByTestId("slide")
    .locator("p.font-semibold, p.font-bold")
    .last()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(40);

  // The timer runs in full screen; when time is up the room sees it.
  await bar.getByRole("button", { name: "Start" }).click();
  await page.clock.fastForward("30:00");
  await expect(page.getByTestId("projector-time-up")).toHaveText("Time's up!");
  await expect(bar.getByTestId("projector-timer")).toHaveText("0:00");

  // Out again with the exit control; by keyboard, "f" brings it back and Escape leaves.
  await bar.getByRole("button", { name: "Exit full screen" }).click();
  await expect(bar).toBeHidden();
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  await page.keyboard.press("f");
  await expect(page.getByTestId("projector-bar")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("projector-bar")).toBeHidden();
  await expect(page.locator("[data-projector]")).toHaveCount(0);
});
