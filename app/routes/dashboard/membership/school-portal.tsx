import { redirect, useOutletContext } from "react-router";
import type { Route } from "./+types/school-portal";
import { openPortal } from "~/features/membership/billing.server";
import { MembershipPage } from "~/features/membership/components/membership-page";
import { billingAnswer, managedSchool } from "~/features/membership/membership-answers.server";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";
import { formRefused } from "~/lib/forms";

/**
 * The school's "Manage billing" button: Stripe's billing portal for the school's
 * subscription, for its owner or an administrator only.
 * One form per route module (issue 20): the membership page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  return billingAnswer(services, async () => {
    const school = await managedSchool(services, user);
    if (!school) return formRefused("membership.error.notSchoolManager", 403);
    if (!school.stripeCustomerId) return formRefused("membership.error.noBilling", 409);
    return redirect(await openPortal(services, school.stripeCustomerId));
  });
}

export default function SchoolPortal({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
