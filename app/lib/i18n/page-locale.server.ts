import { getUser } from "../auth/session.server";
import type { ContextReader } from "../context.server";
import { routeLocale } from "../routing/paths";
import { detectLocale, LOCALE_COOKIE, readCookie } from "./detect";
import { normalizeLocale } from "./locales";

/**
 * The language a page renders in (spec §4.6): a localized route's own language, otherwise
 * the cookie (or a signed-in user's chosen language), the browser's languages, English.
 */
export function pageLocale(request: Request, context: ContextReader): string {
  const user = getUser(context);
  const cookieLocale = readCookie(request.headers.get("cookie"), LOCALE_COOKIE);
  return detectLocale({
    cookie: normalizeLocale(cookieLocale) ?? user?.data.locale ?? null,
    acceptLanguage: request.headers.get("accept-language"),
    routeLocale: routeLocale(new URL(request.url).pathname),
  });
}
