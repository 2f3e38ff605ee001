import { BLOG_FAQ_LOCALE, splitLocalePrefix } from "./paths";

/**
 * Spec §2.3: blog and FAQ content exists in English and Polish only, so any other language
 * prefix before /blog or /faq redirects to the unprefixed (English) address. Returns that
 * address, or null when the path may stay.
 */
export function englishPolishOnlyRedirect(pathname: string): string | null {
  const { prefix, rest } = splitLocalePrefix(pathname);
  if (!prefix || prefix === BLOG_FAQ_LOCALE) return null;
  return rest;
}
