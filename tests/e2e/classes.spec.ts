import { expect, test } from "./fixtures";
import { linkIn, waitForMail } from "./helpers";
import { uniqueEmail } from "./people";

/**
 * A class end to end (issue 9): the teacher creates a class, a student joins through the
 * link in a second browser, and the student's page follows the teacher's card live.
 */
test("a student joins by link and follows the teacher's card live", async ({
  page,
  teacher: _freshTeacher,
  accounts,
  browse,
  checks,
}) => {
  await page.goto("/dashboard/students");
  await page.getByLabel("Class name").fill("Thursday conversation club");
  await page.getByRole("button", { name: "Create class" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thursday conversation club" }),
  ).toBeVisible();
  const intro = await page.getByText(/Students join with the link/).innerText();
  const code = /\/c\/([A-Z0-9]+)/.exec(intro)?.[1] ?? "";
  expect(code).not.toBe("");

  await page
    .getByLabel("Exercise to share")
    .fill("/dashboard/exercises/lost-luggage-at-the-airport");
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText("The exercise is shared with the class.")).toBeVisible();
  await page.getByRole("button", { name: "Present live Lost Luggage at the Airport" }).click();
  await expect(page.getByTestId("live-card")).toHaveText(/card 1 of \d+/);

  const student = await browse();
  await student.goto(`/c/${code}`);
  await expect(student.getByRole("heading", { name: "Thursday conversation club" })).toBeVisible();
  const igor = {
    email: uniqueEmail("igor"),
    password: "a student passphrase",
    firstName: "Igor",
    lastName: "Kowal",
  };
  await student.getByLabel("First name").fill(igor.firstName);
  await student.getByLabel("Last name").fill(igor.lastName);
  await student.getByLabel("Email").fill(igor.email);
  await student.getByLabel("Password").fill(igor.password);
  await student.getByLabel(/I accept the/).check();
  await expect(student.getByTestId("captcha-status")).toHaveAttribute("data-status", "done", {
    timeout: 20_000,
  });
  await student.getByRole("button", { name: "Create my account and join" }).click();
  // The address is confirmed from the mailed link before the account opens the class.
  await expect(student.getByTestId("join-sent")).toContainText(igor.email);
  accounts.adopt(igor);
  const mail = await waitForMail(igor.email, "verifyEmail");
  await student.goto(linkIn(mail, "/auth/verify/"));
  await expect(student).toHaveURL(/\/class\//);
  await expect(student.getByTestId("live-card")).toHaveText(/card 1 of \d+/);

  // The teacher moves on; the student's page follows without reloading.
  await page.getByRole("button", { name: /Next/ }).click();
  await expect(page.getByTestId("live-card")).toHaveText(/card 2 of \d+/);
  await expect(student.getByTestId("live-card")).toHaveText(/card 2 of \d+/);

  // From the library: the teacher presents another exercise and shares it with the class;
  // it joins the class's exercises and the student's screen follows card by card.
  await page.goto("/dashboard/exercises/sleep-screens-and-slow-mornings");
  await page.getByRole("button", { name: "Share with class" }).click();
  await expect(page.getByLabel("Class", { exact: true })).toHaveValue(/.+/);
  await checks.scan("share with class open");
  await page.getByRole("button", { name: "Start sharing" }).click();
  await expect(page.getByTestId("class-share-live")).toContainText(
    "Live in Thursday conversation club",
  );
  await expect(student.getByTestId("live-view")).toContainText("Sleep, Screens and Slow Mornings");
  await expect(student.getByTestId("live-card")).toHaveText(/card 1 of \d+/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(student.getByTestId("live-card")).toHaveText(/card 3 of \d+/);
  await page.keyboard.press("ArrowLeft");
  await expect(student.getByTestId("live-card")).toHaveText(/card 2 of \d+/);
  await expect(
    student.getByRole("link", { name: "Sleep, Screens and Slow Mornings" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Stop sharing" }).click();
  await expect(student.getByTestId("live-idle")).toBeVisible();

  // Students see their class, not the library.
  await student.goto("/dashboard/exercises");
  await expect(student).toHaveURL(/\/class\//);
});
