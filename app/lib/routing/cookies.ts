import { createCookie, type Cookie } from "react-router";
import { readCookie } from "../i18n/detect";
import { DAY_S } from "../time";

/**
 * Every cookie Parley sets on the server, declared once with its attributes through React
 * Router's `createCookie` (issue 20: one source per fact). Not here: better-auth's session
 * cookies (better-auth sets them), and the locale cookie, which the page's own script also
 * writes before hydration (`app/lib/i18n/detect.ts`).
 */

/** Marker that this browser has signed up before (spec §4.2): one year. */
export const signedUpCookie = createCookie("parley_signed_up", {
  path: "/",
  sameSite: "lax",
  maxAge: 365 * DAY_S,
});

/** When the Feature Lab was last opened (spec §4.5): kept "with a very long expiry". */
export const featureLabCookie = createCookie("parley_lab_opened", {
  path: "/",
  sameSite: "lax",
  maxAge: 400 * DAY_S,
});

/** Where a Google sign-in continues after Google's answer: ten minutes, server only. */
export const oauthTargetCookie = createCookie("parley_oauth_target", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 600,
});

/**
 * A cookie's value, as `createCookie` wrote it or as Parley wrote it before (the plain value,
 * until 2026-11): browsers keep the cookies they have. Null when there is none.
 */
export async function cookieValue(cookie: Cookie, header: string | null): Promise<string | null> {
  const parsed: unknown = await cookie.parse(header);
  if (typeof parsed === "string" || typeof parsed === "number") return String(parsed);
  return readCookie(header, cookie.name);
}

/**
 * Whether a cookie is there at all, without decoding it: for the page cache's key, which is
 * worked out synchronously before the page is rendered.
 */
export function hasCookie(cookie: Cookie, header: string | null | undefined): boolean {
  return readCookie(header, cookie.name) !== null;
}

/** The Set-Cookie value that removes a cookie. */
export function clearCookie(cookie: Cookie): Promise<string> {
  return cookie.serialize("", { maxAge: 0 });
}
