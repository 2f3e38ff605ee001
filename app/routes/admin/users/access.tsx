import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/access";
import {
  AdminUsersPage,
  type AdminUsersData,
} from "~/features/membership/components/admin-users-page";
import { grantAccess, grantLifetime, revokeGrant } from "~/features/membership/grants.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { audit } from "~/lib/audit.server";

const AccessSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("grant-days"),
    userId: z.string().min(1).max(100),
    days: z.coerce.number().int().min(1).max(3650),
  }),
  z.object({ intent: z.literal("grant-lifetime"), userId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("revoke"), userId: z.string().min(1).max(100) }),
]);

/**
 * A user's premium access given by the administrator: days, lifetime, or ended. One row's
 * access, whose buttons flip with its state, so the three live in one route (issue 20).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const parsed = AccessSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminGrant", "invalid");
  const input = parsed.data;
  if (input.intent === "revoke") {
    await revokeGrant(services, input.userId);
    await audit(services, admin, "access.revoke", input.userId);
    return formDone("adminUsers.revoked");
  }
  const outcome =
    input.intent === "grant-days"
      ? await grantAccess(services, input.userId, { days: input.days }, "admin")
      : await grantLifetime(services, input.userId, "admin");
  if (!outcome.ok) return refuse("adminGrant", outcome.reason);
  await audit(services, admin, "access.grant", input.userId, {
    days: input.intent === "grant-days" ? input.days : null,
  });
  return formDone("adminUsers.granted");
}

export default function AdminUserAccess({ actionData }: Route.ComponentProps) {
  return <AdminUsersPage loaded={useOutletContext<AdminUsersData>()} posted={actionData} />;
}
