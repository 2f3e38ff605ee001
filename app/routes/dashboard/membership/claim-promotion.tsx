import { redirect, useOutletContext, href } from "react-router";
import type { Route } from "./+types/claim-promotion";
import { MembershipPage } from "~/features/membership/components/membership-page";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { claimPromotion } from "~/features/membership/promotions.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";

/**
 * The promotion banner's Claim button (on every dashboard page, app/features/shell): the
 * running campaign's Premium, once; then the membership page shows the plan it gave.
 * The banner posts here as a plain form; the answer is always that redirect. Opened by
 * address, this route shows the membership page (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  // Claiming twice changes nothing; either way the page then shows the plan it gave.
  await claimPromotion(getServices(context), user);
  return redirect(href("/dashboard/membership"));
}

export default function ClaimPromotion({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
