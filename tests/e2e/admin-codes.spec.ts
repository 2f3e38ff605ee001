import { TEST_NOW } from "../support/clock";
import { expect, test } from "./fixtures";

/** Issue 13 item 16: an administrator creates redeem codes from the admin panel. */
test("an admin's custom code is kept as typed, and a code already expired is refused", async ({
  page,
  admin: _freshAdmin,
  checks,
}) => {
  // The refused code answers 400, which the browser reports in its console.
  checks.allowConsoleErrors("status of 400");
  await page.goto("/dashboard");
  await page.getByTestId("top-bar").getByRole("link", { name: "Admin Panel" }).click();
  await expect(page.getByRole("heading", { name: "Redeem codes" })).toBeVisible();

  const form = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Create code" }) });
  const yesterday = new Date(TEST_NOW.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await form.getByLabel("Valid until").fill(yesterday);
  await form.getByLabel("Code").fill("Spring-Workshop-27");
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText(/That day is already over/)).toBeVisible();

  const nextMonth = new Date(TEST_NOW.getTime() + 30 * 24 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10);
  await form.getByLabel("Valid until").fill(nextMonth);
  await form.getByLabel("Code").fill("Spring-Workshop-27");
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("alert").or(page.getByRole("status")).first()).toContainText(
    "Spring-Workshop-27",
  );
  await expect(page.getByRole("cell", { name: "Spring-Workshop-27", exact: true })).toBeVisible();
});
