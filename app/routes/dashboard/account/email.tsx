import { useOutletContext } from "react-router";
import type { Route } from "./+types/email";
import { accountFormInvalid } from "~/features/account/account-page.server";
import { requestEmailChange } from "~/features/account/account.server";
import { EmailChangeSchema } from "~/features/account/schemas";
import type { AccountPageData } from "~/features/account/account-page.server";
import { AccountPage } from "~/features/account/components/account-page";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { passThroughHeaders } from "~/lib/route-headers";

/**
 * The e-mail change form of the account page: asks for the password, then mails a link
 * to the new address.
 * One form per route module (issue 20): the account page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../account.tsx).
 */
export const headers = passThroughHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), EmailChangeSchema);
  if (!parsed.ok) return accountFormInvalid("email", parsed);
  return requestEmailChange(services, request, user, parsed.data);
}

export default function AccountEmail({ actionData }: Route.ComponentProps) {
  return <AccountPage loaded={useOutletContext<AccountPageData>()} posted={actionData} />;
}
