import { DICTIONARY_LOCALE, getLocale } from "./locales";

export type Messages = Readonly<Record<string, string>>;
export type TranslateValues = Record<string, string | number>;
export type Translate = (key: string, values?: TranslateValues) => string;

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
  const rules = new Intl.PluralRules(getLocale(locale).iso);
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
      return typeof value === "number"
        ? new Intl.NumberFormat(getLocale(locale).iso).format(value)
        : value;
    });
  };
}

/** The plural categories a language uses (for the i18n report and tests). */
export function pluralCategories(locale: string): string[] {
  const categories = new Intl.PluralRules(getLocale(locale).iso).resolvedOptions().pluralCategories;
  return PLURAL_SUFFIXES.filter((s) => categories.includes(s));
}
