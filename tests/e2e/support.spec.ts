import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";

/**
 * The support chat end to end: a teacher writes from the panel, an administrator answers from
 * /admin/support in another browser, and the answer appears in the teacher's open panel.
 */
test("a teacher's question reaches the support inbox and the answer comes back live", async ({
  page,
  accounts,
  browse,
  checks,
}) => {
  // A name of its own, to find this teacher's conversation in the shared inbox.
  const name = `Zofia${randomUUID().slice(0, 6)}`;
  await accounts.signIn(page, await accounts.teacher({ firstName: name }));
  await page.goto("/dashboard?chat=1");
  const panel = page.getByRole("dialog", { name: "Chat with us" });
  await expect(panel).toContainText("No messages yet.");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel).toContainText("Write your message first");
  await panel
    .getByRole("textbox", { name: "Your message" })
    .fill("Can I print a whole lesson plan?");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByTestId("support-messages")).toContainText(
    "Can I print a whole lesson plan?",
  );
  await expect(panel.getByRole("textbox", { name: "Your message" })).toHaveValue("");
  await checks.scan("support chat with a message");

  const admin = await browse(await accounts.admin());
  await admin.goto("/admin/support");
  await admin.getByRole("link", { name: new RegExp(name) }).click();
  await expect(admin.getByTestId("support-conversation")).toContainText(
    "Can I print a whole lesson plan?",
  );
  await admin.getByLabel("Your reply").fill("Yes: open the lesson and press Print.");
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByText("Reply sent.")).toBeVisible();

  // The teacher's panel is still open: the reply arrives without a reload.
  await expect(panel.getByTestId("support-messages")).toContainText(
    "Yes: open the lesson and press Print.",
  );
  await expect(panel).toContainText("Parley team");
});

/**
 * Spec §6, §7, §9: staff see each writer's bot-score marker and parity discount; the teacher's
 * browser runs a captcha once per session and reports it, and the new score replaces the old.
 */
test("the support inbox shows a writer's bot score and parity discount, updated by their browser's captcha", async ({
  page,
  accounts,
  browse,
}) => {
  const name = `Asha${randomUUID().slice(0, 6)}`;
  // Signed up without JavaScript: no captcha ran, so the score is the "unknown" 0.5.
  const teacher = await accounts.teacher({ firstName: name, captcha: false });
  // The browser's captcha report is held back until the inbox has been checked.
  let report: { release: () => Promise<void>; body: unknown } | null = null;
  await page.route("**/api/rcs/result", (route) => {
    report = { release: () => route.continue(), body: route.request().postDataJSON() };
  });
  await accounts.signIn(page, teacher);
  await page.goto("/dashboard/account");
  await page.getByLabel("Country", { exact: true }).selectOption({ label: "🇮🇳 India" });
  await page
    .locator("form", { has: page.getByLabel("Country", { exact: true }) })
    .getByRole("button", { name: "Save" })
    .click();
  await expect(page.getByText("Saved.")).toBeVisible();
  // The chat opens from the top bar, on the same page (the held report stays in flight).
  await page.getByRole("button", { name: "Chat with us" }).first().click();
  const panel = page.getByRole("dialog", { name: "Chat with us" });
  await panel.getByRole("textbox", { name: "Your message" }).fill("Is there a price for India?");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByTestId("support-messages")).toContainText("Is there a price for India?");

  const admin = await browse(await accounts.admin());
  await admin.goto("/admin/support");
  const entry = admin.getByRole("link", { name: new RegExp(name) });
  await expect(entry.getByTestId("bot-marker")).toHaveText("Some bot risk (0.50)");
  await expect(entry.getByTestId("parity-discount")).toHaveText("Parity discount 15%");
  await entry.click();
  const signals = admin.getByTestId("support-signals");
  await expect(signals).toContainText("India");
  await expect(signals.getByTestId("bot-marker")).toHaveAttribute("data-marker", "yellow");
  await expect(signals.getByTestId("parity-discount")).toHaveText("Parity discount 15%");

  await expect.poll(() => report !== null).toBe(true);
  const held = report as unknown as { release: () => Promise<void>; body: unknown };
  expect(held.body).toMatchObject({ action: "session", token: expect.any(String) });
  const answered = page.waitForResponse("**/api/rcs/result");
  await held.release();
  expect(await (await answered).json()).toEqual({ rcs: 0.9 });

  await admin.reload();
  await expect(signals.getByTestId("bot-marker")).toHaveText("Bot score 0.90");
  await expect(signals.getByTestId("parity-discount")).toHaveText("No parity discount");
  await expect(entry.getByTestId("bot-marker")).toHaveCount(0);
});
