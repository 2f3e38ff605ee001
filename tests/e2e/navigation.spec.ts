import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { linkIn, waitForMail } from "./helpers";
import { uniqueEmail } from "./people";

/**
 * Issue 21 items 1, 2, 5 and 6: finding one's way (menus, sign-in), a student's sign-out on
 * a shared computer, and where keyboard focus goes. Each by mouse and by keyboard, at a
 * laptop's 1280 px and a phone's 390 px.
 */

const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Waits until focus is inside a dialog (Radix moves it there once the dialog is ready for keys). */
async function focusInside(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** Presses Tab as a person would until `target` has focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("Students, Lessons and Classes are in the top bar and the avatar menu at 1280 px, by mouse and keyboard", async ({
  page,
  checks,
  teacher: _freshTeacher,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto("/dashboard");
  const main = page.getByTestId("top-bar").getByRole("navigation", { name: "Main" }).first();
  for (const name of ["Students", "Lessons", "Classes"])
    await expect(main.getByRole("link", { name, exact: true })).toBeVisible();

  // Mouse: the top bar's links.
  await main.getByRole("link", { name: "Lessons", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/lessons$/);
  await expect(main.getByRole("link", { name: "Lessons", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await main.getByRole("link", { name: "Classes", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/students#classes$/);
  await expect(page.getByRole("heading", { name: "Classes", exact: true })).toBeInViewport();

  // Keyboard: Tab to Students, Enter.
  await page.goto("/dashboard");
  await tabTo(page, main.getByRole("link", { name: "Students", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/students$/);

  // Keyboard: the avatar menu lists them first; arrows and Enter choose Lessons.
  const trigger = page.getByTestId("avatar-menu-trigger");
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  const menu = page.getByTestId("avatar-menu");
  await expect(menu.getByRole("menuitem", { name: "Students" })).toBeFocused();
  await checks.scan("avatar menu with the teaching entries");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Lessons" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/lessons$/);

  // Mouse: the avatar menu's Classes.
  await trigger.click();
  await menu.getByRole("menuitem", { name: "Classes" }).click();
  await expect(page).toHaveURL(/\/dashboard\/students#classes$/);
});

test("the phone menu has Students, Lessons and Classes; Esc closes it (390 px, mouse and keyboard)", async ({
  page,
  checks,
  teacher: _freshTeacher,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard");
  const toggle = page.getByRole("button", { name: "Open menu" });
  const phoneMenu = page.locator("#dashboard-menu");

  // Mouse.
  await toggle.click();
  await expect(phoneMenu).toBeVisible();
  for (const name of ["Students", "Lessons", "Classes"])
    await expect(phoneMenu.getByRole("link", { name, exact: true })).toBeVisible();
  await checks.scan("phone menu open");
  await phoneMenu.getByRole("link", { name: "Students", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/students$/);
  await expect(phoneMenu).toBeHidden();

  // Keyboard: open it, Tab into it, Esc closes it with focus back on its button.
  const menuButton = page.getByTestId("top-bar").locator("button[aria-controls=dashboard-menu]");
  await tabTo(page, menuButton);
  await page.keyboard.press("Enter");
  await expect(phoneMenu).toBeVisible();
  await tabTo(page, phoneMenu.getByRole("link", { name: "Lessons", exact: true }));
  await page.keyboard.press("Escape");
  await expect(phoneMenu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");

  // Keyboard all the way: Enter on Lessons.
  await page.keyboard.press("Enter");
  await tabTo(page, phoneMenu.getByRole("link", { name: "Lessons", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/lessons$/);
});

for (const viewport of [LAPTOP, PHONE]) {
  test(`a browser that never signed up finds Sign in in the public header at ${viewport.width} px`, async ({
    browse,
    checks,
  }) => {
    const page = await browse();
    await page.setViewportSize(viewport);
    const phone = viewport.width < 768;
    const header = page.locator("header").first();
    const openMenu = async () => {
      if (phone) await header.locator("summary").click();
    };

    // Mouse.
    await page.goto("/");
    await openMenu();
    const signInLink = header.getByRole("link", { name: "Sign in", exact: true });
    await expect(signInLink).toBeVisible();
    // The spec's join button stays beside it.
    await expect(header.getByRole("link", { name: "Join for free" })).toBeVisible();
    await checks.scan(`public header, never signed up, ${viewport.width} px`);
    await signInLink.click();
    await expect(page).toHaveURL(/\/auth\/sign-in$/);

    // Keyboard, on another public page.
    await page.goto("/faq");
    if (phone) {
      await tabTo(page, header.locator("summary"));
      await page.keyboard.press("Enter");
    }
    await tabTo(page, header.getByRole("link", { name: "Sign in", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
  });
}

test("a student on a shared computer signs out from the class page, by keyboard at 390 px and by mouse at 1280 px", async ({
  page,
  teacher: _freshTeacher,
  accounts,
  browse,
  checks,
}) => {
  // A student's sign-up (captcha, mail) and two sign-outs in two browsers.
  test.slow();
  await page.goto("/dashboard/students");
  await page.getByLabel("Class name").fill("Shared laptops group");
  await page.getByRole("button", { name: "Create class" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shared laptops group" })).toBeVisible();
  // The teacher's own class page keeps the way back.
  await expect(page.getByRole("link", { name: "Back to dashboard" })).toBeVisible();
  const address = await page.getByTestId("join-url").innerText();

  const student = await browse();
  await student.setViewportSize(PHONE);
  await student.goto(address);
  const zoe = { email: uniqueEmail("zoe"), password: "a shared laptop passphrase" };
  accounts.adopt({ ...zoe, firstName: "Zoe", lastName: "Shared" });
  await student.getByLabel("First name").fill("Zoe");
  await student.getByLabel("Last name").fill("Shared");
  await student.getByLabel("Email").fill(zoe.email);
  await student.getByLabel("Password").fill(zoe.password);
  await student.getByLabel(/I accept the/).check();
  await expect(student.getByTestId("captcha-status")).toHaveAttribute("data-status", "done", {
    timeout: 30_000,
  });
  await student.getByRole("button", { name: "Create my account and join" }).click();
  await expect(student.getByTestId("join-sent")).toContainText(zoe.email);
  const mail = await waitForMail(zoe.email, "verifyEmail");
  await student.goto(linkIn(mail, "/auth/verify/"));
  await expect(student).toHaveURL(/\/class\//);
  const classUrl = student.url();

  // No "Back to dashboard" that leads back here; Sign Out instead.
  await expect(student.getByRole("link", { name: "Back to dashboard" })).toHaveCount(0);
  const signOut = student.getByRole("button", { name: "Sign Out" });
  await expect(signOut).toBeVisible();
  await checks.scan("class page for a student, 390 px");
  await tabTo(student, signOut);
  await student.keyboard.press("Enter");
  await expect(student).toHaveURL(/\/auth\/sign-in\?signedOut=1$/);
  await student.goto(classUrl);
  await expect(student).toHaveURL(/\/auth\/(confirm|sign-in)\?/);

  // The next lesson, on a laptop: sign in (the page asked for the class), sign out with the mouse.
  await student.setViewportSize(LAPTOP);
  await student.getByLabel("Email", { exact: true }).fill(zoe.email);
  await student.getByLabel("Password", { exact: true }).fill(zoe.password);
  await student.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(student).toHaveURL(classUrl);
  await student.getByRole("button", { name: "Sign Out" }).click();
  await expect(student).toHaveURL(/\/auth\/sign-in\?signedOut=1$/);
});

test("closing Redeem Code and the support chat gives focus back to the button that opened them (1280 px)", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto("/dashboard");
  const trigger = page.getByTestId("avatar-menu-trigger");

  // Mouse: open Redeem Code from the avatar menu, close it with its button.
  await trigger.click();
  await page.getByRole("menuitem", { name: "Redeem Code" }).click();
  const redeem = page.getByRole("dialog", { name: "Redeem Code" });
  await expect(redeem).toBeVisible();
  await redeem.getByRole("button", { name: "Close" }).first().click();
  await expect(redeem).toBeHidden();
  await expect(trigger).toBeFocused();

  // Keyboard: Enter, End, up to Redeem Code, Enter; Esc.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Students" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("menuitem", { name: "Redeem Code" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(redeem).toBeVisible();
  await focusInside(redeem);
  await page.keyboard.press("Escape");
  await expect(redeem).toBeHidden();
  await expect(trigger).toBeFocused();

  // The support chat, by mouse then by keyboard.
  const chat = page.getByTestId("topbar-chat");
  const panel = page.getByRole("dialog", { name: "Chat with us" });
  await chat.click();
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Close" }).first().click();
  await expect(panel).toBeHidden();
  await expect(chat).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await focusInside(panel);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(chat).toBeFocused();
});

test("on a phone the chat opened from the menu closes back to its button, then Esc closes the menu (390 px)", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard");
  const menuButton = page.getByTestId("top-bar").locator("button[aria-controls=dashboard-menu]");
  const phoneMenu = page.locator("#dashboard-menu");
  await menuButton.click();
  const chat = phoneMenu.getByRole("button", { name: "Chat with us" });
  await chat.click();
  const panel = page.getByRole("dialog", { name: "Chat with us" });
  await expect(panel).toBeVisible();
  await focusInside(panel);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(chat).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(phoneMenu).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test("removing a plan item keeps focus in the plan, by keyboard and mouse", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.setViewportSize(LAPTOP);
  await page.goto("/dashboard/students");
  const add = page.locator("details").filter({ hasText: "Add a student" });
  await add.getByText("Add a student").click();
  await add.getByLabel("Name", { exact: true }).fill("Ola Focus");
  await add.getByRole("button", { name: "Add student" }).click();
  await page.getByRole("link", { name: "Plan a lesson" }).click();
  await page.getByLabel("Title").fill("Focus lesson");
  await page.getByRole("button", { name: "Create the lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Focus lesson" })).toBeVisible();
  const plan = page.getByRole("region", { name: "Plan" });
  for (const step of ["Warm-up chat", "Role play", "Feedback"]) {
    await page.getByLabel(/Your own step/).fill(step);
    await page.getByRole("button", { name: "Add step" }).click();
    await expect(plan.getByRole("paragraph").filter({ hasText: step })).toBeVisible();
  }
  const removeButtons = plan.getByRole("button", { name: /^Remove/ });

  // Keyboard: Enter on the first Remove; focus lands on the Remove of the item that took its place.
  await tabTo(page, removeButtons.first());
  await page.keyboard.press("Enter");
  await expect(removeButtons).toHaveCount(2);
  await expect(removeButtons.first()).toBeFocused();
  await expect(removeButtons.first()).toHaveAccessibleName("Remove Role play");

  // Mouse: the last item; focus goes to the new last one.
  await removeButtons.last().click();
  await expect(removeButtons).toHaveCount(1);
  await expect(removeButtons.first()).toBeFocused();

  // The last one: focus stays in the plan, on its heading.
  await page.keyboard.press("Enter");
  await expect(removeButtons).toHaveCount(0);
  await expect(plan.getByRole("heading", { name: "Plan" })).toBeFocused();
});

test("the library: skip to results, a focus ring on cards, one-click filter chips, Esc closes the share panel (1280 and 390 px)", async ({
  page,
  checks,
  teacher: _freshTeacher,
}) => {
  // Two widths, two browsers and the library twice: more than a minute on a loaded machine.
  test.slow();
  await page.setViewportSize(LAPTOP);
  await page.goto("/dashboard/exercises");
  const results = page.getByTestId("results");
  await expect(results.getByRole("listitem").first()).toBeVisible();

  // Keyboard: the skip link appears on focus and leads to the results.
  const skip = page.getByRole("link", { name: "Skip to results" });
  await tabTo(page, skip);
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#results-heading")).toBeFocused();

  // The first card's link, reached with Tab, draws a ring round the card.
  const firstCard = results.locator("a[data-result]").first();
  await tabTo(page, firstCard);
  const ring = await firstCard.evaluate((el) => getComputedStyle(el, "::after").boxShadow);
  expect(ring).not.toBe("none");
  await checks.scan("library, card focused");

  // Mouse: a level filter shows as a chip; one click on it removes the filter.
  const levels = page.locator("#library-filters").getByRole("group", { name: "Level" });
  await levels.getByRole("checkbox", { name: /^A2/ }).check();
  const chip = page.getByRole("link", { name: "Remove A2" });
  await expect(chip).toBeVisible();
  await expect(page).toHaveURL(/level=A2/);
  await chip.click();
  await expect(chip).toHaveCount(0);
  await expect(page).not.toHaveURL(/level=A2/);

  // Phone: the "Show filters" button counts the filters in force.
  await page.setViewportSize(PHONE);
  const showFilters = page.locator("label[for=library-filters-toggle]");
  await expect(showFilters).toHaveText("Show filters");
  await showFilters.click();
  await levels.getByRole("checkbox", { name: /^B1/ }).check();
  await expect(page).toHaveURL(/level=B1/);
  await expect(showFilters).toContainText("1");

  // The share panel of an exercise closes with Esc, focus back on its button.
  await page.setViewportSize(LAPTOP);
  await results.locator("a[data-result]").first().click();
  const share = page.getByRole("button", { name: "Share with class" });
  await share.click();
  await expect(share).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(share).toHaveAttribute("aria-expanded", "false");
  await expect(share).toBeFocused();
  // By keyboard.
  await page.keyboard.press("Enter");
  await expect(share).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(share).toHaveAttribute("aria-expanded", "false");
  await expect(share).toBeFocused();
});
