import { contentLanguages, splitLocalePrefix } from "./paths";

/**
 * Spec §2.3: blog and FAQ content exists in English and Polish only, so any other language
 * prefix before /blog or /faq redirects to the unprefixed (English) address. Landing
 * variants follow the same rule, and newsletter issues (English only) drop every prefix.
 * Returns that address, or null when the path may stay.
 */
export function englishPolishOnlyRedirect(pathname: string): string | null {
  const { prefix, rest } = splitLocalePrefix(pathname);
  if (!prefix) return null;
  const languages = contentLanguages(rest);
  if (!languages || languages.includes(prefix)) return null;
  return rest;
}
