import { redirect, useOutletContext } from "react-router";
import type { Route } from "./+types/portal";
import { openPortal } from "~/features/membership/billing.server";
import { MembershipPage } from "~/features/membership/components/membership-page";
import { billingAnswer } from "~/features/membership/membership-answers.server";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";
import { formRefused } from "~/lib/forms";

/**
 * The "Manage billing" button: Stripe's billing portal for the teacher's own subscription.
 * One form per route module (issue 20): the membership page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const customerId = user.data.stripeCustomerId;
  if (!customerId) return formRefused("membership.error.noBilling", 409);
  return billingAnswer(services, async () => redirect(await openPortal(services, customerId)));
}

export default function MembershipPortal({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
