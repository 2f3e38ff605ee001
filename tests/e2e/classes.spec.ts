import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { linkIn, waitForMail } from "./helpers";
import { decodeQrOnScreen } from "./qr";
import { uniqueEmail } from "./people";

/**
 * A class end to end (issues 9 and 13): the teacher creates a class, copies its join link
 * (or shows its QR code), shares exercises from the picker, a student joins through the
 * copied link in a second browser, and the student's page follows the teacher live.
 */
test("a student joins by link and follows the teacher's card live", async ({
  page,
  teacher: _freshTeacher,
  accounts,
  browse,
  checks,
}) => {
  // Two browsers, a student's sign-up with its captcha and mail, and some forty steps: on a
  // busy two-core machine this journey needs more than the default minute.
  test.slow();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/dashboard/students");
  // A name of spaces only is no name: the field says so, and no class is made.
  await page.getByLabel("Class name").fill("   ");
  await page.getByRole("button", { name: "Create class" }).click();
  await expect(page.getByText("The field is required")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/students$/);
  await page.getByLabel("Class name").fill("Thursday conversation club");
  await page.getByRole("button", { name: "Create class" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thursday conversation club" }),
  ).toBeVisible();

  // The teacher copies the join link (its own test below looks at the QR code).
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  const address = await page.evaluate(() => navigator.clipboard.readText());

  // Sharing with the lesson planner's picker: search, then click the exercise's button.
  await page.getByRole("link", { name: "Share an exercise" }).click();
  const picker = page.getByRole("region", { name: "Share an exercise" });
  await picker.getByRole("searchbox", { name: "Search" }).fill("lost luggage");
  await picker.getByRole("button", { name: "Search", exact: true }).click();
  await picker.getByRole("button", { name: "Share Lost Luggage at the Airport" }).click();
  await expect(picker.getByText("The exercise is shared with the class.")).toBeVisible();
  // Shared once: the picker no longer offers it; the class's list has it.
  await expect(
    picker.getByRole("button", { name: "Share Lost Luggage at the Airport" }),
  ).toHaveCount(0);
  await expect(
    page
      .getByRole("region", { name: "Shared exercises" })
      .getByRole("link", { name: "Lost Luggage at the Airport" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Present live Lost Luggage at the Airport" }).click();
  await expect(page.getByTestId("live-card")).toHaveText(/card 1 of \d+/);

  // The student opens the address the teacher copied.
  const student = await browse();
  await student.goto(address);
  await expect(student.getByRole("heading", { name: "Thursday conversation club" })).toBeVisible();
  const igor = {
    email: uniqueEmail("igor"),
    password: "a student passphrase",
    firstName: "Igor",
    lastName: "Kowal",
  };
  await student.getByLabel("First name").fill(igor.firstName);
  await student.getByLabel("Last name").fill(igor.lastName);
  await student.getByLabel("Email").fill(igor.email);
  await student.getByLabel("Password").fill(igor.password);
  await student.getByLabel(/I accept the/).check();
  await expect(student.getByTestId("captcha-status")).toHaveAttribute("data-status", "done", {
    timeout: 20_000,
  });
  await student.getByRole("button", { name: "Create my account and join" }).click();
  // The address is confirmed from the mailed link before the account opens the class.
  await expect(student.getByTestId("join-sent")).toContainText(igor.email);
  accounts.adopt(igor);
  const mail = await waitForMail(igor.email, "verifyEmail");
  await student.goto(linkIn(mail, "/auth/verify/"));
  await expect(student).toHaveURL(/\/class\//);
  await expect(student.getByTestId("live-card")).toHaveText(/card 1 of \d+/);

  // The teacher moves on; the student's page follows without reloading.
  await page.getByRole("button", { name: /Next/ }).click();
  await expect(page.getByTestId("live-card")).toHaveText(/card 2 of \d+/);
  await expect(student.getByTestId("live-card")).toHaveText(/card 2 of \d+/);
  // The class page's live view answers the arrow keys (and a clicker) too.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("live-card")).toHaveText(/card 3 of \d+/);
  await expect(student.getByTestId("live-card")).toHaveText(/card 3 of \d+/);
  await page.keyboard.press("ArrowLeft");
  await expect(student.getByTestId("live-card")).toHaveText(/card 2 of \d+/);

  // Another exercise shared from the picker (still open) appears on the student's page.
  const offered = picker.getByRole("listitem").first();
  const title = (await offered.locator("[lang=en]").first().innerText()).trim();
  await offered.getByRole("button", { name: `Share ${title}` }).click();
  await expect(picker.getByText("The exercise is shared with the class.")).toBeVisible();
  await expect(
    student
      .getByRole("region", { name: "Shared exercises" })
      .getByRole("link", { name: title, exact: true }),
  ).toBeVisible();

  // From the library: the teacher presents another exercise and shares it with the class;
  // it joins the class's exercises and the student's screen follows card by card.
  await page.goto("/dashboard/exercises/sleep-screens-and-slow-mornings");
  await page.getByRole("button", { name: "Share with class" }).click();
  await expect(page.getByLabel("Class", { exact: true })).toHaveValue(/.+/);
  await checks.scan("share with class open");
  await page.getByRole("button", { name: "Start sharing" }).click();
  await expect(page.getByTestId("class-share-live")).toContainText(
    "Live in Thursday conversation club",
  );
  await expect(student.getByTestId("live-view")).toContainText("Sleep, Screens and Slow Mornings");
  await expect(student.getByTestId("live-card")).toHaveText(/card 1 of \d+/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(student.getByTestId("live-card")).toHaveText(/card 3 of \d+/);
  await page.keyboard.press("ArrowLeft");
  await expect(student.getByTestId("live-card")).toHaveText(/card 2 of \d+/);
  await expect(
    student.getByRole("link", { name: "Sleep, Screens and Slow Mornings" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Stop sharing" }).click();
  await expect(student.getByTestId("live-idle")).toBeVisible();

  // Students see their class, not the library.
  await student.goto("/dashboard/exercises");
  await expect(student).toHaveURL(/\/class\//);
});

test("the teacher copies the join link and shows its QR code on the board, on a laptop and a phone", async ({
  page,
  teacher: _freshTeacher,
  checks,
  baseURL,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/dashboard/students");
  await page.getByLabel("Class name").fill("Konversationsgruppe am Donnerstagnachmittag");
  await page.getByLabel("Level").last().selectOption("B2");
  await page.getByRole("button", { name: "Create class" }).click();

  // The full address, copied with one click, and announced.
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  const address = await page.evaluate(() => navigator.clipboard.readText());
  expect(address).toMatch(new RegExp(`^${baseURL.replace(/[.]/g, "\\.")}/c/[A-Z0-9]{7}$`));
  await expect(
    page.getByRole("region", { name: "Join link" }).getByText(address, { exact: true }),
  ).toBeVisible();
  // A QR code for it, read back from the screen.
  const qr = page.getByRole("img", { name: `QR code for ${address}` });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute("data-value", address);
  expect(await decodeQrOnScreen(page, qr)).toBe(address);
  // Full screen, to project it.
  await page.getByRole("button", { name: "Show full screen" }).click();
  const board = page.getByRole("dialog", { name: "Konversationsgruppe am Donnerstagnachmittag" });
  await expect(board.getByText(address, { exact: true })).toBeVisible();
  expect(
    await decodeQrOnScreen(page, board.getByRole("img", { name: `QR code for ${address}` })),
  ).toBe(address);
  await checks.scan("join link full screen");
  await board.getByRole("button", { name: "Close" }).click();
  await expect(board).toBeHidden();

  // On a phone nothing is wider than the screen: the page, the picker, the full-screen view.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(qr).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole("link", { name: "Share an exercise" }).click();
  const picker = page.getByRole("region", { name: "Share an exercise" });
  await expect(picker.getByLabel("Level")).toHaveValue("B2");
  await expect(picker.getByRole("listitem").first()).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Show full screen" }).click();
  await expect(board.getByRole("img")).toBeInViewport();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await decodeQrOnScreen(page, board.getByRole("img"))).toBe(address);
});

/** How far the page is wider than the screen (0 when nothing sticks out). */
function overflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}
