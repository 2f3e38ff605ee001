import { describe, expect, it } from "vitest";
import { createTranslator, dataKey, pluralCategories } from "./translate";

describe("translations", () => {
  const en = createTranslator("en", {
    "x.days_one": "{{count}} day",
    "x.days_other": "{{count}} days",
    hi: "Hello {{name}}",
  });
  const pl = createTranslator("pl", {
    "x.days_one": "{{count}} dzień",
    "x.days_few": "{{count}} dni",
    "x.days_many": "{{count}} dni",
    "x.days_other": "{{count}} dnia",
  });

  it("picks CLDR plural forms", () => {
    expect(en(dataKey("x.days"), { count: 1 })).toBe("1 day");
    expect(en(dataKey("x.days"), { count: 5 })).toBe("5 days");
    expect(pl(dataKey("x.days"), { count: 1 })).toBe("1 dzień");
    expect(pl(dataKey("x.days"), { count: 3 })).toBe("3 dni");
    expect(pl(dataKey("x.days"), { count: 22 })).toBe("22 dni");
    expect(pl(dataKey("x.days"), { count: 5 })).toBe("5 dni");
    expect(pluralCategories("pl")).toEqual(["one", "few", "many", "other"]);
    expect(pluralCategories("ar")).toEqual(["zero", "one", "two", "few", "many", "other"]);
  });

  it("accepts only keys of locales/en.json, plural forms by their base key", () => {
    const t = createTranslator("en", { "library.minutes_other": "{{count}} min" });
    expect(t("library.minutes", { count: 5 })).toBe("5 min");
    // @ts-expect-error — not a key of locales/en.json: typecheck fails if `t` accepts it.
    expect(t("library.no-such-key")).toBe("library.no-such-key");
  });

  it("interpolates and shows a missing key as itself", () => {
    expect(en(dataKey("hi"), { name: "Ola" })).toBe("Hello Ola");
    expect(en(dataKey("missing.key"))).toBe("missing.key");
  });

  it("shows keys in the dictionary locale", () => {
    expect(createTranslator("dict", {})("nav.dashboard")).toBe("nav.dashboard");
  });
});
