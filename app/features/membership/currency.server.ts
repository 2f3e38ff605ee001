import { COUNTRY_HEADERS, countryFor } from "~/lib/geo.server";
import { getRequestInfo, type ContextReader } from "~/lib/context.server";
import { currencyForCountry, isCurrency, type Currency } from "./prices";

export interface PricingChoice {
  currency: Currency;
  /**
   * How it was chosen: the visitor's pick (`?currency=` or a form field), the country stored
   * on the account, a CDN's country header, or our own IP lookup.
   */
  source: "choice" | "account" | "cdn" | "ip";
  /** The CDN header the country came from (a shared cache must vary on it). */
  header?: string;
}

/**
 * The currency prices are shown and charged in (spec §9), decided on the request itself so
 * the first page a visitor sees already has it: the visitor's pick, else the account's
 * country, else the request's country (a CDN header, else the offline GeoIP database). The
 * landing, the membership page and the happy-week page all ask here.
 */
export function pricingCurrency(
  request: Request,
  context: ContextReader,
  accountCountry: string | null = null,
  picked: string | null = new URL(request.url).searchParams.get("currency"),
): PricingChoice {
  const asked = picked?.trim().toUpperCase();
  if (isCurrency(asked)) return { currency: asked, source: "choice" };
  if (accountCountry) return { currency: currencyForCountry(accountCountry), source: "account" };
  const { clientIp } = getRequestInfo(context);
  const header = COUNTRY_HEADERS.find((h) => request.headers.has(h));
  return {
    currency: currencyForCountry(countryFor(request.headers, clientIp)),
    ...(header ? { source: "cdn", header } : { source: "ip" }),
  };
}
