import { expect, test } from "./fixtures";

/**
 * Issue 16 item 3: the administrator, on a phone, opens Mail and jobs from the admin menu and
 * previews a lifecycle mail of the email collection in Polish, then in German, which has no
 * version of it: the page says German teachers get the English one, and shows it.
 */
test("the administrator previews a lifecycle mail in Polish and sees which languages get English", async ({
  page,
  admin: _admin,
  checks,
}) => {
  // The accessibility scan tries to run inside the preview's sandboxed frame (no scripts).
  checks.allowConsoleErrors("Blocked script execution in 'about:srcdoc'");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Admin Panel" }).click();
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Mail and jobs" })
    .click();
  await page.getByRole("combobox", { name: "Mail" }).selectOption("email:welcome-to-premium");
  await page.getByRole("combobox", { name: "Language" }).selectOption("pl");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("mail-preview-subject")).toHaveText(
    "Witaj w Parley premium, Maria",
  );
  const frame = page.frameLocator("iframe");
  await expect(frame.getByText("Zespół Parley")).toBeVisible();

  await page.getByRole("combobox", { name: "Language" }).selectOption("de");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("note")).toContainText("not written in Deutsch");
  await expect(page.getByTestId("mail-preview-subject")).toHaveText(
    "Welcome to Parley premium, Maria",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
