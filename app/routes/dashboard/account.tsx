import { useOutlet } from "react-router";
import type { Route } from "./+types/account";
import { accountPageData } from "~/features/account/account-page.server";
import { AccountPage } from "~/features/account/components/account-page";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { getLocale } from "~/lib/i18n/locales";
import { pageLocale } from "~/lib/i18n/page-locale.server";
import { passThroughHeaders } from "~/lib/route-headers";

/**
 * The account page. It has no action: each of its forms posts to its own child route
 * (account/profile, account/email… one form per route module, issue 20). With JavaScript a
 * form posts through a fetcher and its answer shows in place; without it the browser lands on
 * the child route, which renders this page (through the outlet) with the form's answer.
 */
export const handle = { dashboard: true, hideNotificationBanner: true };
export const headers = passThroughHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return accountPageData(getServices(context), user, getLocale(pageLocale(request, context)).iso);
}

export default function AccountRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <AccountPage loaded={loaderData} />;
}
