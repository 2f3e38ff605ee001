import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./helpers";
import type { Person } from "./people";

/**
 * A school with two teachers: an administrator creates it for its owner, the owner invites
 * the member by e-mail, and the member (signed in on `page`) accepts from the mailed link.
 */
export async function schoolWithMember(
  page: Page,
  { admin, owner, member }: { admin: Page; owner: Page; member: Person },
  ownerEmail: string,
): Promise<string> {
  const school = `Lakeside School ${randomUUID().slice(0, 8)}`;
  await admin.goto("/admin/organizations");
  await admin.getByLabel("School name").fill(school);
  await admin.getByLabel("Owner's email").fill(ownerEmail);
  await admin.getByLabel("Teacher seats").fill("4");
  await admin.getByRole("button", { name: "Create school" }).click();
  await expect(admin.getByText("The school was created.")).toBeVisible();

  await owner.goto("/dashboard/membership");
  await owner.getByLabel("Teacher's email").fill(member.email);
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation sent to ${member.email}.`)).toBeVisible();
  await page.goto(linkIn(await waitForMail(member.email, "organizationInvite"), "/dashboard"));
  await page.getByRole("button", { name: "Accept and join" }).click();
  await expect(page.getByText(`Welcome to ${school}!`)).toBeVisible();
  return school;
}

/**
 * A premium school: made as schoolWithMember makes it, then the administrator gives it
 * premium (a contract paid by invoice).
 */
export async function premiumSchool(
  page: Page,
  browsers: { admin: Page; owner: Page; member: Person },
  ownerEmail: string,
): Promise<string> {
  const school = await schoolWithMember(page, browsers, ownerEmail);
  const { admin } = browsers;
  await admin.goto("/admin/organizations");
  await admin.getByRole("button", { name: `Give premium ${school}` }).click();
  await expect(admin.getByText("The school's plan was changed.")).toBeVisible();
  return school;
}
