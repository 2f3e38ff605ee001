import { expect, test } from "./fixtures";

test("an admin sees Audio and Admin Panel; a teacher does not", async ({
  page,
  admin: _freshAdmin,
  accounts,
  browse,
}) => {
  await page.goto("/dashboard");
  const bar = page.getByTestId("top-bar");
  await expect(bar.getByRole("link", { name: "Audio" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Admin Panel" })).toBeVisible();

  const teacher = await browse(await accounts.teacher());
  await teacher.goto("/dashboard");
  const teacherBar = teacher.getByTestId("top-bar");
  await expect(teacherBar.getByRole("link", { name: "Exercises", exact: true })).toBeVisible();
  await expect(teacherBar.getByRole("link", { name: "Audio" })).toHaveCount(0);
  await expect(teacherBar.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await teacher.goto("/admin");
  await expect(teacher).toHaveURL(/\/dashboard$/);
});

test("the avatar menu closes on an outside click and on Escape, and is axe-clean when open", async ({
  page,
  checks,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  const trigger = page.getByTestId("avatar-menu-trigger");
  await trigger.click();
  const menu = page.getByTestId("avatar-menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Your Account" })).toBeVisible();
  await checks.scan("avatar menu open");
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).toBeHidden();

  await trigger.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  // Enter opens the menu with its first item (Students, issue 21) focused; Enter chooses it.
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Students" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/students$/);
});

test("a modal opened from the menu traps focus, closes on Escape and is axe-clean", async ({
  page,
  checks,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  await page.getByTestId("avatar-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Redeem Code" }).click();
  const dialog = page.getByRole("dialog", { name: "Redeem Code" });
  await expect(dialog).toBeVisible();
  await checks.scan("redeem dialog open");
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
    "hidden",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
    "hidden",
  );
});

test("the Feature Lab opens as a side panel and the support panel answers ?chat", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  await page.getByTestId("topbar-lab").click();
  await expect(page.getByRole("dialog", { name: "Feature Lab" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto("/dashboard?chat=1");
  await expect(page.getByRole("dialog", { name: "Chat with us" })).toContainText(
    "support@parley.example",
  );
});

test("below 768 px the bar collapses into a menu and nothing overflows at 360 px", async ({
  page,
  admin: _freshAdmin,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(
    page
      .getByTestId("top-bar")
      .getByRole("link", { name: "Exercises", exact: true })
      .filter({ visible: true }),
  ).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("#dashboard-menu");
  await expect(menu.getByRole("link", { name: "Exercises", exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Admin Panel" })).toBeVisible();
});
