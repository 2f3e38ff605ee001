import { createRequire } from "node:module";

/** CDN headers that carry the visitor's country, in order of trust. */
export const COUNTRY_HEADERS = [
  "cf-ipcountry",
  "cloudfront-viewer-country",
  "x-vercel-ip-country",
] as const;

type GeoLookup = { lookup(ip: string): { country?: string } | null };
let geoip: GeoLookup | null = null;

function offlineLookup(ip: string): string | null {
  // The offline database (about 8 MB) loads on first use only.
  geoip ??= createRequire(import.meta.url)("geoip-country") as GeoLookup;
  try {
    return geoip.lookup(ip)?.country ?? null;
  } catch {
    return null;
  }
}

/** The visitor's country: from a CDN header when present, otherwise the offline GeoIP database. */
export function countryFor(headers: Headers, ip: string): string | null {
  for (const name of COUNTRY_HEADERS) {
    const value = headers.get(name)?.trim().toUpperCase();
    // XX and T1 are Cloudflare's "unknown" and "Tor".
    if (value && /^[A-Z]{2}$/.test(value) && value !== "XX" && value !== "T1") return value;
  }
  return offlineLookup(ip);
}
