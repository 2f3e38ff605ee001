/**
 * Intl formatters are costly to build (a CPU profile of /dashboard under load showed date
 * formatting at ~2 % of the server's time, nearly all of it constructing formatters) and
 * cheap to reuse: they are kept per language and options. The cache is bounded, since a time
 * zone can come from a request.
 */
const MAX_ENTRIES = 512;

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRulesByLocale = new Map<string, Intl.PluralRules>();

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(
    dateTimeFormats,
    `${locale}\u0000${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function numberFormat(
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return cached(
    numberFormats,
    `${locale}\u0000${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

export function pluralRules(locale: string): Intl.PluralRules {
  return cached(pluralRulesByLocale, locale, () => new Intl.PluralRules(locale));
}
