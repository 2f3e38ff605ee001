/**
 * Plans, prices and currencies (spec §1 and §9). Pure: the landing page, the membership
 * page and Stripe's lookup keys all read these.
 */
import { numberFormat } from "~/lib/intl-cache";

export const CURRENCIES = ["USD", "EUR", "PLN"] as const;
export type Currency = (typeof CURRENCIES)[number];

const INTERVALS = ["month", "year"] as const;
export type Interval = (typeof INTERVALS)[number];

/** Plan interval in months (spec §3: MONTH 1, YEAR 12). */
export const INTERVAL_MONTHS: Record<Interval, 1 | 12> = { month: 1, year: 12 };

/** The interval a stored or Stripe-given value names ("month", 1 → "month"), or null. */
export function intervalOf(value: string | number | null | undefined): Interval | null {
  return INTERVALS.find((i) => i === value || INTERVAL_MONTHS[i] === value) ?? null;
}

/** Listed premium prices in major units (spec §1). The free plan costs 0 USD. */
export const PRICES: Record<Currency, Record<Interval, number>> = {
  USD: { month: 13.7, year: 137 },
  EUR: { month: 13.7, year: 137 },
  PLN: { month: 47, year: 470 },
};

/**
 * Schools pay per teacher seat, yearly only (not in the spec: set here as about a fifth
 * below the individual yearly price, which is what schools expect from a volume plan).
 */
export const SCHOOL_SEAT_PRICES: Record<Currency, number> = { USD: 110, EUR: 110, PLN: 380 };
export const MIN_SCHOOL_SEATS = 3;
export const MAX_SCHOOL_SEATS = 500;

export type Product = "premium" | "school";

/**
 * The Stripe Price lookup key of a product, interval and currency. The browser only ever
 * names a plan and an interval; amounts come from Stripe Prices found by these keys, which
 * `npm run stripe:seed` creates from the figures above.
 */
export function priceLookupKey(product: Product, interval: Interval, currency: Currency): string {
  return `parley_${product}_${interval}_${currency.toLowerCase()}`;
}

/** Every price Parley sells, as the seeding script creates them. */
export function catalog(): {
  product: Product;
  interval: Interval;
  currency: Currency;
  lookupKey: string;
  amount: number;
}[] {
  return CURRENCIES.flatMap((currency) => [
    ...INTERVALS.map((interval) => ({
      product: "premium" as const,
      interval,
      currency,
      lookupKey: priceLookupKey("premium", interval, currency),
      amount: Math.round(PRICES[currency][interval] * 100),
    })),
    {
      product: "school" as const,
      interval: "year" as const,
      currency,
      lookupKey: priceLookupKey("school", "year", currency),
      amount: Math.round(SCHOOL_SEAT_PRICES[currency] * 100),
    },
  ]);
}

/** Spec §9: euro countries pay in EUR, Poland in PLN, everyone else in USD. */
const EUR_COUNTRIES = new Set([
  "AT",
  "BE",
  "CY",
  "CZ",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IS",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PT",
  "SE",
  "SK",
  "SI",
]);

export function currencyForCountry(country: string | null | undefined): Currency {
  const code = country?.trim().toUpperCase() ?? "";
  if (code === "PL") return "PLN";
  if (EUR_COUNTRIES.has(code)) return "EUR";
  return "USD";
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** Amount in the smallest unit (cents, grosze), as Stripe wants it. */
export function minorUnits(currency: Currency, interval: Interval): number {
  return Math.round(PRICES[currency][interval] * 100);
}

/** What a year costs on the monthly plan against the yearly one, in whole percent. */
export function yearlySavingPercent(currency: Currency): number {
  const { month, year } = PRICES[currency];
  return Math.round((1 - year / (month * 12)) * 100);
}

/** A price for people: "$13.70", "13,70 €", "47 zł" — in the reader's own conventions. */
export function formatPrice(amount: number, currency: Currency, locale: string): string {
  const whole = Number.isInteger(amount);
  try {
    return numberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(whole ? 0 : 2)} ${currency}`;
  }
}
