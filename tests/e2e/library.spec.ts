import { expect, test } from "./fixtures";

test("finds a B1 role-play about travel for about 15 minutes in three interactions, then presents it by keyboard", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  // 1: type what you want; 2: press Enter; 3: open the result.
  await page
    .getByRole("searchbox", { name: "Search the exercise library" })
    .fill("B1 role-play about travel for 15 minutes");
  await page.keyboard.press("Enter");
  const first = page.getByTestId("results").getByRole("link").first();
  await expect(first).toHaveText("Lost Luggage at the Airport");
  await first.click();

  await expect(
    page.getByRole("heading", { level: 1, name: "Lost Luggage at the Airport" }),
  ).toBeVisible();
  const slide = page.getByTestId("slide");
  await expect(slide).toContainText("Key vocabulary");
  await page.keyboard.press("ArrowRight");
  await expect(slide).toContainText("The situation");
  await page.keyboard.press("PageDown");
  await expect(slide).toContainText("Card A");
  await page.keyboard.press("ArrowRight");
  await expect(slide).toContainText("Card B");
  await page.keyboard.press("PageUp");
  await expect(slide).toContainText("Card A");
  await page.keyboard.press("End");
  await expect(slide).toContainText("Useful language");

  await page.keyboard.press("t");
  await expect(page.getByTestId("timer")).not.toHaveText("15:00", { timeout: 3000 });
  await page.keyboard.press("n");
  await expect(page.getByRole("complementary", { name: "Teacher notes" })).toBeVisible();
  await page.getByRole("button", { name: "All at once" }).click();
  await expect(page.getByTestId("all-slides").locator(":scope > li")).toHaveCount(5);
});

test("a free teacher sees premium exercises locked, with a way to Go Premium", async ({
  page,
  accounts,
}) => {
  await accounts.signIn(page, await accounts.teacher({ trial: false }));
  await page.goto("/dashboard/exercises?q=debate&level=C2");
  const locked = page.getByTestId("results").locator("article", { hasText: "Premium" }).first();
  await locked.getByRole("link").click();
  await expect(page.getByTestId("locked-exercise")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Premium" })).toHaveAttribute(
    "href",
    "/dashboard/membership",
  );
});

test("a star saves a favorite at once and keeps it", async ({ page, teacher: _freshTeacher }) => {
  await page.goto("/dashboard/exercises?q=lost+luggage");
  const star = page.getByRole("button", { name: "Add “Lost Luggage at the Airport” to favorites" });
  // The star turns at once; a teacher who leaves before the server answered would leave the
  // save behind them, so the test follows the page only once it has been kept.
  const saved = page.waitForResponse(
    (r) => r.url().includes("/api/favorites") && r.request().method() === "POST",
  );
  await star.click();
  expect((await saved).ok()).toBe(true);
  await expect(
    page.getByRole("button", { name: "Remove “Lost Luggage at the Airport” from favorites" }),
  ).toHaveAttribute("aria-pressed", "true");
  await page.goto("/dashboard/favorites");
  await expect(page.getByRole("heading", { name: "Lost Luggage at the Airport" })).toBeVisible();
  // Unstarring is kept too.
  await page
    .getByRole("button", { name: "Remove “Lost Luggage at the Airport” from favorites" })
    .click();
  await expect(
    page.getByRole("button", { name: "Add “Lost Luggage at the Airport” to favorites" }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Lost Luggage at the Airport" })).toHaveCount(0);
});

test("in Japanese, a Find someone who card keeps its English prompt whole, under a translated label", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  await page.getByTestId("avatar-menu-trigger").click();
  await page.getByRole("menuitem", { name: "Your Account" }).click();
  await page.getByLabel("Interface language").selectOption("ja");
  await page
    .locator("form")
    .filter({ has: page.getByLabel("Interface language") })
    .getByRole("button", { name: "Save changes" })
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  // The page itself switches language, not only its address bar and <html lang>.
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Your account");

  // Back to the dashboard by the logo, and search from there.
  await page.getByTestId("top-bar").getByRole("link", { name: "Parley" }).first().click();
  await page.getByRole("searchbox").first().fill("Find Someone Who Can Juggle");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/exercises\?/);
  await page
    .getByTestId("results")
    .getByRole("link", { name: "Find Someone Who Can Juggle" })
    .click();
  await expect(page).toHaveURL(/\/ja\/dashboard\/exercises\/find-someone-who-can-juggle$/);
  const slide = page.getByTestId("slide");
  // Past the vocabulary to the first prompt card.
  for (let i = 0; i < 5 && !(await slide.getByText("こんな人を探そう…").isVisible()); i++)
    await page.keyboard.press("ArrowRight");
  await expect(slide.getByText("こんな人を探そう…")).toBeVisible();
  const prompt = slide.locator("p[lang=en]").filter({ hasText: "can swim 1 kilometre" });
  await expect(prompt).toHaveText("Find someone who can swim 1 kilometre");
  await expect(slide).not.toContainText("こんな人を探そう： can");
});

test("a teacher presents a picture story and sees its pictures, on a laptop and on a phone", async ({
  page,
  teacher: _freshTeacher,
}) => {
  // Issue 17 item 1: every story card shows its scene's pictures, loaded, described and within
  // the screen; the teacher notes show the pictures they ask the teacher to show.
  const loaded = (images: ReturnType<typeof page.getByRole>) =>
    images.evaluateAll((all) =>
      all.every((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
    );
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/dashboard/exercises/the-dog-and-the-birthday-cake");
    const slide = page.getByTestId("slide");
    await expect(slide).toContainText("Key vocabulary");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(slide).toContainText("It is Lily's birthday.");
    const pictures = slide.getByTestId("story-pictures").getByRole("img");
    await expect(pictures).toHaveCount(2);
    await expect(pictures.first()).toHaveAttribute(
      "alt",
      "a big chocolate birthday cake with candles",
    );
    await expect(pictures.last()).toHaveAttribute("alt", "Lily, the birthday girl");
    await expect.poll(() => loaded(pictures)).toBe(true);
    for (const box of await pictures.evaluateAll((all) =>
      all.map((img) => img.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(viewport.width);
      expect(box.width).toBeGreaterThan(viewport.width > 500 ? 150 : 110);
      expect(box.width).toBeLessThanOrEqual(200);
    }
    // The next card has three, side by side on a laptop.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(slide.getByTestId("story-pictures").getByRole("img")).toHaveCount(3);
    await expect
      .poll(() => loaded(slide.getByTestId("story-pictures").getByRole("img")))
      .toBe(true);

    await page.getByRole("button", { name: "Show teacher notes" }).click();
    const notes = page.getByRole("complementary", { name: "Teacher notes" });
    await expect(notes.getByRole("heading", { name: "Pictures to show" })).toBeVisible();
    const shown = notes.getByTestId("show-pictures").getByRole("img");
    await expect(shown).toHaveCount(2);
    await expect(shown.first()).toHaveAttribute("alt", "a birthday cake with candles");
    await notes.scrollIntoViewIfNeeded();
    await shown.first().scrollIntoViewIfNeeded();
    await expect.poll(() => loaded(shown)).toBe(true);
    // Every card at once: each prompt with its smaller pictures beside it.
    await page.getByRole("button", { name: "All at once" }).click();
    await expect(
      page.getByTestId("all-slides").getByTestId("story-pictures").first().getByRole("img"),
    ).toHaveCount(2);
  }
});
