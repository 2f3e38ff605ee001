import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/rights";
import { setAdminRights } from "~/features/account/admin-tasks.server";
import {
  AdminUsersPage,
  type AdminUsersData,
} from "~/features/membership/components/admin-users-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { audit } from "~/lib/audit.server";

const RightsSchema = z.object({
  intent: z.literal("admin-rights").optional(),
  userId: z.string().min(1).max(100),
  admin: z.enum(["1", "0"]),
  confirm: z.literal("on").optional(),
});

/** Administrator rights given or taken, after the confirming checkbox (issue 20: its own route). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const me = requireAdmin(context, request);
  const parsed = RightsSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminGrant", "invalid");
  const input = parsed.data;
  if (!input.confirm) return refuse("adminRights", "confirm");
  const outcome = await setAdminRights(
    getServices(context),
    me.id,
    input.userId,
    input.admin === "1",
  );
  if (!outcome.ok) return refuse("adminRights", outcome.reason);
  await audit(
    getServices(context),
    me,
    input.admin === "1" ? "rights.grant" : "rights.remove",
    input.userId,
  );
  return formDone(input.admin === "1" ? "adminUsers.adminGranted" : "adminUsers.adminRemoved");
}

export default function AdminUserRights({ actionData }: Route.ComponentProps) {
  return <AdminUsersPage loaded={useOutletContext<AdminUsersData>()} posted={actionData} />;
}
