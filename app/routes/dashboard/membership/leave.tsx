import { useOutletContext } from "react-router";
import type { Route } from "./+types/leave";
import { MembershipPage } from "~/features/membership/components/membership-page";
import { schoolAnswer } from "~/features/membership/membership-answers.server";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { leaveSchool } from "~/features/schools/schools.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";
import { formDone } from "~/lib/forms";

/**
 * "Leave the school", for any member but its owner.
 * One form per route module (issue 20): the membership page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  return schoolAnswer(async () => {
    await leaveSchool(services, user.id);
    return formDone("school.left");
  });
}

export default function LeaveSchool({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
