import { redirect } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/locale";
import { updateUserData } from "~/features/account/account.server";
import { getUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { apiError, readForm, requireMethod } from "~/lib/http.server";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from "~/lib/i18n/detect";
import { normalizeLocale } from "~/lib/i18n/locales";
import { safeRedirectTarget } from "~/lib/routing/redirect";
import { localizePath } from "~/lib/routing/paths";

export function loader({ request }: Route.LoaderArgs) {
  requireMethod(request, "POST");
  return null;
}

const LocaleForm = z.object({ locale: z.string().max(10), path: z.string().max(2000).optional() });

/**
 * Changing language (spec §4.6): store the choice for 365 days (and on the account of a
 * signed-in user), then go to the same page in that language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const form = LocaleForm.safeParse(Object.fromEntries(await readForm(request)));
  const locale = form.success ? normalizeLocale(form.data.locale) : null;
  if (!form.success || !locale) apiError(400, "Unsupported language.");
  const user = getUser(context);
  if (user) await updateUserData(getServices(context).db, user.id, { locale });
  const target = new URL(safeRedirectTarget(form.data.path, "/"), "http://parley.invalid");
  return redirect(`${localizePath(target.pathname, locale)}${target.search}`, {
    headers: {
      "Set-Cookie": `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`,
    },
  });
}
