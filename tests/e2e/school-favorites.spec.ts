import { expect, test } from "./fixtures";
import { schoolWithMember } from "./schools";

/**
 * Shared school favorites (issue 13 item 7): two teachers of one school, made through the UI
 * (an administrator creates the school, its owner invites a colleague, who accepts from the
 * mailed link). What one adds to the school's favorites, the other finds under School
 * favorites with the adder's name.
 */

const EXERCISE = "Lost Luggage at the Airport";

test("a teacher adds an exercise to the school favorites in the library; a colleague finds it under School favorites with who added it", async ({
  page,
  accounts,
  browse,
}) => {
  // Three browsers make the school through the UI first.
  test.slow();
  const ownerAccount = await accounts.teacher({
    firstName: "Anna",
    lastName: "Lindqvist",
    label: "sf-owner",
  });
  const member = await accounts.teacher({
    firstName: "Ben",
    lastName: "Okafor",
    label: "sf-member",
  });
  await accounts.signIn(page, member);
  const owner = await browse(ownerAccount);
  const school = await schoolWithMember(
    page,
    { admin: await browse(await accounts.admin()), owner, member },
    ownerAccount.email,
  );

  // Anna finds the exercise in the library and adds it to the school's favorites from its card.
  await owner.goto("/dashboard/exercises");
  await owner.getByRole("searchbox", { name: "Search the exercise library" }).fill("lost luggage");
  await owner.keyboard.press("Enter");
  const card = owner.getByTestId("results").locator("article", { hasText: EXERCISE });
  await card.getByRole("button", { name: `Add “${EXERCISE}” to school favorites` }).click();
  const added = card.getByRole("button", { name: `Remove “${EXERCISE}” from school favorites` });
  await expect(added).toHaveAttribute("aria-pressed", "true");
  // Saved, not only shown: still there after a reload.
  await owner.reload();
  await expect(
    owner.getByRole("button", { name: `Remove “${EXERCISE}” from school favorites` }),
  ).toBeVisible();

  // Ben opens his favorites: his own list is empty, the school's has Anna's pick.
  await page.goto("/dashboard");
  await page.getByTestId("topbar-favorites").click();
  await expect(page.getByRole("heading", { level: 1, name: "Favorites" })).toBeVisible();
  await expect(page.getByText("No favorites yet")).toBeVisible();
  await page.getByRole("link", { name: "School favorites" }).click();
  await expect(page.getByRole("link", { name: "School favorites" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(
    page.getByText(`Exercises the teachers of ${school} share, by level.`),
  ).toBeVisible();
  const list = page.getByTestId("school-favorites");
  await expect(list.getByRole("heading", { level: 2, name: "B1" })).toBeVisible();
  const item = list.getByRole("listitem").filter({ hasText: EXERCISE });
  await expect(item).toContainText("Added by Anna Lindqvist");
  // It opens from there.
  await item.getByRole("link", { name: EXERCISE }).click();
  await expect(page.getByRole("heading", { level: 1, name: EXERCISE })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove from school favorites" })).toBeVisible();
});

test("on a phone (390 px), a teacher without JavaScript adds an exercise from its page; a colleague sees it with the adder's name and removes it", async ({
  page,
  accounts,
  browse,
}) => {
  test.slow();
  const ownerAccount = await accounts.teacher({
    firstName: "Anna",
    lastName: "Lindqvist",
    label: "sf-owner",
  });
  const member = await accounts.teacher({
    firstName: "Ben",
    lastName: "Okafor",
    label: "sf-member",
  });
  await accounts.signIn(page, member);
  await schoolWithMember(
    page,
    { admin: await browse(await accounts.admin()), owner: await browse(ownerAccount), member },
    ownerAccount.email,
  );

  // Anna, on a phone whose browser runs no scripts: the forms alone do the work.
  const phone = await browse(ownerAccount, { javaScriptEnabled: false });
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto("/dashboard/exercises");
  await phone.getByRole("searchbox", { name: "Search the exercise library" }).fill("lost luggage");
  await phone.keyboard.press("Enter");
  await phone.getByTestId("results").getByRole("link", { name: EXERCISE }).click();
  await expect(phone.getByRole("heading", { level: 1, name: EXERCISE })).toBeVisible();
  await phone.getByRole("button", { name: "Add to school favorites" }).click();
  // Back on the same exercise, now in the school's favorites.
  await expect(phone.getByRole("heading", { level: 1, name: EXERCISE })).toBeVisible();
  await expect(phone.getByRole("button", { name: "Remove from school favorites" })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Ben, on his phone, finds it under School favorites and takes it off the list.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("#dashboard-menu").getByRole("link", { name: "Favorite Exercises" }).click();
  await page.getByRole("link", { name: "School favorites" }).click();
  const item = page.getByTestId("school-favorites").getByRole("listitem").filter({
    hasText: EXERCISE,
  });
  await expect(item).toContainText("Added by Anna Lindqvist");
  await expect(item.getByRole("button", { name: `Add “${EXERCISE}” to favorites` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await item.getByRole("button", { name: `Remove “${EXERCISE}” from school favorites` }).click();
  await expect(page.getByText("No school favorites yet")).toBeVisible();

  // Anna's page says so after a reload.
  await phone.reload();
  await expect(phone.getByRole("button", { name: "Add to school favorites" })).toBeVisible();
});
