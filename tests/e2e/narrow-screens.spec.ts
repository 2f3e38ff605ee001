import type { Page } from "@playwright/test";
import { LOCALE_COOKIE } from "~/lib/i18n/detect";
import { LANGUAGES } from "~/lib/i18n/locales";
import { localizePath, routeLocale } from "~/lib/routing/paths";
import { expect, test } from "./fixtures";

/**
 * Issue 13 item 17: nothing is wider than a 360 px screen in any of the 44 languages (long
 * German compounds, Tamil, Finnish…), on the public pages, the dashboard and the exercise
 * presenter. The sweep runs in a second browser without JavaScript: layout is the server's
 * HTML and the CSS (the same with scripts, and four times faster over 176 pages); other tests
 * walk these pages with scripts, console watch and accessibility scans.
 */
const PHONE = { width: 360, height: 740 };

/** What sticks out past the screen's edges, for the failure message. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .slice(0, 3)
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()}> ${Math.round(el.getBoundingClientRect().right)}px "${(el.textContent ?? "").trim().slice(0, 30)}"`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
}

/**
 * Visits each page in each language: a localized page at its language's address, the others
 * with the language cookie a visitor gets from the language menu.
 */
async function sweep(page: Page, baseURL: string, paths: string[]) {
  const problems: string[] = [];
  for (const { code, iso } of LANGUAGES) {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: code, url: baseURL }]);
    for (const path of paths) {
      const target = localizePath(path, code);
      const response = await page.goto(target);
      expect(response?.status(), target).toBe(200);
      // Blog and FAQ exist in English and Polish only; every other page is in the language.
      if ((routeLocale(target) ?? code) === code)
        await expect(page.locator("html")).toHaveAttribute("lang", iso);
      const found = await overflow(page);
      if (found.scrollWidth > found.width)
        problems.push(`${target} (${code}): ${found.scrollWidth}px — ${found.wide.join(" | ")}`);
    }
  }
  return problems;
}

test("public pages fit a 360 px phone in every language", async ({ browse, baseURL }) => {
  test.setTimeout(300_000);
  const page = await browse(undefined, { javaScriptEnabled: false });
  await page.setViewportSize(PHONE);
  expect(await sweep(page, baseURL, ["/", "/auth/sign-up"])).toEqual([]);
});

test("the dashboard and the exercise presenter fit a 360 px phone in every language", async ({
  browse,
  accounts,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const page = await browse(await accounts.teacher(), { javaScriptEnabled: false });
  await page.setViewportSize(PHONE);
  expect(
    await sweep(page, baseURL, ["/dashboard", "/dashboard/exercises/lost-luggage-at-the-airport"]),
  ).toEqual([]);
});
