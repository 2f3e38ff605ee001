import { useOutlet } from "react-router";
import type { Route } from "./+types/membership";
import { MembershipPage } from "~/features/membership/components/membership-page";
import { membershipPageData } from "~/features/membership/membership-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /dashboard/membership: the teacher's plan, the plans to buy, their school, invoices and the
 * redeem box; also where Stripe Checkout returns (`?checkout=`) and an invitation opens
 * (`?invite=`). The page has no action: each form posts to its own child route (membership/
 * checkout, portal, school-checkout, school-portal, redeem, accept-invite, invite,
 * revoke-invite, remove-member, leave, claim-promotion; one form per route module, issue 20).
 * With JavaScript the forms post through one fetcher and answer in place; without it the
 * browser lands on the child route, which renders this page with the form's answer. The
 * payment forms answer with a redirect to Stripe either way.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return membershipPageData(getServices(context), user, request, context);
}

export default function MembershipRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <MembershipPage loaded={loaderData} />;
}
