import { expect, test } from "./fixtures";

// (The FAQ exists in English and Polish only, so /ar/faq leads to the English /faq.)
test("Arabic and Hebrew pages are right-to-left; others left-to-right", async ({ page }) => {
  for (const [path, lang, dir] of [
    ["/", "en", "ltr"],
    ["/ar", "ar", "rtl"],
    ["/he", "he", "rtl"],
    ["/ar/faq", "en", "ltr"],
    ["/pl", "pl", "ltr"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.locator("html")).toHaveAttribute("dir", dir);
  }
});

test("a new deployed version makes the next navigation a full page load", async ({
  page,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  await page.evaluate(
    () => ((window as unknown as { __marker: string }).__marker = "still the same page"),
  );
  await page
    .getByTestId("top-bar")
    .getByRole("link", { name: "Materials", exact: true })
    .filter({ visible: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/materials/);
  expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe(
    "still the same page",
  );

  await page.route("**/builds/latest.json*", (route) =>
    route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } }),
  );
  // Listen before the check starts: the stubbed answer can arrive at once.
  const checked = page.waitForResponse((r) => r.url().includes("/builds/latest.json"));
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await checked;
  await page
    .getByTestId("top-bar")
    .getByRole("link", { name: "Exercises", exact: true })
    .filter({ visible: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/exercises/);
  await page.waitForLoadState("load");
  expect(
    await page.evaluate(() => (window as unknown as { __marker?: string }).__marker),
  ).toBeUndefined();
});

test("changing the language goes to the same page in that language", async ({ page }) => {
  await page.goto("/faq");
  await page.getByLabel("Language").selectOption("pl");
  // Choosing alone changes nothing (WCAG 3.2.2); the button does.
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "Change" }).click();
  await expect(page).toHaveURL(/\/pl\/faq$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await page.getByLabel("Język").selectOption("de");
  await page.getByRole("button", { name: "Zmień" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("route rules redirect client navigations too, keeping the hash", async ({ page }) => {
  await page.goto("/help#billing");
  await expect(page).toHaveURL(/\/faq#billing$/);
});

test("a route whose code fails to load is reached by a full page load of that route", async ({
  page,
  checks,
  teacher: _freshTeacher,
}) => {
  await page.goto("/dashboard");
  // Routes join the client's manifest as links to them appear (lazy route discovery).
  const moduleOf = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __reactRouterManifest: { routes: Record<string, { module: string } | undefined> };
          }
        ).__reactRouterManifest.routes.students?.module ?? "",
    );
  await expect.poll(moduleOf).not.toBe("");
  const module = await moduleOf();
  // The first request for the Students page's code fails, as during a deploy that removed it.
  let refused = 0;
  await page.route(`**${module}`, (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.abort("failed");
  });
  checks.allowConsoleErrors(
    "Error loading route module",
    "Failed to fetch dynamically imported module",
    "net::ERR_FAILED",
  );
  await page.getByRole("main").getByRole("link", { name: "Students", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/students$/);
  await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
  expect(refused).toBe(1);
});
