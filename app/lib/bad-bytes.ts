/**
 * Input no route should ever see: a NUL (PostgreSQL cannot store it in text and refuses the
 * query), other control characters in an address, and percent-encoded bytes that are not
 * UTF-8. Checked once for every request (the address) and for every parsed body, so a route
 * never has to.
 */

const utf8 = new TextDecoder("utf-8", { fatal: true });

// eslint-disable-next-line no-control-regex
const PATH_CONTROL = /[\u0000-\u001f\u007f]/;
// A query may carry text typed in a multi-line field; tab, CR and LF are allowed there.
// eslint-disable-next-line no-control-regex
const QUERY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Decodes the well-formed %XX sequences of a URL component; null when they are not UTF-8
 * (invalid bytes, truncated or overlong sequences, encoded surrogates). A lone "%" is kept
 * as it is, as browsers would.
 */
function percentDecode(component: string): string | null {
  if (!component.includes("%")) return component;
  let out = "";
  let index = 0;
  const run = /(?:%[0-9a-fA-F]{2})+/g;
  for (const match of component.matchAll(run)) {
    out += component.slice(index, match.index);
    const bytes = Uint8Array.from(match[0].slice(1).split("%"), (hex) => parseInt(hex, 16));
    try {
      out += utf8.decode(bytes);
    } catch {
      return null;
    }
    index = match.index + match[0].length;
  }
  return out + component.slice(index);
}

/**
 * Why a request target is unacceptable ("nul", "control", "encoding"), or null when it is
 * fine. `target` is the path and query as received (percent-encoded), or a full URL.
 */
export function badBytesInUrl(target: string): "nul" | "control" | "encoding" | null {
  let url: URL;
  try {
    url = new URL(target, "http://parley.invalid");
  } catch {
    return "encoding";
  }
  const path = percentDecode(url.pathname);
  const query = percentDecode(url.search.replace(/\+/g, " "));
  if (path === null || query === null) return "encoding";
  if (path.includes("\u0000") || query.includes("\u0000")) return "nul";
  if (PATH_CONTROL.test(path) || QUERY_CONTROL.test(query)) return "control";
  return null;
}

/** True when a parsed body (form fields, JSON) holds a NUL in any key or string value. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes("\u0000") || containsNul(item, depth + 1),
  );
}
