import { expect, test } from "./fixtures";
import { linkIn, signIn, waitForMail } from "./helpers";
import { uniqueEmail } from "./people";

test("a teacher signs up, verifies through the mailed link, signs out and back in", async ({
  page,
  accounts,
  checks,
}) => {
  // Signing out ends the session while the page's live-events stream or a content query may
  // still be asking: that request is answered 401, which the browser logs (the fixture names
  // the page's address, not the request's). Seen in 3 of about 10 CI runs; nothing the teacher
  // sees changes, as the page goes on to the sign-in form.
  checks.allowConsoleErrors("status of 401");
  const email = uniqueEmail("new-teacher");
  await page.goto("/auth/sign-up");
  await page.getByLabel("First name").fill("Zofia");
  await page.getByLabel("Last name").fill("Wiśniewska");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill("spring lessons start early");
  await page.getByLabel(/I accept the/).check();
  await expect(page.getByTestId("captcha-status")).toHaveAttribute("data-status", "done", {
    timeout: 20_000,
  });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("sign-up-sent")).toContainText(email);
  accounts.adopt({
    email,
    password: "spring lessons start early",
    firstName: "Zofia",
    lastName: "Wiśniewska",
  });

  const mail = await waitForMail(email, "verifyEmail");
  await page.goto(linkIn(mail, "/auth/verify/"));
  await expect(page).toHaveURL(/\/dashboard\?welcome=1/);
  await expect(page.getByRole("heading", { name: "Hello, Zofia!" })).toBeVisible();
  await expect(page.getByTestId("trial-indicator").filter({ visible: true })).toContainText(
    "7 days left in your trial",
  );

  await page.getByTestId("avatar-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?signedOut=1/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("spring lessons start early");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an existing address gets the same answer as a new one", async ({ page, accounts }) => {
  const existing = await accounts.teacher({ label: "existing" });
  const fresh = {
    email: uniqueEmail("someone"),
    password: "a perfectly fine passphrase",
    firstName: "Ala",
    lastName: "Kot",
  };
  const answers: string[] = [];
  for (const email of [fresh.email, existing.email]) {
    await page.goto("/auth/sign-up");
    await page.getByLabel("First name").fill(fresh.firstName);
    await page.getByLabel("Last name").fill(fresh.lastName);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password").fill(fresh.password);
    await page.getByLabel(/I accept the/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    answers.push((await page.getByTestId("sign-up-sent").innerText()).replace(email, "EMAIL"));
    if (email === fresh.email) accounts.adopt(fresh);
  }
  expect(answers[0]).toBe(answers[1]);
  await waitForMail(existing.email, "alreadyRegistered");
});

test("a forgotten password is reset through the mailed link", async ({ page, accounts }) => {
  const teacher = await accounts.teacher({ label: "forgetful" });

  await page.goto("/auth/recovery");
  await page.getByLabel("Email", { exact: true }).fill(teacher.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByTestId("recovery-sent")).toBeVisible();
  await page.goto(linkIn(await waitForMail(teacher.email, "recovery"), "/auth/recovery/"));
  await page.getByLabel("New password", { exact: true }).fill("my second passphrase");
  await page.getByLabel("Repeat the new password").fill("my second passphrase");
  // From the click on, the account's password is the new one (for its removal, too).
  teacher.password = "my second passphrase";
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?reset=1/);
  await signIn(page, teacher.email, teacher.password);
});

test("the sixth sign-in attempt within a minute gets 429", async ({ page, checks, accounts }) => {
  checks.allowConsoleErrors("status of 429", "status of 400");
  const teacher = await accounts.teacher({ label: "locked-out" });
  await page.goto("/auth/sign-in");
  let last = 0;
  for (let i = 0; i < 6; i++) {
    await page.getByLabel("Email", { exact: true }).fill(teacher.email);
    await page.getByLabel("Password", { exact: true }).fill(`wrong password ${i}`);
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes("/auth/sign-in") && r.request().method() === "POST",
      ),
      page.getByRole("button", { name: "Sign in", exact: true }).click(),
    ]);
    last = response.status();
    if (i < 5) await expect(page.getByRole("alert")).toContainText("not right");
  }
  expect(last).toBe(429);
  await expect(page.getByRole("alert")).toContainText("Too many attempts");
});

test("a teacher changes their address by the mailed link, the old one is told, and deleting the account says it was done", async ({
  page,
  teacher,
  accounts,
}) => {
  // Three mailed steps and four password checks: more than the default budget on a busy machine.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByTestId("avatar-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Your Account" }).click();
  const oldEmail = teacher.email;
  const newEmail = oldEmail.replace("@", ".new@");
  await page.getByLabel("New email address").fill(newEmail);
  await page.locator("#email").getByLabel("Current password").fill(teacher.password);
  await page.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(page.getByText(/a confirmation link is on its way/)).toBeVisible();

  await page.goto(linkIn(await waitForMail(newEmail, "verifyEmail"), "/auth/verify/"));
  await expect(page.getByText("Your email address has been confirmed.")).toBeVisible();
  teacher.email = newEmail;
  const notice = await waitForMail(oldEmail, "emailChanged");
  expect(notice.subject).toBe("Your Parley email address was changed");
  expect(notice.text).toContain(newEmail);

  await page.locator("#delete").getByLabel("Current password").fill(teacher.password);
  await page.getByLabel(/I understand that my account/).check();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText(/Your account has been deleted/)).toBeVisible();
  accounts.deleted(teacher);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
});
