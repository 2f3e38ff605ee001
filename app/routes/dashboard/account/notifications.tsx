import { useOutletContext } from "react-router";
import type { Route } from "./+types/notifications";
import { accountFormInvalid, accountFormSaved } from "~/features/account/account-page.server";
import { NotificationPrefsSchema } from "~/features/account/schemas";
import { NOTIFICATION_KINDS, type NotificationKind } from "~/features/notifications/kinds";
import { setPreferences } from "~/features/notifications/notifications.server";
import type { AccountPageData } from "~/features/account/account-page.server";
import { AccountPage } from "~/features/account/components/account-page";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { passThroughHeaders } from "~/lib/route-headers";

/**
 * The notifications form of the account page: a checkbox per kind, checked = wanted.
 * One form per route module (issue 20): the account page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../account.tsx).
 */
export const headers = passThroughHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), NotificationPrefsSchema);
  if (!parsed.ok) return accountFormInvalid("notifications", parsed);
  const wanted = parsed.data as Record<NotificationKind, string | undefined>;
  await setPreferences(
    services,
    user.id,
    NOTIFICATION_KINDS.filter((kind) => wanted[kind] !== "on"),
  );
  return accountFormSaved("notifications");
}

export default function AccountNotifications({ actionData }: Route.ComponentProps) {
  return <AccountPage loaded={useOutletContext<AccountPageData>()} posted={actionData} />;
}
