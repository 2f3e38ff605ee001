import { DEFAULT_LOCALE } from "./locales";
import type { Messages } from "./translate";
import { DAY_MS } from "~/lib/time";

/** Translations are kept in localStorage for 24 hours (spec §9). */
const TRANSLATION_CACHE_MS = DAY_MS;

export interface I18nBootstrap {
  locale: string;
  hash: string;
  fallbackHash: string;
}

export function messagesUrl(hash: string, locale: string): string {
  return `/_i18n/${encodeURIComponent(hash)}/${encodeURIComponent(locale)}/messages.json`;
}

interface CachedMessages {
  hash: string;
  savedAt: number;
  messages: Messages;
}

function readCache(locale: string, hash: string): Messages | null {
  try {
    const raw = window.localStorage.getItem(`parley:i18n:${locale}`);
    if (!raw) return null;
    const cached = JSON.parse(raw) as CachedMessages;
    if (cached.hash !== hash || Date.now() - cached.savedAt > TRANSLATION_CACHE_MS) return null;
    return cached.messages;
  } catch {
    return null;
  }
}

function writeCache(locale: string, hash: string, messages: Messages) {
  try {
    const entry: CachedMessages = { hash, savedAt: Date.now(), messages };
    window.localStorage.setItem(`parley:i18n:${locale}`, JSON.stringify(entry));
  } catch {
    // Storage full or disabled: the HTTP cache still serves the file.
  }
}

async function fetchMessages(locale: string, hash: string): Promise<Messages> {
  const cached = readCache(locale, hash);
  if (cached) return cached;
  const response = await fetch(messagesUrl(hash, locale), { credentials: "same-origin" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const messages = (await response.json()) as Messages;
  writeCache(locale, hash, messages);
  return messages;
}

/**
 * Loads a locale's messages; on failure logs the spec's two messages (§8) and falls back
 * to English. Resolves with the locale actually loaded.
 */
export async function loadMessages(
  boot: I18nBootstrap,
): Promise<{ locale: string; messages: Messages }> {
  try {
    return { locale: boot.locale, messages: await fetchMessages(boot.locale, boot.hash) };
  } catch (error) {
    console.log(`Failed loading locale (${boot.locale})`, error);
    console.warn("Failed to load messages for locale", boot.locale);
    if (boot.locale === DEFAULT_LOCALE) return { locale: DEFAULT_LOCALE, messages: {} };
    try {
      return {
        locale: DEFAULT_LOCALE,
        messages: await fetchMessages(DEFAULT_LOCALE, boot.fallbackHash),
      };
    } catch {
      return { locale: DEFAULT_LOCALE, messages: {} };
    }
  }
}
