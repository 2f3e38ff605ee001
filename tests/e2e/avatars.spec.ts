import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The top bar's avatar: the picture inside the avatar menu's button. */
const topBarAvatar = (page: Page) =>
  page.getByTestId("avatar-menu-trigger").filter({ visible: true }).locator("img");

const radio = (picker: Locator, n: number) =>
  picker.getByRole("radio", { name: `Avatar ${n}`, exact: true });

/** The picture a person clicks for "Avatar n" in the account page's picker. */
const pictureFor = (picker: Locator, n: number) =>
  picker.locator("label").filter({
    has: picker.page().getByRole("radio", { name: `Avatar ${n}`, exact: true }),
  });

/** The picture has loaded (a broken one would show the initials instead). */
async function expectLoaded(img: Locator) {
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

for (const width of [1280, 390]) {
  test(`a teacher picks a picture on the account page and sees it in the top bar (${width} px)`, async ({
    page,
    teacher: _freshTeacher,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard");
    // A new teacher has picture 1.
    await expect(topBarAvatar(page)).toHaveAttribute("src", /\/1\.png$/);
    await expectLoaded(topBarAvatar(page));

    await page.getByTestId("avatar-menu-trigger").filter({ visible: true }).click();
    await page.getByRole("menuitem", { name: "Your Account" }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);

    const picker = page.getByRole("group", { name: "Avatar" });
    await expect(picker.getByRole("radio")).toHaveCount(12);
    await expect(radio(picker, 1)).toBeChecked();
    for (const img of await picker.locator("img").all()) await expectLoaded(img);
    // The pictures wrap inside the page: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    await pictureFor(picker, 7).click();
    await expect(radio(picker, 7)).toBeChecked();
    // The keyboard moves through the pictures, with a visible focus ring on the one chosen.
    await page.keyboard.press("ArrowRight");
    const eight = radio(picker, 8);
    await expect(eight).toBeChecked();
    await expect(eight).toBeFocused();
    expect(
      await pictureFor(picker, 8).evaluate((label) => getComputedStyle(label).outlineStyle),
    ).not.toBe("none");
    await page.keyboard.press("ArrowLeft");
    await expect(radio(picker, 7)).toBeChecked();

    await page
      .getByRole("region", { name: "Profile" })
      .getByRole("button", { name: "Save changes" })
      .click();
    await expect(page.getByRole("region", { name: "Profile" }).getByText("Saved.")).toBeVisible();
    await expect(topBarAvatar(page)).toHaveAttribute("src", /\/7\.png$/);
    await expectLoaded(topBarAvatar(page));

    await page.reload();
    await expect(radio(picker, 7)).toBeChecked();
    await expect(topBarAvatar(page)).toHaveAttribute("src", /\/7\.png$/);
  });
}

test("the avatar picker works without JavaScript (a plain form post)", async ({
  teacher,
  browse,
}) => {
  const page = await browse(teacher, { javaScriptEnabled: false });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/dashboard/account");
  const picker = page.getByRole("group", { name: "Avatar" });
  await pictureFor(picker, 4).click();
  await expect(radio(picker, 4)).toBeChecked();
  await page
    .getByRole("region", { name: "Profile" })
    .getByRole("button", { name: "Save changes" })
    .click();
  await expect(page.getByRole("region", { name: "Profile" }).getByText("Saved.")).toBeVisible();
  await expect(topBarAvatar(page)).toHaveAttribute("src", /\/4\.png$/);
  await expect(radio(picker, 4)).toBeChecked();
});
