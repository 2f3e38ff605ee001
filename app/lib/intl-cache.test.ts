import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat, pluralRules } from "./intl-cache";

describe("intl-cache", () => {
  it("reuses a formatter for the same language and options", () => {
    expect(dateTimeFormat("pl", { dateStyle: "medium" })).toBe(
      dateTimeFormat("pl", { dateStyle: "medium" }),
    );
    expect(numberFormat("de")).toBe(numberFormat("de"));
    expect(pluralRules("ar")).toBe(pluralRules("ar"));
  });

  it("keeps languages, options and time zones apart", () => {
    const day = new Date("2027-03-05T23:30:00Z");
    expect(dateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(day)).toBe(
      "5 Mar 2027",
    );
    expect(
      dateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/Warsaw" }).format(day),
    ).toBe("6 Mar 2027");
    expect(numberFormat("de").format(1234.5)).toBe("1.234,5");
    expect(numberFormat("en").format(1234.5)).toBe("1,234.5");
  });
});
