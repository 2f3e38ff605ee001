import { expect, test } from "./fixtures";
import { signIn, signUp } from "./helpers";

/**
 * The support chat end to end: a teacher writes from the panel, an administrator answers from
 * /admin/support in another browser, and the answer appears in the teacher's open panel.
 */
test("a teacher's question reaches the support inbox and the answer comes back live", async ({
  page,
  browser,
  baseURL,
  clientIp,
  checks,
}) => {
  const name = `Zofia${Date.now() % 100000}`;
  await signUp(page, `support-${Date.now()}@school.test`, name);
  await page.goto("/dashboard?chat=1");
  const panel = page.getByRole("dialog", { name: "Chat with us" });
  await expect(panel).toContainText("No messages yet.");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel).toContainText("Write your message first");
  await panel.getByRole("textbox", { name: "Your message" }).fill("Can I print a whole lesson plan?");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(panel.getByTestId("support-messages")).toContainText(
    "Can I print a whole lesson plan?",
  );
  await expect(panel.getByRole("textbox", { name: "Your message" })).toHaveValue("");
  await checks.scan("support chat with a message");

  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": `${clientIp}7` },
  });
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@parley.example");
  await admin.goto("/admin/support");
  await admin.getByRole("link", { name: new RegExp(name) }).click();
  await expect(admin.getByTestId("support-conversation")).toContainText(
    "Can I print a whole lesson plan?",
  );
  await admin.getByLabel("Your reply").fill("Yes: open the lesson and press Print.");
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByText("Reply sent.")).toBeVisible();
  await adminContext.close();

  // The teacher's panel is still open: the reply arrives without a reload.
  await expect(panel.getByTestId("support-messages")).toContainText(
    "Yes: open the lesson and press Print.",
  );
  await expect(panel).toContainText("Parley team");
});
