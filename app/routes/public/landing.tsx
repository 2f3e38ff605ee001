import { data, redirect } from "react-router";
import type { Route } from "./+types/landing";
import { faqExcerpt, landingVariant } from "~/features/content/pages";
import { serverQueries } from "~/features/content/viewer.server";
import { Home, type HomeData } from "~/features/landing/home";
import { landingFacts, landingSamples } from "~/features/landing/landing.server";
import { pricingCurrency } from "~/features/membership/currency.server";
import { Variant, type VariantData } from "~/features/landing/variant";
import { getServices } from "~/lib/context.server";
import { LOCALE_COOKIE, preferredLocale, readCookie } from "~/lib/i18n/detect";
import { DEFAULT_LOCALE } from "~/lib/i18n/locales";
import { COUNTRY_VARIANT_HEADER } from "~/lib/page-cache.server";
import { publicCacheControl } from "~/lib/routing/cache-policy";
import { localizePath, splitLocalePrefix } from "~/lib/routing/paths";
import { englishPolishOnlyRedirect } from "~/lib/routing/prefix-rule";

/**
 * The landing pages: "/" (English home), "/{x}" (a language's home when x is a language
 * prefix, otherwise an English landing variant) and "/{lang}/{slug}" (a variant in a
 * language). The root path may redirect by configuration (ROOT_REDIRECT), and a first visit
 * to the English root goes to the visitor's own language when it is another (spec §4.6).
 */
/** Landing pages are plain HTML: they work without JavaScript and ship none (see docs). */
export const handle = { hydrate: false };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = getServices(context);
  const url = new URL(request.url);
  const { prefix, rest } = splitLocalePrefix(url.pathname);
  const locale = prefix ?? DEFAULT_LOCALE;
  const q = serverQueries(context);

  if (rest !== "/") {
    const moved = englishPolishOnlyRedirect(url.pathname);
    if (moved) throw redirect(`${moved}${url.search}`, 301);
    const slug = params.slug ?? params.page ?? "";
    const variant: VariantData = {
      kind: "variant",
      ...(await landingVariant(q, locale, slug, url.pathname)),
    };
    return data(variant, { headers: { "Cache-Control": publicCacheControl() } });
  }

  let vary = "Cookie";
  if (!prefix) {
    if (env.ROOT_REDIRECT && env.ROOT_REDIRECT !== "/")
      throw redirect(`${env.ROOT_REDIRECT}${url.search}`);
    const preferred = preferredLocale({
      cookie: readCookie(request.headers.get("cookie"), LOCALE_COOKIE),
      acceptLanguage: request.headers.get("accept-language"),
    });
    if (preferred !== DEFAULT_LOCALE)
      throw redirect(`${localizePath("/", preferred)}${url.search}`);
    vary = "Accept-Language, Cookie";
  }
  const pricing = pricingCurrency(request, context);
  const [facts, samples, faq] = await Promise.all([
    landingFacts(context),
    landingSamples(context),
    faqExcerpt(q, locale),
  ]);
  const home: HomeData = {
    kind: "home",
    counts: facts.counts,
    rating: facts.rating,
    samples,
    currency: pricing.currency,
    faq,
  };
  // Prices follow the visitor's country: a shared cache may keep the page only when the
  // country came from the CDN itself (its header is in Vary) or from the URL.
  const cacheable = pricing.source !== "ip";
  return data(home, {
    headers: {
      Vary: pricing.header ? `${vary}, ${pricing.header}` : vary,
      "Cache-Control": cacheable ? publicCacheControl() : "private, max-age=0",
      ...(cacheable ? {} : { [COUNTRY_VARIANT_HEADER]: "1" }),
    },
  });
}

export { passThroughHeaders as headers } from "~/lib/route-headers";

export default function Landing({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "home" ? <Home data={loaderData} /> : <Variant data={loaderData} />;
}
