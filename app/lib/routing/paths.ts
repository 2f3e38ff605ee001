import { DEFAULT_LOCALE, LOCALE_PREFIXES, normalizeLocale } from "../i18n/locales";

/**
 * Paths of spec §2.1 that exist in every language: without a prefix in English and under
 * each locale prefix. Patterns use React Router syntax.
 */
const LOCALIZED_PATTERNS = [
  "/",
  "/faq",
  "/blog",
  "/blog/:slug",
  "/redirect",
  "/newsletter/:file",
  "/dashboard/exercises/:id",
  "/sitemap.xml",
  "/:slug",
] as const;

/** Localized routes whose content exists only in English and Polish (spec §2.3). */
const ENGLISH_POLISH_ONLY = ["/blog", "/faq"] as const;
const BLOG_FAQ_LOCALE = "pl";

/** First segments owned by non-localized routes; `/{slug}` never matches them. */
const NON_LOCALIZED_ROOTS = new Set([
  "dashboard",
  "admin",
  "auth",
  "newsletter",
  "legal",
  "class",
  "c",
  "r",
  "builds",
  "api",
  "_i18n",
]);

const PREFIXES_LOWER = new Map(LOCALE_PREFIXES.map((p) => [p.toLowerCase(), p]));

export interface SplitPath {
  /** Locale named by the prefix, or null when the path has none. */
  prefix: string | null;
  /** The path without its prefix, always starting with "/". */
  rest: string;
}

export function splitLocalePrefix(pathname: string): SplitPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  const prefix = first ? PREFIXES_LOWER.get(first.toLowerCase()) : undefined;
  if (!prefix) return { prefix: null, rest: pathname || "/" };
  return { prefix, rest: match?.[2] || "/" };
}

function matchesPattern(pattern: string, path: string): boolean {
  const p = pattern.split("/").filter(Boolean);
  const s = path.split("/").filter(Boolean);
  if (p.length !== s.length) return false;
  return p.every(
    (segment, i) => segment.startsWith(":") || segment.toLowerCase() === s[i]?.toLowerCase(),
  );
}

/** True when an unprefixed path is one of the localized routes of §2.1. */
export function isLocalizedRoute(rest: string): boolean {
  const normalized = rest.length > 1 ? rest.replace(/\/+$/, "") : rest;
  const first = normalized.split("/")[1] ?? "";
  return LOCALIZED_PATTERNS.some((pattern) => {
    if (pattern === "/:slug" && NON_LOCALIZED_ROOTS.has(first.toLowerCase())) return false;
    return matchesPattern(pattern, normalized);
  });
}

/** A landing variant (/{slug}): any single-segment localized path without a route of its own. */
function isLandingVariant(rest: string): boolean {
  const normalized = rest.length > 1 ? rest.replace(/\/+$/, "") : rest;
  const segments = normalized.split("/").filter(Boolean);
  if (segments.length !== 1) return false;
  const first = segments[0]?.toLowerCase() ?? "";
  return (
    !["faq", "blog", "redirect", "sitemap.xml"].includes(first) && isLocalizedRoute(normalized)
  );
}

/**
 * The languages a localized page's content is written in, or null when it exists in every
 * language. Blog, FAQ and landing variants are written in English and Polish (spec §2.3);
 * newsletter issues in English only.
 */
export function contentLanguages(rest: string): readonly string[] | null {
  if (ENGLISH_POLISH_ONLY.some((base) => rest === base || rest.startsWith(`${base}/`)))
    return [DEFAULT_LOCALE, BLOG_FAQ_LOCALE];
  if (isLandingVariant(rest)) return [DEFAULT_LOCALE, BLOG_FAQ_LOCALE];
  if (rest.startsWith("/newsletter/")) return [DEFAULT_LOCALE];
  return null;
}

/** The locale a URL names: its prefix on a localized route, English on an unprefixed one, else null. */
export function routeLocale(pathname: string): string | null {
  const { prefix, rest } = splitLocalePrefix(pathname);
  if (!isLocalizedRoute(rest)) return null;
  return prefix ?? DEFAULT_LOCALE;
}

/**
 * The address of the same page in another language. Non-localized pages keep their path;
 * blog and FAQ exist only in English and Polish.
 */
export function localizePath(pathname: string, locale: string): string {
  const code = normalizeLocale(locale) ?? DEFAULT_LOCALE;
  const { prefix, rest } = splitLocalePrefix(pathname);
  if (!isLocalizedRoute(rest)) return prefix ? pathname : rest;
  if (code === DEFAULT_LOCALE) return rest;
  const languages = contentLanguages(rest);
  if (languages && !languages.includes(code)) return rest;
  return rest === "/" ? `/${code}` : `/${code}${rest}`;
}
