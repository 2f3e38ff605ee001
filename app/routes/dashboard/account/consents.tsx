import { useOutletContext } from "react-router";
import type { Route } from "./+types/consents";
import { accountFormInvalid, accountFormSaved } from "~/features/account/account-page.server";
import { updateConsents } from "~/features/account/account.server";
import { ConsentsSchema } from "~/features/account/schemas";
import type { AccountPageData } from "~/features/account/account-page.server";
import { AccountPage } from "~/features/account/components/account-page";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { passThroughHeaders } from "~/lib/route-headers";

/**
 * The newsletters form of the account page: the two consents (app news, marketing).
 * One form per route module (issue 20): the account page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../account.tsx).
 */
export const headers = passThroughHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), ConsentsSchema);
  if (!parsed.ok) return accountFormInvalid("consents", parsed);
  const asked = await updateConsents(services, user, {
    marketing: parsed.data.marketing === "on",
    app: parsed.data.app === "on",
  });
  // A consent just ticked waits for the mailed link (double opt-in); the answer says so.
  if (asked.length) return accountFormSaved("consents", undefined, "account.consentsConfirmSent");
  return accountFormSaved("consents");
}

export default function AccountConsents({ actionData }: Route.ComponentProps) {
  return <AccountPage loaded={useOutletContext<AccountPageData>()} posted={actionData} />;
}
