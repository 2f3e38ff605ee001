import { describe, expect, it } from "vitest";
import { detectLocale, localesFromAcceptLanguage, preferredLocale, readCookie } from "./detect";
import { LANGUAGES, LOCALE_PREFIXES, LOCALES, normalizeLocale } from "./locales";

describe("locales (spec §9)", () => {
  it("has 45 locales: English, 43 languages and the dictionary; Arabic and Hebrew right-to-left", () => {
    expect(LOCALES).toHaveLength(45);
    expect(LOCALE_PREFIXES).toHaveLength(44);
    expect(LANGUAGES).toHaveLength(44);
    expect(LOCALES.filter((l) => l.dir === "rtl").map((l) => l.code)).toEqual(["ar", "he"]);
    for (const l of LOCALES)
      expect(Object.keys(l).sort()).toEqual(["code", "dir", "flag", "iso", "language", "name"]);
  });

  it("accepts supported codes in any case and nothing else", () => {
    expect(normalizeLocale("PT-br")).toBe("pt-BR");
    expect(normalizeLocale("zh-cn")).toBe("zh-CN");
    expect(normalizeLocale("xx")).toBeNull();
    expect(normalizeLocale("")).toBeNull();
  });
});

describe("Accept-Language", () => {
  it.each([
    ["pl-PL,pl;q=0.9,en;q=0.8", ["pl", "en"]],
    ["en-US,en;q=0.5,de;q=0.9", ["en", "de"]],
    ["en;q=0.5,de;q=0.9", ["de", "en"]],
    ["pt-BR", ["pt-BR"]],
    ["pt-PT,pt", ["pt"]],
    ["zh-Hant-TW", ["zh-TW"]],
    ["zh-HK", ["zh-TW"]],
    ["zh", ["zh-CN"]],
    ["nb-NO", ["no"]],
    ["xx-YY, klingon;q=0.9, *", []],
    ["fr;q=0", []],
    ["", []],
  ])("%s → %o", (header, expected) => {
    expect(localesFromAcceptLanguage(header)).toEqual(expected);
  });
});

describe("detection order (spec §4.6): cookie, browser, fallback — and a localized URL's own language", () => {
  it.each([
    ["cookie first", { cookie: "de", acceptLanguage: "pl", routeLocale: null }, "de"],
    ["unsupported cookie ignored", { cookie: "xx", acceptLanguage: "pl", routeLocale: null }, "pl"],
    ["browser next", { cookie: null, acceptLanguage: "fr-FR,fr", routeLocale: null }, "fr"],
    ["fallback English", { cookie: null, acceptLanguage: "xx", routeLocale: null }, "en"],
    [
      "a prefixed page names its language",
      { cookie: "de", acceptLanguage: "pl", routeLocale: "ar" },
      "ar",
    ],
  ])("%s", (_label, input, expected) => {
    expect(detectLocale(input)).toBe(expected);
  });

  it("ignores the route for the visitor's preference", () => {
    expect(preferredLocale({ cookie: null, acceptLanguage: "he" })).toBe("he");
  });

  it("reads cookies", () => {
    expect(readCookie("a=1; parley_locale=pl; b=2", "parley_locale")).toBe("pl");
    expect(readCookie("parley_locale=%E0%A4%A", "parley_locale")).toBeNull();
    expect(readCookie(null, "x")).toBeNull();
  });
});
