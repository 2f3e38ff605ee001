import type { HeadersFunction } from "react-router";

/**
 * Route modules export this as `headers` so that what a loader or action sets (Retry-After
 * on a 429 or a 503, Set-Cookie, Vary, Cache-Control) reaches the document response, on top
 * of what the parent routes set.
 */
export const passThroughHeaders: HeadersFunction = ({
  parentHeaders,
  actionHeaders,
  loaderHeaders,
  errorHeaders,
}) => {
  const merged = new Headers();
  for (const source of [parentHeaders, loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, key) => {
      if (key.toLowerCase() === "set-cookie") merged.append(key, value);
      else merged.set(key, value);
    });
  }
  return merged;
};
