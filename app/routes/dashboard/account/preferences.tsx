import { useOutletContext } from "react-router";
import type { Route } from "./+types/preferences";
import { accountFormInvalid, accountFormSaved } from "~/features/account/account-page.server";
import { updatePreferences } from "~/features/account/account.server";
import { PreferencesSchema } from "~/features/account/schemas";
import type { AccountPageData } from "~/features/account/account-page.server";
import { AccountPage } from "~/features/account/components/account-page";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { passThroughHeaders } from "~/lib/route-headers";

/**
 * The preferences form of the account page: language (also its cookie) and country.
 * One form per route module (issue 20): the account page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../account.tsx).
 */
export const headers = passThroughHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), PreferencesSchema);
  if (!parsed.ok) return accountFormInvalid("preferences", parsed);
  const cookie = await updatePreferences(services, user, {
    locale: parsed.data.locale,
    countryCode: parsed.data.countryCode || null,
  });
  return accountFormSaved(
    "preferences",
    cookie ? { headers: { "Set-Cookie": cookie } } : undefined,
  );
}

export default function AccountPreferences({ actionData }: Route.ComponentProps) {
  return <AccountPage loaded={useOutletContext<AccountPageData>()} posted={actionData} />;
}
