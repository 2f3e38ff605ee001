import type { DatabaseHandle } from "./db.server";
import { SETTINGS_CHANNEL } from "./flags.server";
import { MINUTE_MS } from "./time";
import { COUNTRY_HEADERS, countryFor } from "./geo.server";
import { LOCALE_COOKIE, preferredLocale, readCookie } from "./i18n/detect";
import { hasCookie, signedUpCookie } from "./routing/cookies";
import { splitLocalePrefix } from "./routing/paths";
import { ROUTE_RULES_CHANNEL } from "./routing/route-rules.server";

/** Channels whose notifications mean pages may have changed (content, library, rules, settings). */
const PAGE_CHANNELS = ["content_changed", "library_changed", ROUTE_RULES_CHANNEL, SETTINGS_CHANNEL];

/**
 * Rendered public pages, kept in this process for a minute so that repeated requests for
 * the landing page, the blog or the FAQ skip loaders and React rendering. Only anonymous
 * GETs of pages that said `Cache-Control: public` are stored, and only 200s without
 * Set-Cookie; the CSP nonce is swapped for the new request's on the way out. Any change to
 * content, the library, route rules or settings (NOTIFY from any instance) empties it.
 */

const PAGE_CACHE_TTL_MS = MINUTE_MS;
const MAX_ENTRIES = 400;
const MAX_BODY = 512 * 1024;

export interface CachedPage {
  body: string;
  /** The nonce the body was rendered with. */
  nonce: string;
  /** The body cut at each occurrence of the nonce (computed once, when stored). */
  parts?: string[];
  headers: [string, string][];
  /** performance.now() when stored (a monotonic clock: only its differences matter). */
  storedAt: number;
}

/** The request facts a key is made of (from Express or from a fetch Request alike). */
export interface KeyInput {
  method: string;
  url: URL;
  header(name: string): string | null;
  clientIp: string;
}

const SESSION_COOKIE_MARK = "session_token";
const NEVER_CACHED = /^\/(dashboard|admin|auth|api|class|c|r|builds|_i18n|assets|dev)(\/|$)/;

/** A cache key, or null when the request must reach the router. */
export function pageCacheKey(input: KeyInput): string | null {
  if (input.method !== "GET" && input.method !== "HEAD") return null;
  const cookie = input.header("cookie");
  if (cookie?.includes(SESSION_COOKIE_MARK)) return null;
  const { pathname, search } = input.url;
  if (pathname.endsWith(".data") || pathname.includes("/__manifest")) return null;
  const { rest } = splitLocalePrefix(pathname);
  if (NEVER_CACHED.test(rest) || NEVER_CACHED.test(pathname)) return null;
  // Search parameters other than these make a page uncacheable (and the key unbounded).
  for (const name of new URL(input.url).searchParams.keys())
    if (name !== "page" && name !== "currency") return null;
  const locale = preferredLocale({
    cookie: readCookie(cookie, LOCALE_COOKIE),
    acceptLanguage: input.header("accept-language"),
  });
  const signedUp = hasCookie(signedUpCookie, cookie) ? "1" : "0";
  // Only a home page shows prices, which follow the visitor's country.
  const home = rest === "/";
  const country = home
    ? (countryFor(
        new Headers(
          COUNTRY_HEADERS.flatMap((h) => {
            const v = input.header(h);
            return v ? [[h, v] as [string, string]] : [];
          }),
        ),
        input.clientIp,
      ) ?? "-")
    : "";
  return `${pathname}${search}|${locale}|${signedUp}|${country}`;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  hits = 0;
  misses = 0;
  private unlisten: (() => Promise<void>)[] = [];

  constructor(private readonly ttlMs = PAGE_CACHE_TTL_MS) {}

  async listen(database: DatabaseHandle): Promise<void> {
    for (const channel of PAGE_CHANNELS)
      this.unlisten.push(await database.listen(channel, () => this.clear()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.unlisten.map((u) => u()));
    this.unlisten = [];
    this.clear();
  }

  get(key: string, now = performance.now()): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return null;
    }
    if (now - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      this.misses++;
      return null;
    }
    this.hits++;
    return entry;
  }

  set(key: string, page: CachedPage): void {
    if (page.body.length > MAX_BODY) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, page);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The body with the new request's nonce in place of the one it was rendered with. */
export function withNonce(page: CachedPage, nonce: string): string {
  if (!page.nonce) return page.body;
  page.parts ??= page.body.split(page.nonce);
  return page.parts.join(nonce);
}

/**
 * Set by a page that varies by the visitor's country (prices) found from their IP: no shared
 * cache may keep it, but this cache may, because its key includes the country. Removed
 * before the response leaves.
 */
export const COUNTRY_VARIANT_HEADER = "x-parley-country-variant";

/** Whether a router response may be stored: a public, cookie-free, complete HTML page. */
export function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    ((response.headers.get("cache-control") ?? "").includes("public") ||
      response.headers.has(COUNTRY_VARIANT_HEADER)) &&
    !response.headers.has("set-cookie")
  );
}

const caches = new WeakMap<object, PageCache>();

/** One cache per set of services (per process, or per test app), emptied by NOTIFY. */
export function pageCacheFor(services: { database: DatabaseHandle }): PageCache {
  let cache = caches.get(services);
  if (!cache) {
    const created = new PageCache();
    caches.set(services, created);
    created.listen(services.database).catch(() => created.clear());
    cache = created;
  }
  return cache;
}
