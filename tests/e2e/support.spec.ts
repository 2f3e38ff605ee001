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
