import { expect } from "./fixtures";
import { test } from "./admin-server";

/**
 * Issue 15 item 6, as an operator does it, on a phone: the administrator finds a teacher,
 * opens their page (plan, devices, mails), makes them an administrator after confirming, and
 * takes it back; a teacher's review is hidden from the public rating and shown again.
 */

test("on a phone, an administrator opens a teacher's page and changes their roles with a confirmation", async ({
  page,
  admin: _admin,
  accounts,
  browse,
  checks,
}) => {
  // The unconfirmed change answers 400: that is the point of that step.
  checks.allowConsoleErrors("status of 400");
  const person = await accounts.teacher({ firstName: "Zofia", trial: false });
  const teacher = await browse(person);
  await teacher.goto("/dashboard");
  await expect(
    teacher.getByTestId("top-bar").getByRole("link", { name: "Admin Panel" }),
  ).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Users" })
    .click();
  await page.getByLabel("Email or name").fill(person.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: /Zofia/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Zofia");
  await expect(page.getByTestId("user-plan")).toContainText("Free plan");
  await expect(page.getByTestId("user-devices")).toContainText("Signed in on 1 device");

  const roles = page.getByTestId("user-roles");
  await roles.getByRole("checkbox", { name: "Administrator" }).check();
  await roles.getByRole("button", { name: "Save roles" }).click();
  await expect(page.getByText("Tick the box to confirm the new roles.")).toBeVisible();
  await roles.getByRole("checkbox", { name: "Administrator" }).check();
  await roles.getByRole("checkbox", { name: /I confirm the new roles/ }).check();
  await roles.getByRole("button", { name: "Save roles" }).click();
  await expect(page.getByText("The roles are saved.", { exact: false })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await teacher.reload();
  await expect(
    teacher.getByTestId("top-bar").getByRole("link", { name: "Admin Panel" }),
  ).toBeVisible();

  await roles.getByRole("checkbox", { name: "Administrator" }).uncheck();
  await roles.getByRole("checkbox", { name: /I confirm the new roles/ }).check();
  await roles.getByRole("button", { name: "Save roles" }).click();
  await expect(page.getByText("The roles are saved.", { exact: false })).toBeVisible();
  await teacher.reload();
  await expect(
    teacher.getByTestId("top-bar").getByRole("link", { name: "Admin Panel" }),
  ).toHaveCount(0);
});

test("a teacher's review is hidden from the public rating and shown again", async ({
  page,
  admin: _admin,
  accounts,
  browse,
}) => {
  const teacher = await browse(await accounts.teacher({ firstName: "Irena" }));
  // The review link teachers get by mail.
  await teacher.goto("/r/review");
  await teacher.locator("label").filter({ hasText: "4 stars" }).click();
  await teacher
    .getByLabel("What do you like, and what should we improve?")
    .fill("The role cards work every time with my evening group.");
  await teacher.getByLabel(/Parley may show my rating/).check();
  await teacher.getByRole("button", { name: "Send review" }).click();
  await expect(teacher.getByText("Thank you for your review. We read every one.")).toBeVisible();

  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Reviews" })
    .click();
  const item = page.getByTestId("reviews").getByRole("listitem").filter({
    hasText: "The role cards work every time with my evening group.",
  });
  await item.getByRole("button", { name: /^Hide/ }).click();
  await expect(
    page.getByText("The review is hidden and no longer counts in the rating."),
  ).toBeVisible();
  await expect(item).toContainText("hidden");
  await item.getByRole("button", { name: /^Show again/ }).click();
  await expect(page.getByText("The review is shown again and counts in the rating.")).toBeVisible();
});
