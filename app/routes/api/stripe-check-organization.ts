import type { Route } from "./+types/stripe-check-organization";
import { loadUserOrganization } from "~/features/account/profile.server";
import { recheckOrganization } from "~/features/membership/billing.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";

export function loader({ request }: Route.LoaderArgs) {
  requireMethod(request, "POST");
  return null;
}

/** Spec §4.3: the same re-check for the school the signed-in user belongs to. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireApiUser(context);
  const services = getServices(context);
  const membership = await loadUserOrganization(services.db, user.id);
  if (!membership) return Response.json({ checked: false, status: null });
  return Response.json(await recheckOrganization(services, membership.organization.id));
}
