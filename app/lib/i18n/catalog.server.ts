import { createHash } from "node:crypto";
import { DEFAULT_LOCALE, DICTIONARY_LOCALE, LOCALES } from "./locales";
import type { Messages } from "./translate";

/** Raw locale files, bundled at build time. */
const files = import.meta.glob<Messages>("/locales/*.json", { eager: true, import: "default" });

function rawMessages(code: string): Messages {
  return files[`/locales/${code}.json`] ?? {};
}

interface CatalogEntry {
  /** The locale's messages with English filling any gap. */
  messages: Messages;
  /** Serialised `messages`, as served to the browser. */
  json: string;
  /** Content hash of `json`; part of the cacheable URL. */
  hash: string;
}

export interface I18nCatalog {
  get(locale: string): CatalogEntry;
}

/** Builds every locale's merged messages once per process. */
export function createI18nCatalog(): I18nCatalog {
  const english = rawMessages(DEFAULT_LOCALE);
  const entries = new Map<string, CatalogEntry>();
  for (const { code } of LOCALES) {
    const own = code === DICTIONARY_LOCALE ? {} : rawMessages(code);
    const messages = code === DICTIONARY_LOCALE ? {} : { ...english, ...own };
    const json = JSON.stringify(messages);
    const hash = createHash("sha256").update(json).digest("base64url").slice(0, 12);
    entries.set(code, { messages, json, hash });
  }
  return {
    get(locale) {
      return entries.get(locale) ?? (entries.get(DEFAULT_LOCALE) as CatalogEntry);
    },
  };
}
