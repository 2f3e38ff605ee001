import type { Route } from "./+types/robots";
import { getServices } from "~/lib/context.server";
import { DEFAULT_LOCALE, LANGUAGES } from "~/lib/i18n/locales";
import { publicCacheControl } from "~/lib/routing/cache-policy";

/** Crawlers: the public site is open, the app and its APIs are not; every sitemap is listed. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = getServices(context).env.appOrigin;
  // The dictionary pseudo-locale (message keys for translators) is not for search engines.
  const prefixes = LANGUAGES.filter((l) => l.code !== DEFAULT_LOCALE).map((l) => l.code);
  const sitemaps = ["", ...prefixes.map((p) => `/${p}`)].map(
    (prefix) => `Sitemap: ${origin}${prefix}/sitemap.xml`,
  );
  const text = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /auth/",
    "Disallow: /class/",
    "Disallow: /c/",
    "Disallow: /r/",
    "Disallow: /redirect",
    ...prefixes.flatMap((p) => [`Disallow: /${p}/dashboard`, `Disallow: /${p}/redirect`]),
    "",
    ...sitemaps,
    "",
  ].join("\n");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": publicCacheControl(),
    },
  });
}
