import { redirect, useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/checkout";
import { startCheckout } from "~/features/membership/billing.server";
import { MembershipPage } from "~/features/membership/components/membership-page";
import { pricingCurrency } from "~/features/membership/currency.server";
import { billingAnswer, membershipInvalid } from "~/features/membership/membership-answers.server";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { settledPremium } from "~/features/membership/membership.server";
import { CURRENCIES } from "~/features/membership/prices";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { formRefused } from "~/lib/forms";

const CheckoutSchema = z.object({
  interval: z.enum(["month", "year"]),
  // The currency the prices were shown in; amounts always come from the server's prices.
  currency: z.enum(CURRENCIES).optional(),
});

/**
 * The premium plans' form: Stripe Checkout for the teacher's own subscription, monthly or
 * yearly, in the currency the page showed. A premium school's member has nothing to pay for.
 * One form per route module (issue 20): the membership page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), CheckoutSchema);
  if (!parsed.ok) return membershipInvalid(parsed);
  const { interval, currency } = parsed.data;
  return billingAnswer(services, async () => {
    // A premium school's member has nothing to pay for (the page offers no checkout).
    const settled = await settledPremium(services, user);
    if (settled?.kind === "school")
      return formRefused("membership.schoolCovers", 409, { school: settled.school });
    const charged = currency ?? pricingCurrency(request, context, user.data.countryCode).currency;
    return redirect(await startCheckout(services, user, interval, { currency: charged }));
  });
}

export default function MembershipCheckout({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
