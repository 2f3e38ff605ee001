import { TEST_NOW } from "../support/clock";
import { expect } from "./fixtures";
import { test } from "./admin-server";

/**
 * Issue 15 item 4: the administrator runs a campaign from the admin panel, without a restart.
 * Thanksgiving is switched on from yesterday for a week (after the panel refused an end before
 * the start); a free teacher on a phone is offered free Premium at once, claims it, and has it.
 * WOŚP is scheduled for next month and shows as upcoming. On a server of its own: no other
 * test should meet a running campaign.
 */

const DAY = 24 * 3600_000;
/** A datetime-local value (UTC) this many days from the suite's clock, at 00:00. */
const day = (days: number) =>
  `${new Date(TEST_NOW.getTime() + days * DAY).toISOString().slice(0, 10)}T00:00`;

test("the administrator runs Thanksgiving and schedules WOŚP; a free teacher claims Premium at once", async ({
  page,
  admin,
  accounts,
  browse,
  checks,
}) => {
  checks.allowConsoleErrors("status of 400");
  await page.goto("/dashboard");
  await page.getByTestId("top-bar").getByRole("link", { name: "Admin Panel" }).click();
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Campaigns" })
    .click();
  const thanksgiving = page.getByRole("region", { name: "Thanksgiving: free Premium access" });
  // content/info/promotions.yml's Thanksgiving is over at the suite's date (or off).
  await expect(page.getByTestId("campaign-state-thanksgiving")).not.toHaveText("Running now");
  await thanksgiving.getByLabel("Campaign on").check();
  await thanksgiving.getByLabel("Starts (UTC)").fill(day(-1));
  await thanksgiving.getByLabel("Ends (UTC)").fill(day(-2));
  await thanksgiving.getByLabel("Premium access until (UTC)").fill(day(20));
  await page.getByRole("button", { name: "Save campaigns" }).click();
  await expect(thanksgiving.getByLabel("Ends (UTC)")).toHaveAccessibleDescription(
    "The end must come after the start",
  );
  await thanksgiving.getByLabel("Ends (UTC)").fill(day(6));
  const wosp = page.getByRole("region", { name: "WOŚP: free Premium access" });
  await wosp.getByLabel("Campaign on").check();
  await wosp.getByLabel("Starts (UTC)").fill(day(30));
  await wosp.getByLabel("Ends (UTC)").fill(day(40));
  await wosp.getByLabel("Premium access until (UTC)").fill(day(60));
  await wosp.getByLabel("Countries (optional)").fill("pl");
  await page.getByRole("button", { name: "Save campaigns" }).click();
  await expect(page.getByText("Campaigns saved. Every instance uses them now.")).toBeVisible();
  await expect(page.getByTestId("campaign-state-thanksgiving")).toHaveText("Running now");
  await expect(page.getByTestId("campaign-state-wosp")).toHaveText("Upcoming");
  await expect(wosp.getByLabel("Countries (optional)")).toHaveValue("PL");

  // A teacher on the free plan, on a phone, is offered it and claims it.
  const teacher = await browse(await accounts.teacher({ trial: false }));
  await teacher.setViewportSize({ width: 390, height: 844 });
  await teacher.goto("/dashboard");
  const banner = teacher.getByTestId("promotion-banner");
  await banner.getByRole("button", { name: "Claim your free premium" }).click();
  await expect(teacher.getByTestId("promotion-banner")).toHaveCount(0);
  await teacher.goto("/dashboard/membership");
  await expect(teacher.getByRole("main")).toContainText(
    `Your Premium access lasts until ${day(20).slice(8, 10)}.${day(20).slice(5, 7)}.${day(20).slice(0, 4)}`,
  );
  expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );

  // The audit log shows who saved them.
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Audit log" })
    .click();
  await page.getByLabel("Action").selectOption({ label: "Campaigns saved" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("audit-log").getByRole("listitem").first()).toContainText(
    `by ${admin.email}`,
  );
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Campaigns" })
    .click();

  // Back to the content file's campaigns: none runs at the suite's date.
  await page.getByRole("button", { name: "Use the campaigns of the content file again" }).click();
  await expect(
    page.getByText("Back to the campaigns of content/info/promotions.yml."),
  ).toBeVisible();
  await expect(page.getByTestId("campaign-state-thanksgiving")).not.toHaveText("Running now");
});
