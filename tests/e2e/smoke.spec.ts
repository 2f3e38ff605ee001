import { expect, test } from "./fixtures";

test("the home page renders with its language and the app hydrates", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("an unknown page answers 404 with the spec's message", async ({ page, checks }) => {
  checks.allowConsoleErrors("status of 404");
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page Not Found: /no/such/page")).toBeVisible();
  await expect(page).toHaveTitle("Page not found");
});
