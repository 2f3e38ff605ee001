import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/invite";
import { MembershipPage } from "~/features/membership/components/membership-page";
import { membershipInvalid, schoolAnswer } from "~/features/membership/membership-answers.server";
import type { MembershipPageData } from "~/features/membership/membership-page.server";
import { inviteTeacher } from "~/features/schools/schools.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { formDone } from "~/lib/forms";

const InviteSchema = z.object({
  email: z.email().max(254),
  role: z.enum(["admin", "member"]).default("member"),
});

/**
 * The roster's invitation form: a manager of the school invites a teacher by e-mail, as a
 * member or an administrator, while seats are free.
 * One form per route module (issue 20): the membership page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../membership.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), InviteSchema);
  if (!parsed.ok) return membershipInvalid(parsed);
  const { email, role } = parsed.data;
  return schoolAnswer(async () => {
    await inviteTeacher(services, user.id, { email, role });
    return formDone("school.invited", { email });
  });
}

export default function InviteTeacher({ actionData }: Route.ComponentProps) {
  return <MembershipPage loaded={useOutletContext<MembershipPageData>()} posted={actionData} />;
}
