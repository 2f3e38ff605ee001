import { describe, expect, it } from "vitest";
import {
  catalog,
  currencyForCountry,
  formatPrice,
  intervalOf,
  minorUnits,
  priceLookupKey,
  PRICES,
  yearlySavingPercent,
} from "./prices";

/** Spec §9, verbatim: these pay in EUR. */
const SPEC_EUR =
  "AT, BE, CY, CZ, DE, EE, ES, FI, FR, GR, HR, IE, IS, IT, LT, LU, LV, MT, NL, PT, SE, SK, SI".split(
    ", ",
  );

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

  it.each(SPEC_EUR)("every §9 euro country pays in EUR: %s", (country) => {
    expect(currencyForCountry(country)).toBe("EUR");
  });

  it("names one Stripe price per plan, interval and currency", () => {
    expect(priceLookupKey("premium", "year", "PLN")).toBe("parley_premium_year_pln");
    const items = catalog();
    expect(items).toHaveLength(9);
    expect(new Set(items.map((i) => i.lookupKey)).size).toBe(9);
    expect(items.find((i) => i.lookupKey === "parley_premium_month_eur")?.amount).toBe(1370);
    expect(items.find((i) => i.lookupKey === "parley_premium_year_usd")?.amount).toBe(13700);
    expect(items.find((i) => i.lookupKey === "parley_premium_month_pln")?.amount).toBe(4700);
    expect(items.filter((i) => i.product === "school").every((i) => i.interval === "year")).toBe(
      true,
    );
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

describe("plan interval", () => {
  it.each([
    ["month", "month"],
    ["year", "year"],
    [1, "month"],
    [12, "year"],
    [6, null],
    ["week", null],
    [null, null],
  ] as const)("%s → %s", (value, expected) => {
    expect(intervalOf(value)).toBe(expected);
  });
});
