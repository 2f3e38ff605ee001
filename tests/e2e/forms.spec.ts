import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { locationOf } from "../support/http-session";

/**
 * Forms answer with the spec's §5 messages on the page, never the browser's own bubbles, and
 * the review form refuses an empty or repeated submission (issue 13 item 14).
 */
test("the student form shows the §5 messages in the page", async ({
  page,
  teacher: _freshTeacher,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/students");
    const add = page.locator("details").filter({ hasText: "Add a student" });
    await add.getByText("Add a student").click();
    await add.getByLabel("Email (optional)").fill("not an address");
    await add.getByRole("button", { name: "Add student" }).click();
    await expect(add.getByText("The field is required")).toBeVisible();
    await expect(add.getByText("Not a valid e-mail address")).toBeVisible();
    await expect(add.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/dashboard\/students$/);
  }
  await page.getByLabel("Name", { exact: true }).fill("Zofia Lis");
  await page.getByLabel("Email (optional)").fill("zofia@example.com");
  await page.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Zofia Lis" })).toBeVisible();
});

test("after three finished lessons a teacher rates Parley; an empty or repeated review gets a message", async ({
  page,
  teacher,
  sessions,
  checks,
}) => {
  // Setup over HTTP: the teacher has finished three lessons with a student.
  const visitor = sessions.get(teacher);
  if (!visitor) throw new Error("no session for the teacher");
  const student = await visitor.postForm("/dashboard/students/new", {
    name: "Piotr Review",
  });
  const studentId = new URL(locationOf(student), "http://x").searchParams.get("student") ?? "";
  for (let i = 1; i <= 3; i++) {
    const created = await visitor.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
      title: `Lesson ${i}`,
      date: "2026-12-01",
      time: "10:00",
      timeZone: "Europe/Warsaw",
    });
    await visitor.postForm(`${locationOf(created)}/status`, { intent: "done" });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  // On a phone the top bar's items are in its menu.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Rate our app" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/r\/review$/);

  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose a rating from one to five stars.");

  // Keyboard: the first star, then arrows in reading order (→ is one star more).
  await page.getByRole("radio", { name: "1 star", exact: true }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "3 stars" })).toBeChecked();
  const stars = page.getByTestId("review-stars").locator("label");
  await expect(stars.nth(2)).toHaveText(/★/);
  await expect(stars.nth(3)).toHaveText(/☆/);
  // Empty and filled stars both stand out from the page at least 3:1 (WCAG 1.4.11).
  for (const i of [2, 3]) expect(await contrastWithWhite(stars.nth(i))).toBeGreaterThanOrEqual(3);
  // Mouse: the fourth star.
  await page.locator("label").filter({ hasText: "4 stars" }).click();
  await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(stars.nth(3)).toHaveText(/★/);
  await page.getByLabel(/What do you like/).fill("My students finally talk in class.");
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, Maria!" })).toBeVisible();

  // Sending the same review again (the page reopened, nothing changed) is refused.
  checks.allowConsoleErrors("409");
  await page.reload();
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "You have already sent this review. Change your rating or comment to send it again.",
  );
});

/** Contrast ratio of an element's text colour against white (WCAG relative luminance). */
async function contrastWithWhite(element: Locator): Promise<number> {
  // Through a canvas: computed colours may be oklch(), the canvas gives sRGB bytes.
  const rgb = await element.evaluate((el) => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return [0, 0, 0];
    context.fillStyle = getComputedStyle(el).color;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
  });
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [r = 0, g = 0, b = 0] = rgb.map(channel);
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}
