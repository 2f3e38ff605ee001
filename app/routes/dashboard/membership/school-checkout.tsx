import { redirect, useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/school-checkout";
import { startSchoolCheckout } from "~/features/membership/billing.server";
import { MembershipPage } from "~/features/membership/components/membership-page";
import {
  billingAnswer,
  managedSchool,
  membershipInvalid,
} from "~/features/membership/membership-answers.server";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { CURRENCIES, MAX_SCHOOL_SEATS, MIN_SCHOOL_SEATS } from "~/features/membership/prices";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { formRefused } from "~/lib/forms";

const SchoolCheckoutSchema = z.object({
  seats: z.coerce.number().int().min(MIN_SCHOOL_SEATS).max(MAX_SCHOOL_SEATS),
  currency: z.enum(CURRENCIES).optional(),
});

/**
 * The school's plan form: Stripe Checkout for a number of teacher seats, for the school's
 * owner or an administrator only.
 * One form per route module (issue 20): the membership page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), SchoolCheckoutSchema);
  if (!parsed.ok) return membershipInvalid(parsed);
  const { seats, currency } = parsed.data;
  return billingAnswer(services, async () => {
    const school = await managedSchool(services, user);
    if (!school) return formRefused("membership.error.notSchoolManager", 403);
    return redirect(await startSchoolCheckout(services, user, school.id, seats, currency ?? null));
  });
}

export default function SchoolCheckout({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
