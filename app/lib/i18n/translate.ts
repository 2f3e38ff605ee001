import type english from "../../../locales/en.json";
import { DICTIONARY_LOCALE, getLocale } from "./locales";
import { numberFormat, pluralRules } from "../intl-cache";

export type Messages = Readonly<Record<string, string>>;
export type TranslateValues = Record<string, string | number>;
type English = typeof english;
type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
/**
 * Every message key of locales/en.json, plural forms by their base key (`library.minutes`
 * for `library.minutes_one`, `library.minutes_other`): a key that is not there fails typecheck.
 */
export type MessageKey = keyof English extends infer K
  ? K extends `${infer Base}_${PluralSuffix}`
    ? Base
    : K & string
  : never;
export type Translate = (key: MessageKey, values?: TranslateValues) => string;

/**
 * A key put together from data — an exercise type, a lesson status, an HTTP status — which
 * TypeScript cannot check against locales/en.json. Named so that every such place is easy to
 * find; a key it builds that is missing shows as the key itself (never silently empty).
 */
export function dataKey(key: string): MessageKey {
  return key as MessageKey;
}

const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"] as const;

/**
 * Looks a key up in a flat message map. Plural forms follow CLDR through Intl.PluralRules,
 * stored i18next-style as `key_one`, `key_few`, `key_other`…; `{{name}}` interpolates.
 * A missing key returns the key itself, so a gap is visible rather than silent.
 */
export function createTranslator(locale: string, messages: Messages): Translate {
  if (locale === DICTIONARY_LOCALE) {
    return (key, values) =>
      values && Object.keys(values).length > 0 ? `${key} ${JSON.stringify(values)}` : key;
  }
  const rules = pluralRules(getLocale(locale).iso);
  return (key, values) => {
    let template: string | undefined;
    const count = values?.count;
    if (typeof count === "number") {
      template = messages[`${key}_${rules.select(count)}`] ?? messages[`${key}_other`];
    }
    template ??= messages[key];
    if (template === undefined) return key;
    if (!values) return template;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return typeof value === "number" ? numberFormat(getLocale(locale).iso).format(value) : value;
    });
  };
}

/** The plural categories a language uses (for the i18n report and tests). */
export function pluralCategories(locale: string): string[] {
  const categories = pluralRules(getLocale(locale).iso).resolvedOptions().pluralCategories;
  return PLURAL_SUFFIXES.filter((s) => categories.includes(s));
}
