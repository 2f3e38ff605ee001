import { describe, expect, it } from "vitest";
import { currencyForCountry, formatPrice, minorUnits, PRICES, yearlySavingPercent } from "./prices";

describe("prices and currencies (spec §1, §9)", () => {
  it("lists the spec's prices", () => {
    expect(PRICES).toEqual({
      USD: { month: 13.7, year: 137 },
      EUR: { month: 13.7, year: 137 },
      PLN: { month: 47, year: 470 },
    });
    expect(minorUnits("EUR", "month")).toBe(1370);
    expect(minorUnits("PLN", "year")).toBe(47000);
  });

  it.each([
    ["PL", "PLN"],
    ["pl", "PLN"],
    ["DE", "EUR"],
    ["IS", "EUR"],
    ["SI", "EUR"],
    ["GR", "EUR"],
    ["CZ", "EUR"],
    ["GB", "USD"],
    ["US", "USD"],
    ["UA", "USD"],
    ["DK", "USD"],
    [null, "USD"],
    ["", "USD"],
  ])("%s pays in %s", (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it("says what the yearly plan saves", () => {
    expect(yearlySavingPercent("USD")).toBe(17);
    expect(yearlySavingPercent("PLN")).toBe(17);
  });

  it("formats prices in the reader's conventions", () => {
    expect(formatPrice(13.7, "USD", "en")).toBe("$13.70");
    expect(formatPrice(137, "EUR", "de")).toMatch(/^137\s€$/);
    expect(formatPrice(47, "PLN", "pl")).toMatch(/^47\szł$/);
  });
});
