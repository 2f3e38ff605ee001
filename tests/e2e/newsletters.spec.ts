import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { linkIn, waitForMail } from "./helpers";

/**
 * Issue 16 item 5: a teacher opts in to product updates on her account page (on a phone) and
 * confirms from the mailed link (double opt-in);
 * the administrator writes a newsletter, previews it and sends it to that audience (and to
 * the public archive); a visitor on a phone finds it in the archive from the site's footer and
 * reads it; the teacher follows the unsubscribe link in the mail and leaves with one click.
 */
test("a newsletter goes to the teachers who asked for it, and the mailed link unsubscribes", async ({
  page,
  admin: _admin,
  accounts,
  browse,
}) => {
  const teacher = await accounts.teacher({ label: "reader" });
  const phone = await browse(teacher);
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto("/dashboard/account");
  const consents = phone.locator("#newsletters");
  await consents.getByLabel("Email me when new exercises and features arrive").check();
  await consents.getByRole("button", { name: "Save changes" }).click();
  // Double opt-in: the consent starts from the link in the confirmation mail.
  await expect(phone.getByText("Almost done: we sent you an email")).toBeVisible();
  await phone.goto(linkIn(await waitForMail(teacher.email, "confirmApp"), "/newsletter/confirm/"));
  await phone.getByRole("button", { name: "Confirm" }).click();
  await expect(phone.getByRole("status")).toContainText("will get emails about new exercises");

  const subject = `Five new warm-ups (${randomUUID().slice(0, 6)})`;
  await page.goto("/dashboard");
  await page.getByTestId("top-bar").getByRole("link", { name: "Admin Panel" }).click();
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Newsletters" })
    .click();
  await page.getByLabel("Subject", { exact: true }).fill(subject);
  await page
    .getByLabel("Text (Markdown)")
    .fill(
      "Hello!\n\nThis month brings **five new warm-ups** for B1 groups.\n\n- Two-minute debates\n- Picture stories",
    );
  // A Polish version for teachers who use Parley in Polish.
  await page.getByText("Polish version (optional)").click();
  await page.getByLabel("Subject in Polish").fill(`Pięć nowych rozgrzewek (${subject.slice(-7)}`);
  await page
    .getByLabel("Text in Polish (Markdown)")
    .fill("Cześć!\n\nW tym miesiącu **pięć nowych rozgrzewek** dla grup B1.");
  await page.getByLabel(/Teachers who agreed to product updates/).check();
  await expect(page.getByLabel("Show in the public newsletter archive")).toBeChecked();
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("newsletter-preview");
  await expect(preview.locator("strong")).toHaveText("five new warm-ups");
  await expect(preview.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("newsletter-preview-pl").locator("strong")).toHaveText(
    "pięć nowych rozgrzewek",
  );

  await page.getByRole("button", { name: "Send newsletter" }).click();
  await expect(page.getByText("The newsletter is going out now")).toBeVisible();
  await page.getByRole("link", { name: subject }).click();
  await expect(page.getByTestId("newsletter-progress")).toHaveText(/^(\d+) of \1 sent$/, {
    timeout: 15_000,
  });
  await expect(page.getByRole("cell", { name: teacher.email })).toBeVisible();
  await page.getByRole("link", { name: "All newsletters" }).click();
  await expect(page.getByRole("row", { name: subject })).toContainText("Sent");

  // A visitor on a phone finds it in the public archive, among the issues, and reads it.
  const visitor = await browse();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto("/");
  await visitor
    .getByRole("contentinfo")
    .getByRole("link", { name: "Newsletter", exact: true })
    .click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Newsletter archive");
  const entries = visitor.getByRole("main").getByRole("listitem");
  const entry = entries.filter({ hasText: subject });
  await expect(entry).toContainText("Hello! This month brings five new warm-ups for B1 groups.");
  await expect(entries.filter({ hasText: /^Issue 1 ·/ })).toHaveCount(1);
  await entry.getByRole("link", { name: subject }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(subject);
  const letter = visitor.getByRole("article");
  await expect(letter).toHaveAttribute("lang", "en");
  await expect(letter.locator("strong")).toHaveText("five new warm-ups");
  await expect(letter.getByRole("listitem")).toHaveCount(2);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );

  // The teacher uses Parley in English: the English version.
  const mail = await waitForMail(teacher.email, "newsletter-app");
  expect(mail.subject).toBe(subject);
  await phone.goto(linkIn(mail, "/unsubscribe/"));
  await expect(phone.getByText(/Stop sending Parley's product updates to/)).toBeVisible();
  await phone.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(phone.getByRole("status")).toContainText("will get no more product updates");
  await phone.goto("/dashboard/account");
  await expect(
    phone.locator("#newsletters").getByLabel("Email me when new exercises and features arrive"),
  ).not.toBeChecked();
});
