import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/redeem";
import { MembershipPage } from "~/features/membership/components/membership-page";
import { membershipInvalid, redeemAnswer } from "~/features/membership/membership-answers.server";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";

const RedeemSchema = z.object({ code: z.string().trim().min(1).max(64) });

/**
 * The redeem box, on the page and in the avatar menu's Redeem Code dialog: a code for days
 * of Premium or a plan, at most ten tries an hour.
 * One form per route module (issue 20): the membership page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const parsed = parseForm(await readForm(request), RedeemSchema);
  if (!parsed.ok) return membershipInvalid(parsed);
  return redeemAnswer(getServices(context), user, parsed.data.code);
}

export default function RedeemCode({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
