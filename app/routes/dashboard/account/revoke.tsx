import { useOutletContext } from "react-router";
import type { Route } from "./+types/revoke";
import { accountFormInvalid } from "~/features/account/account-page.server";
import { revokeSession } from "~/features/account/account.server";
import { RevokeSessionSchema } from "~/features/account/schemas";
import type { AccountPageData } from "~/features/account/account-page.server";
import { AccountPage } from "~/features/account/components/account-page";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { passThroughHeaders } from "~/lib/route-headers";

/**
 * The "sign out" button of a device in the account page's list (the user's own sessions only).
 * One form per route module (issue 20): the account page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../account.tsx).
 */
export const headers = passThroughHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), RevokeSessionSchema);
  if (!parsed.ok) return accountFormInvalid("revoke", parsed);
  return revokeSession(services, request, user, parsed.data.sessionId);
}

export default function AccountRevoke({ actionData }: Route.ComponentProps) {
  return <AccountPage loaded={useOutletContext<AccountPageData>()} posted={actionData} />;
}
