/**
 * Spec §2.3: /redirect?to=<encoded URL> leaves the app only for the product's own hosted
 * backend. The value is parsed as an absolute URL and its origin compared with the
 * configured one; anything else (relative, protocol-relative, other schemes, look-alike
 * hosts, credentials, control characters or backslashes) sends the visitor home instead.
 */
export function externalRedirectTarget(
  to: string | null | undefined,
  backendOrigin: string,
): string | null {
  if (!to || to.length > 4096) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(to) || /^\s|\s$/.test(to)) return null;
  let url: URL;
  let allowed: URL;
  try {
    url = new URL(to);
    allowed = new URL(backendOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  if (url.origin !== allowed.origin) return null;
  return url.href;
}
