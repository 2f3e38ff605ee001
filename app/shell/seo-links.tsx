import { useLocation } from "react-router";
import { isDashboardPath } from "~/lib/routing/guards";
import {
  contentLanguages,
  localizePath,
  routeLocale,
  splitLocalePrefix,
} from "~/lib/routing/paths";
import { LANGUAGES } from "~/lib/i18n/locales";

/**
 * The canonical address of a public page and, on localized pages, its alternates in every
 * language (hreflang) plus x-default. Pages in English and Polish only list those two.
 */
export function SeoLinks({ origin }: { origin: string }) {
  const { pathname } = useLocation();
  if (isDashboardPath(pathname) || pathname.startsWith("/admin") || pathname.startsWith("/auth"))
    return null;
  const canonical = <link rel="canonical" href={`${origin}${pathname}`} />;
  if (routeLocale(pathname) === null) return canonical;
  const { rest } = splitLocalePrefix(pathname);
  const only = contentLanguages(rest);
  const languages = only ? LANGUAGES.filter((l) => only.includes(l.code)) : LANGUAGES;
  return (
    <>
      {canonical}
      {languages.map((l) => (
        <link
          key={l.code}
          rel="alternate"
          hrefLang={l.iso}
          href={`${origin}${localizePath(rest, l.code)}`}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${localizePath(rest, "en")}`} />
    </>
  );
}
