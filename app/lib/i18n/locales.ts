/**
 * The 45 interface locales (spec §2.1, §9): English without a URL prefix, 43 languages
 * under their own prefix, and the dictionary pseudo-locale, which shows message keys
 * instead of text so translators and operators can see which key produces which string.
 */
export interface LocaleEntry {
  /** URL prefix and cookie value. */
  code: string;
  /** English name of the language. */
  language: string;
  /** BCP 47 tag used for <html lang>, hreflang and Intl. */
  iso: string;
  /** The language's own name for itself. */
  name: string;
  dir: "ltr" | "rtl";
  flag: string;
}

export const DEFAULT_LOCALE = "en";
export const DICTIONARY_LOCALE = "dict";

export const LOCALES: readonly LocaleEntry[] = [
  { code: "en", language: "English", iso: "en", name: "English", dir: "ltr", flag: "🇬🇧" },
  { code: "ar", language: "Arabic", iso: "ar", name: "العربية", dir: "rtl", flag: "🇸🇦" },
  { code: "bg", language: "Bulgarian", iso: "bg", name: "Български", dir: "ltr", flag: "🇧🇬" },
  { code: "bs", language: "Bosnian", iso: "bs", name: "Bosanski", dir: "ltr", flag: "🇧🇦" },
  { code: "cs", language: "Czech", iso: "cs", name: "Čeština", dir: "ltr", flag: "🇨🇿" },
  { code: "da", language: "Danish", iso: "da", name: "Dansk", dir: "ltr", flag: "🇩🇰" },
  { code: "de", language: "German", iso: "de", name: "Deutsch", dir: "ltr", flag: "🇩🇪" },
  { code: "el", language: "Greek", iso: "el", name: "Ελληνικά", dir: "ltr", flag: "🇬🇷" },
  { code: "es", language: "Spanish", iso: "es", name: "Español", dir: "ltr", flag: "🇪🇸" },
  { code: "et", language: "Estonian", iso: "et", name: "Eesti", dir: "ltr", flag: "🇪🇪" },
  { code: "fi", language: "Finnish", iso: "fi", name: "Suomi", dir: "ltr", flag: "🇫🇮" },
  { code: "fr", language: "French", iso: "fr", name: "Français", dir: "ltr", flag: "🇫🇷" },
  { code: "he", language: "Hebrew", iso: "he", name: "עברית", dir: "rtl", flag: "🇮🇱" },
  { code: "hi", language: "Hindi", iso: "hi", name: "हिन्दी", dir: "ltr", flag: "🇮🇳" },
  { code: "ta", language: "Tamil", iso: "ta", name: "தமிழ்", dir: "ltr", flag: "🇱🇰" },
  { code: "hr", language: "Croatian", iso: "hr", name: "Hrvatski", dir: "ltr", flag: "🇭🇷" },
  { code: "hu", language: "Hungarian", iso: "hu", name: "Magyar", dir: "ltr", flag: "🇭🇺" },
  {
    code: "id",
    language: "Indonesian",
    iso: "id",
    name: "Bahasa Indonesia",
    dir: "ltr",
    flag: "🇮🇩",
  },
  { code: "is", language: "Icelandic", iso: "is", name: "Íslenska", dir: "ltr", flag: "🇮🇸" },
  { code: "it", language: "Italian", iso: "it", name: "Italiano", dir: "ltr", flag: "🇮🇹" },
  { code: "ja", language: "Japanese", iso: "ja", name: "日本語", dir: "ltr", flag: "🇯🇵" },
  { code: "ko", language: "Korean", iso: "ko", name: "한국어", dir: "ltr", flag: "🇰🇷" },
  { code: "lt", language: "Lithuanian", iso: "lt", name: "Lietuvių", dir: "ltr", flag: "🇱🇹" },
  { code: "lv", language: "Latvian", iso: "lv", name: "Latviešu", dir: "ltr", flag: "🇱🇻" },
  { code: "mt", language: "Maltese", iso: "mt", name: "Malti", dir: "ltr", flag: "🇲🇹" },
  { code: "ms", language: "Malay", iso: "ms", name: "Bahasa Melayu", dir: "ltr", flag: "🇲🇾" },
  { code: "nl", language: "Dutch", iso: "nl", name: "Nederlands", dir: "ltr", flag: "🇳🇱" },
  { code: "no", language: "Norwegian", iso: "no", name: "Norsk", dir: "ltr", flag: "🇳🇴" },
  { code: "pl", language: "Polish", iso: "pl", name: "Polski", dir: "ltr", flag: "🇵🇱" },
  { code: "pt", language: "Portuguese", iso: "pt", name: "Português", dir: "ltr", flag: "🇵🇹" },
  {
    code: "pt-BR",
    language: "Brazilian Portuguese",
    iso: "pt-BR",
    name: "Português (Brasil)",
    dir: "ltr",
    flag: "🇧🇷",
  },
  { code: "ro", language: "Romanian", iso: "ro", name: "Română", dir: "ltr", flag: "🇷🇴" },
  { code: "ru", language: "Russian", iso: "ru", name: "Русский", dir: "ltr", flag: "🇷🇺" },
  { code: "sk", language: "Slovak", iso: "sk", name: "Slovenčina", dir: "ltr", flag: "🇸🇰" },
  { code: "sl", language: "Slovenian", iso: "sl", name: "Slovenščina", dir: "ltr", flag: "🇸🇮" },
  { code: "sr", language: "Serbian", iso: "sr", name: "Српски", dir: "ltr", flag: "🇷🇸" },
  { code: "sv", language: "Swedish", iso: "sv", name: "Svenska", dir: "ltr", flag: "🇸🇪" },
  { code: "sw", language: "Swahili", iso: "sw", name: "Kiswahili", dir: "ltr", flag: "🇰🇪" },
  { code: "th", language: "Thai", iso: "th", name: "ไทย", dir: "ltr", flag: "🇹🇭" },
  { code: "tr", language: "Turkish", iso: "tr", name: "Türkçe", dir: "ltr", flag: "🇹🇷" },
  { code: "uk", language: "Ukrainian", iso: "uk", name: "Українська", dir: "ltr", flag: "🇺🇦" },
  { code: "vi", language: "Vietnamese", iso: "vi", name: "Tiếng Việt", dir: "ltr", flag: "🇻🇳" },
  {
    code: "zh-TW",
    language: "Traditional Chinese",
    iso: "zh-TW",
    name: "繁體中文",
    dir: "ltr",
    flag: "🇹🇼",
  },
  {
    code: "zh-CN",
    language: "Simplified Chinese",
    iso: "zh-CN",
    name: "简体中文",
    dir: "ltr",
    flag: "🇨🇳",
  },
  {
    code: DICTIONARY_LOCALE,
    language: "Dictionary (message keys)",
    iso: "en",
    name: "Dictionary",
    dir: "ltr",
    flag: "📖",
  },
];

const BY_CODE = new Map(LOCALES.map((l) => [l.code.toLowerCase(), l]));

/** Every URL prefix: all locales but English. */
export const LOCALE_PREFIXES: readonly string[] = LOCALES.filter(
  (l) => l.code !== DEFAULT_LOCALE,
).map((l) => l.code);

/** Real languages, shown in the language switcher and in hreflang alternates. */
export const LANGUAGES: readonly LocaleEntry[] = LOCALES.filter(
  (l) => l.code !== DICTIONARY_LOCALE,
);

/** Returns the canonical code of a supported locale (case-insensitive), or null. */
export function normalizeLocale(code: string | null | undefined): string | null {
  if (!code) return null;
  return BY_CODE.get(code.trim().toLowerCase())?.code ?? null;
}

export function getLocale(code: string): LocaleEntry {
  return BY_CODE.get(code.toLowerCase()) ?? (BY_CODE.get(DEFAULT_LOCALE) as LocaleEntry);
}

/**
 * `lang` and `dir` for content written in one language shown inside a page in another (an
 * English FAQ answer on an Arabic page): the browser then lays it out, hyphenates and reads it
 * aloud as what it is (issue 13 item 20).
 */
export function contentLang(code: string): { lang: string; dir: "ltr" | "rtl" } {
  const entry = getLocale(code);
  return { lang: entry.iso, dir: entry.dir };
}

/** English content (exercises, materials) shown inside any page. */
export const ENGLISH = { lang: "en", dir: "ltr" } as const;
