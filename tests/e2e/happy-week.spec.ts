import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { PromotionsSchema } from "~/features/membership/promotions";
import { expect } from "./fixtures";
import { testOnOwnServer } from "./own-server";
import { premiumSchool } from "./schools";

/**
 * Happy Week end to end (issue 13 item 6). The suite's server runs at TEST_NOW, outside every
 * campaign, so these tests get a server of their own whose clock starts inside the Happy Week
 * of content/info/promotions.yml (its Stripe stand-in knows the campaign's promotion code),
 * sharing the suite's mailbox. Its people are made and removed on it like everywhere else.
 */
const promotions = PromotionsSchema.parse(
  parse(fs.readFileSync(path.resolve("content/info/promotions.yml"), "utf8")),
);
const happyWeek = promotions.discount;
if (!happyWeek) throw new Error("content/info/promotions.yml has no Happy Week");
/** A day and a half into the campaign. */
const DURING = new Date(happyWeek.startsAt.getTime() + 36 * 60 * 60 * 1000);

const test = testOnOwnServer({ env: { CLOCK_START: DURING.toISOString() }, promotions });

const title = `Happy week: ${happyWeek.percentOff}% off Premium`;

test("Happy Week tells a premium school's teacher that the school already gives them Premium, and offers no checkout", async ({
  page,
  accounts,
  browse,
}) => {
  // Four browsers make the school through the UI first (premiumSchool): more than a minute
  // on a loaded two-core machine.
  test.slow();
  const ownerAccount = await accounts.teacher({ label: "hw-owner" });
  const member = await accounts.teacher({ label: "hw-member", trial: false });
  await accounts.signIn(page, member);
  const school = await premiumSchool(
    page,
    { admin: await browse(await accounts.admin()), owner: await browse(ownerAccount), member },
    ownerAccount.email,
  );

  // The school's teacher opens the Happy Week link from the newsletter.
  await page.goto("/r/happy-week");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(
    page.getByText(`Your school, ${school}, already gives you Premium`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("Happy Week prices apply to new memberships only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Get the discount" })).toHaveCount(0);
  await page.getByRole("link", { name: "See membership details" }).click();
  await expect(page.getByText("School Premium")).toBeVisible();
});

test("Happy Week tells a teacher who already pays until when, and offers no checkout (390 px)", async ({
  page: payer,
  accounts,
  checks,
}) => {
  // The Stripe stand-in's checkout page logs a 404 in the console.
  checks.allowConsoleErrors("status of 404");
  // A teacher who paid for Premium at the regular price, on a phone.
  await accounts.signIn(payer, await accounts.teacher({ label: "hw-payer", trial: false }));
  await payer.setViewportSize({ width: 390, height: 844 });
  await payer.goto("/dashboard/membership");
  await payer.getByRole("radio", { name: /Monthly/ }).check();
  await payer.getByRole("button", { name: "Continue to secure payment" }).click();
  await payer.getByRole("button", { name: "Pay" }).click();
  await expect(payer.getByText("Premium, monthly")).toBeVisible();
  await payer.goto("/r/happy-week");
  const settled = payer.getByTestId("happy-week-settled");
  await expect(settled).toContainText(
    /You already have Premium, paid until [A-Z][a-z]{2} \d{1,2}, \d{4}/,
  );
  await expect(settled).toContainText("Happy Week prices apply to new memberships only");
  await expect(payer.getByRole("button", { name: "Get the discount" })).toHaveCount(0);
  expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a teacher in the trial gets the Happy Week discount and is told the membership starts today", async ({
  page,
  teacher: _inTrial,
  checks,
}) => {
  checks.allowConsoleErrors("status of 404");
  await page.goto("/r/happy-week");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Your Premium access lasts until")).toBeVisible();
  await expect(page.getByText("A membership bought now starts today")).toBeVisible();
  await page.getByRole("button", { name: "Get the discount" }).first().click();
  await expect(page.getByRole("heading", { name: "Stripe stand-in checkout" })).toBeVisible();
  // 13.70 a month, less the campaign's discount on the first payment.
  const discounted = (Math.round(13.7 * (100 - happyWeek.percentOff)) / 100).toFixed(2);
  await expect(page.getByText(`$${discounted}`).first()).toBeVisible();
});
