import { loadUserOrganization } from "~/features/account/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { ContextReader } from "~/lib/context.server";
import type { Services } from "~/lib/services.server";
import { completeCheckout } from "./billing.server";
import { pricingCurrency } from "./currency.server";
import { loadMembership, withFreshData } from "./membership.server";
import { describeInvite, schoolRoster } from "~/features/schools/index.server";

/**
 * The return from Stripe Checkout (`?checkout=success&session_id=cs_…` or
 * `?checkout=canceled`): a success is shown only once the session is confirmed paid, which
 * also records it (the webhook may not have arrived yet).
 */
async function checkoutReturn(
  services: Services,
  user: SessionUser,
  query: URLSearchParams,
): Promise<"success" | "canceled" | null> {
  if (query.get("checkout") === "canceled") return "canceled";
  const sessionId = query.get("session_id");
  if (query.get("checkout") !== "success" || !sessionId || !/^cs_\w{4,200}$/.test(sessionId))
    return null;
  try {
    const membership = await loadUserOrganization(services.db, user.id);
    if (await completeCheckout(services, user, sessionId, membership?.organization.id ?? null))
      return "success";
  } catch (error) {
    // Unconfirmed is not paid: the page shows the plan as it is; the webhook completes it.
    services.log.warn({ err: error }, "checkout return could not be confirmed");
  }
  return null;
}

/**
 * What /dashboard/membership shows the signed-in teacher: their plan and prices, their school
 * (with its roster for a manager), an invitation they opened (`?invite=`), the checkout's
 * return and the welcome after joining a school (`?joined=1`).
 */
export async function membershipPageData(
  services: Services,
  user: SessionUser,
  request: Request,
  context: ContextReader,
) {
  const query = new URL(request.url).searchParams;
  const checkout = await checkoutReturn(services, user, query);
  // Read again: completing the checkout may have changed the user's row.
  const fresh = checkout === "success" ? await withFreshData(services, user) : user;
  // Decided on this request (the account's country, else the request's), so the first view
  // already shows the teacher's currency; ?currency= is the teacher's own pick.
  const view = await loadMembership(
    services,
    fresh,
    pricingCurrency(request, context, fresh.data.countryCode),
  );
  const token = query.get("invite");
  const invite = token ? await describeInvite(services, token) : null;
  const roster = view.school?.canManage ? await schoolRoster(services, view.school.id) : null;
  // Right after accepting an invitation: welcome the teacher to the school they now belong to.
  const joined = query.get("joined") === "1" ? (view.school?.name ?? null) : null;
  return { view, checkout, invite: token ? { token, details: invite } : null, roster, joined };
}

export type MembershipPageData = Awaited<ReturnType<typeof membershipPageData>>;
