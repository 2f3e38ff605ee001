/**
 * Cache-Control for public pages: browsers revalidate every time, a CDN may serve a copy
 * for 10 minutes and keep serving a stale one for a day while it refetches in the
 * background. Signed-in responses are never cached (the root middleware marks them
 * private), and neither is anything that sets a cookie.
 */
const PUBLIC_S_MAXAGE_S = 600;
const PUBLIC_STALE_S = 86_400;

export function publicCacheControl(): string {
  return `public, max-age=0, s-maxage=${PUBLIC_S_MAXAGE_S}, stale-while-revalidate=${PUBLIC_STALE_S}`;
}
