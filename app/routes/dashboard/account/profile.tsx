import { useOutletContext } from "react-router";
import type { Route } from "./+types/profile";
import { accountFormInvalid, accountFormSaved } from "~/features/account/account-page.server";
import { updateProfile } from "~/features/account/account.server";
import { ProfileSchema } from "~/features/account/schemas";
import type { AccountPageData } from "~/features/account/account-page.server";
import { AccountPage } from "~/features/account/components/account-page";
import { replaceSessionUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { passThroughHeaders } from "~/lib/route-headers";

/**
 * The profile form of the account page: first and last name, and the avatar picture.
 * One form per route module (issue 20): the account page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../account.tsx).
 */
export const headers = passThroughHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), ProfileSchema);
  if (!parsed.ok) return accountFormInvalid("profile", parsed);
  await updateProfile(services, user, parsed.data);
  const { firstName, lastName, avatar } = parsed.data;
  // The page this answer renders already shows the new name and picture in the top bar.
  replaceSessionUser(context, { ...user, firstName, lastName, data: { ...user.data, avatar } });
  return accountFormSaved("profile");
}

export default function AccountProfile({ actionData }: Route.ComponentProps) {
  return <AccountPage loaded={useOutletContext<AccountPageData>()} posted={actionData} />;
}
