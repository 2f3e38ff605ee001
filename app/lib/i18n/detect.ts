import { DAY_S } from "../time";
import { DEFAULT_LOCALE, DICTIONARY_LOCALE, normalizeLocale } from "./locales";

export const LOCALE_COOKIE = "parley_locale";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * DAY_S;

/** Browser tags that name one of our locales in another way. */
const ALIASES: Record<string, string> = {
  nb: "no",
  nn: "no",
  "zh-hant": "zh-TW",
  "zh-hk": "zh-TW",
  "zh-mo": "zh-TW",
  "zh-hans": "zh-CN",
  "zh-sg": "zh-CN",
  zh: "zh-CN",
  "pt-pt": "pt",
  iw: "he",
  in: "id",
};

function matchTag(tag: string): string | null {
  const lower = tag.trim().toLowerCase();
  if (!lower || lower === "*") return null;
  const parts = lower.split("-");
  const candidates: string[] = [];
  for (let i = parts.length; i > 0; i--) candidates.push(parts.slice(0, i).join("-"));
  // zh-Hant-TW → zh-hant-tw, zh-hant, zh
  for (const candidate of candidates) {
    const direct = normalizeLocale(candidate);
    if (direct && direct !== DICTIONARY_LOCALE) return direct;
    const alias = ALIASES[candidate];
    if (alias) return alias;
  }
  return null;
}

/** Parses an Accept-Language header into supported locales, best first. */
export function localesFromAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranked = header
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const result: string[] = [];
  for (const { tag } of ranked) {
    const code = matchTag(tag);
    if (code && !result.includes(code)) result.push(code);
  }
  return result;
}

export interface DetectInput {
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
  /** Locale named by the URL prefix of a localized route, if any. */
  routeLocale: string | null;
}

/**
 * Spec §4.6: cookie, then browser languages, then the fallback, then the route. A localized
 * URL names its own language (that is what the prefix means, and what search engines index),
 * so a route locale, when there is one, decides; elsewhere the first of the others wins.
 * Unsupported codes are ignored at every step.
 */
export function detectLocale(input: DetectInput): string {
  if (input.routeLocale) return input.routeLocale;
  return preferredLocale(input);
}

/** The visitor's own preference, ignoring the URL: cookie, browser languages, fallback. */
export function preferredLocale(input: Pick<DetectInput, "cookie" | "acceptLanguage">): string {
  const fromCookie = normalizeLocale(input.cookie);
  if (fromCookie) return fromCookie;
  const fromBrowser = localesFromAcceptLanguage(input.acceptLanguage)[0];
  return fromBrowser ?? DEFAULT_LOCALE;
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}
