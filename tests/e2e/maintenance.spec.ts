import { TEST_NOW } from "../support/clock";
import { expect } from "./fixtures";
import { test } from "./admin-server";

/**
 * Issue 15 item 5: site settings. The administrator switches maintenance on in the admin panel with
 * a note and an expected end; a visitor on a phone gets the maintenance page with both, the
 * administrator keeps working and switches it off, and the visitor's page is back. On a
 * server of its own, so that no other test meets the maintenance page.
 */

test("the administrator switches maintenance on with a note, visitors see it, and off again", async ({
  page,
  admin: _admin,
  browse,
  checks,
}) => {
  // The maintenance page answers 503, which the browser logs.
  checks.allowConsoleErrors("status of 503");
  // Two hours after the suite's clock, as the datetime-local field takes it (UTC).
  const until = new Date(TEST_NOW.getTime() + 2 * 3600_000).toISOString().slice(0, 16);
  await page.goto("/dashboard");
  await page.getByTestId("top-bar").getByRole("link", { name: "Admin Panel" }).click();
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Site settings" })
    .click();
  await expect(page.getByTestId("maintenance-state")).toHaveText(
    "Maintenance is off: the site is open.",
  );
  await page.getByLabel("Show the maintenance page to everyone but administrators").check();
  await page.getByLabel("Note to visitors (optional)").fill("We are moving to a faster server.");
  await page.getByLabel("Expected end (UTC, optional)").fill(until);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Maintenance is on for every instance.")).toBeVisible();

  const visitor = await browse();
  await visitor.setViewportSize({ width: 390, height: 844 });
  const closed = await visitor.goto("/");
  expect(closed?.status()).toBe(503);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("We'll be right back");
  await expect(visitor.getByTestId("maintenance-note")).toHaveText(
    "We are moving to a faster server.",
  );
  await expect(visitor.getByTestId("maintenance-until").locator("time")).toHaveAttribute(
    "datetime",
    `${until}:00.000Z`,
  );
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );

  // The administrator keeps working and opens the site again.
  await page.getByLabel("Show the maintenance page to everyone but administrators").uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Maintenance is off: the site is open again.")).toBeVisible();
  const open = await visitor.reload();
  expect(open?.status()).toBe(200);
});

test("the administrator gives the operator's details on a phone, and the legal pages name the operator", async ({
  page,
  admin: _admin,
  browse,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Admin Panel" }).click();
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Site settings" })
    .click();
  const form = page.getByRole("region", { name: "Operator details" });
  await form.getByLabel("Company legal name").fill("Rivers & Sons Sp. z o.o.");
  await form.getByLabel("Registered address").fill("ul. Długa 12, 80-827 Gdańsk, Poland");
  await form.getByLabel("VAT number").fill("PL5842712345");
  await form.getByLabel("Country of the registered office").fill("Poland");
  await form.getByLabel("Support email").fill("help@rivers.example");
  await form.getByLabel("Data protection contact email").fill("dpo@rivers.example");
  await form.getByRole("button", { name: "Save operator details" }).click();
  await expect(page.getByText("Operator details saved.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A visitor follows the footer's link to the terms and reads who runs Parley.
  const visitor = await browse();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto("/");
  await visitor.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  const main = visitor.getByRole("main");
  await expect(main).toContainText(
    "operated by Rivers & Sons Sp. z o.o., ul. Długa 12, 80-827 Gdańsk, Poland, VAT PL5842712345",
  );
  await expect(main).toContainText("the law of the country of our registered office (Poland)");
  await expect(main).toContainText("help@rivers.example");
  await expect(main).not.toContainText("{{");
  await visitor.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(visitor.getByRole("main")).toContainText("dpo@rivers.example");

  // Cleared again: the pages name the service and the environment's support address.
  for (const label of [
    "Company legal name",
    "Registered address",
    "VAT number",
    "Country of the registered office",
    "Support email",
    "Data protection contact email",
  ])
    await form.getByLabel(label).fill("");
  await form.getByRole("button", { name: "Save operator details" }).click();
  await expect(page.getByText("Operator details saved.")).toBeVisible();
});

test("the administrator adds a redirect for a poster's short address; a visitor's phone follows it until it is deleted", async ({
  page,
  admin: _admin,
  browse,
  checks,
}) => {
  checks.allowConsoleErrors("status of 404");
  await page.goto("/dashboard");
  await page.getByTestId("top-bar").getByRole("link", { name: "Admin Panel" }).click();
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Site settings" })
    .click();
  const redirects = page.getByRole("region", { name: "Redirects" });
  // The panel's own addresses cannot be redirected.
  await redirects.getByLabel("From (path)").fill("/admin");
  await redirects.getByLabel("To", { exact: true }).fill("/faq");
  await redirects.getByRole("button", { name: "Add redirect" }).click();
  await expect(redirects.getByLabel("From (path)")).toHaveAccessibleDescription(
    /This address cannot be redirected/,
  );
  await redirects.getByLabel("From (path)").fill("/winter");
  await redirects.getByLabel("To", { exact: true }).fill("/faq");
  await redirects.getByLabel("Note for administrators (optional)").fill("Poster in the staff room");
  await redirects.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByText("Redirect added. Every instance uses it now.")).toBeVisible();
  await expect(redirects.getByTestId("redirects")).toContainText("/winter → /faq");

  const visitor = await browse();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto("/winter");
  await expect(visitor).toHaveURL(/\/faq$/);

  await redirects.getByRole("button", { name: "Delete /winter" }).click();
  await expect(page.getByText("Redirect deleted.")).toBeVisible();
  const gone = await visitor.goto("/winter");
  expect(gone?.status()).toBe(404);
});
