import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/complimentary";
import {
  AdminSchoolsPage,
  type AdminSchoolsData,
} from "~/features/schools/components/admin-schools-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { setSchoolComplimentary } from "~/features/schools/schools.server";
import { audit } from "~/lib/audit.server";

const ComplimentarySchema = z.object({
  intent: z.literal("complimentary"),
  organizationId: z.uuid(),
  on: z.enum(["1", "0"]),
});

/** Complimentary Premium for a school, given or ended (issue 20: its own route). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const parsed = ComplimentarySchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminSchools", "invalid");
  const { organizationId, on } = parsed.data;
  await setSchoolComplimentary(getServices(context), organizationId, on === "1");
  await audit(getServices(context), admin, "school.complimentary", organizationId, {
    complimentary: on === "1",
  });
  return formDone("adminSchools.saved");
}

export default function SchoolComplimentary({ actionData }: Route.ComponentProps) {
  return <AdminSchoolsPage loaded={useOutletContext<AdminSchoolsData>()} posted={actionData} />;
}
