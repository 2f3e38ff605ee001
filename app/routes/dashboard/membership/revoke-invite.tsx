import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/revoke-invite";
import { MembershipPage } from "~/features/membership/components/membership-page";
import { membershipInvalid, schoolAnswer } from "~/features/membership/membership-answers.server";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { revokeInvite } from "~/features/schools/schools.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { formDone } from "~/lib/forms";

const RevokeInviteSchema = z.object({ inviteId: z.uuid() });

/**
 * A pending invitation's Revoke button in the roster (a manager of that school only).
 * One form per route module (issue 20): the membership page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), RevokeInviteSchema);
  if (!parsed.ok) return membershipInvalid(parsed);
  return schoolAnswer(async () => {
    await revokeInvite(services, user.id, parsed.data.inviteId);
    return formDone("school.inviteRevoked");
  });
}

export default function RevokeInvite({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
