import { describe, expect, it } from "vitest";
import { englishPolishOnlyRedirect } from "./prefix-rule";
import { isLocalizedRoute, localizePath, routeLocale, splitLocalePrefix } from "./paths";

describe("localized paths", () => {
  it.each([
    ["/pl/faq", "pl", "/faq"],
    ["/pt-BR/blog/x", "pt-BR", "/blog/x"],
    ["/PL/faq", "pl", "/faq"],
    ["/faq", null, "/faq"],
    ["/pl", "pl", "/"],
    ["/plx/faq", null, "/plx/faq"],
  ])("%s splits into %s + %s", (path, prefix, rest) => {
    expect(splitLocalePrefix(path)).toEqual({ prefix, rest });
  });

  it.each([
    ["/", true],
    ["/schools", true],
    ["/faq", true],
    ["/blog/how-to", true],
    ["/dashboard/exercises/12", true],
    ["/newsletter/2026-08", true],
    ["/sitemap.xml", true],
    ["/dashboard", false],
    ["/dashboard/lessons", false],
    ["/auth/sign-in", false],
    ["/admin", false],
    ["/legal/terms", false],
  ])("%s localized: %s", (path, expected) => {
    expect(isLocalizedRoute(path)).toBe(expected);
  });

  it.each([
    ["/", "pl", "/pl"],
    ["/pl", "en", "/"],
    ["/de/schools", "fr", "/schools"],
    ["/schools", "pl", "/pl/schools"],
    ["/faq", "pl", "/pl/faq"],
    ["/faq", "de", "/faq"],
    ["/pl/blog/x", "de", "/blog/x"],
    ["/dashboard/exercises/5", "ar", "/ar/dashboard/exercises/5"],
    ["/dashboard/lessons", "pl", "/dashboard/lessons"],
  ])("%s in %s is %s", (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });

  it("names the language of a URL", () => {
    expect(routeLocale("/he/faq")).toBe("he");
    expect(routeLocale("/faq")).toBe("en");
    expect(routeLocale("/dashboard")).toBeNull();
  });
});

describe("blog and FAQ exist in English and Polish only (spec §2.3)", () => {
  it.each([
    ["/de/blog", "/blog"],
    ["/fr/faq", "/faq"],
    ["/es/blog/speaking-tips", "/blog/speaking-tips"],
    ["/pt-BR/faq", "/faq"],
    ["/pl/blog", null],
    ["/blog", null],
    // Landing variants are written in English and Polish too; newsletters in English.
    ["/de/schools", "/schools"],
    ["/pl/schools", null],
    ["/de", null],
    ["/de/dashboard/exercises/5", null],
    ["/pl/newsletter/2026-11-feedback", "/newsletter/2026-11-feedback"],
    ["/ar/sitemap.xml", null],
  ])("%s → %s", (path, expected) => {
    expect(englishPolishOnlyRedirect(path)).toBe(expected);
  });
});
