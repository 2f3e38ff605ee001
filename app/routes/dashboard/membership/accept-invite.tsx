import { redirect, useOutletContext, href } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/accept-invite";
import { MembershipPage } from "~/features/membership/components/membership-page";
import { membershipInvalid, schoolAnswer } from "~/features/membership/membership-answers.server";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { acceptInvite } from "~/features/schools/schools.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";

const AcceptInviteSchema = z.object({ token: z.string().min(10).max(100) });

/**
 * "Accept and join" on an invitation opened from its e-mail: the teacher joins the school
 * (the invitation must be theirs, valid and not used).
 * One form per route module (issue 20): the membership page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), AcceptInviteSchema);
  if (!parsed.ok) return membershipInvalid(parsed);
  return schoolAnswer(async () => {
    await acceptInvite(services, user, parsed.data.token);
    // Off the invitation's address: it has been used, and a reload must not call it invalid.
    return redirect(`${href("/dashboard/membership")}?joined=1`);
  });
}

export default function AcceptInvite({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
