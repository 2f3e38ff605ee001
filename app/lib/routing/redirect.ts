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

const SAME_SITE = "https://parley.invalid";
/** Longer targets are not something the app links to; they only hide tricks. */
const MAX_TARGET_LENGTH = 2000;
/** How many layers of percent-encoding are looked through (`%252f` is `/` after two). */
const MAX_DECODE_LAYERS = 4;
/**
 * Characters that never belong in a target: C0/C1 controls (browsers drop tab and newlines,
 * so `/\t/evil` becomes `//evil`), backslashes (browsers read them as slashes) and slashes
 * from other scripts that some clients fold into `/`.
 */
const UNSAFE_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\\\u2044\u2215\u29f5\u29f8\u29f9\ufe68\uff0f\uff3c]/;

/** The value and each layer of percent-decoding under it, until it stops changing. */
function decodedLayers(value: string): string[] {
  const layers = [value];
  let current = value;
  for (let i = 0; i < MAX_DECODE_LAYERS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // A lone `%` (as in `?q=100%25` once decoded) ends the look-through, not the target.
      break;
    }
    if (next === current) break;
    layers.push(next);
    current = next;
  }
  return layers;
}

/** The path a browser would request for `form` on this site, or null when it would leave it. */
function sameSitePath(form: string): string | null {
  if (!form.startsWith("/") || form.startsWith("//") || UNSAFE_CHARACTERS.test(form)) return null;
  let url: URL;
  try {
    url = new URL(form, `${SAME_SITE}/`);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments collapse: `/.//evil` and `/a/..//evil` normalise to `//evil`, which a
  // browser reads as another host.
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  return path;
}

/**
 * The one check for where `redirectTo` (after sign-in, `/auth/confirm`, the OAuth return,
 * the language switch) may send a visitor: a path on this site, normalised, or `fallback`.
 * Every percent-decoded layer of the value must stay on this site too, so encoded and mixed
 * forms (`/%2F%2Fevil`, `/%5Cevil`, `/%09/evil`, `/%252e%252e//evil`) are refused as well.
 */
export function safeRedirectTarget(
  value: string | null | undefined,
  fallback = "/dashboard",
): string {
  if (typeof value !== "string" || !value || value.length > MAX_TARGET_LENGTH) return fallback;
  const [raw, ...decoded] = decodedLayers(value);
  const target = sameSitePath(raw ?? "");
  if (target === null) return fallback;
  if (decoded.some((layer) => sameSitePath(layer) === null)) return fallback;
  return target;
}
