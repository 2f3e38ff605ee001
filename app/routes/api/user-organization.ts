import type { Route } from "./+types/user-organization";
import { listOrganizationMembers, loadUserOrganization } from "~/features/account/profile.server";
import { isOrganizationPremium } from "~/features/account/user-states";
import { isAdmin, requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { apiError } from "~/lib/http.server";

/** A user's organization with its members: for the user themselves or an admin only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const userId = new URL(request.url).searchParams.get("userId") ?? user.id;
  if (userId !== user.id && !isAdmin(user))
    apiError(403, "You can only see your own organization.");
  const { db } = getServices(context);
  const membership = await loadUserOrganization(db, userId);
  if (!membership) return Response.json({ organization: null });
  const { organization, role } = membership;
  // Names and roles only: members do not get each other's addresses here.
  const members = (await listOrganizationMembers(db, organization.id)).map(
    ({ email: _email, ...member }) => member,
  );
  return Response.json({
    organization: {
      id: organization.id,
      name: organization.name,
      isPremium: isOrganizationPremium(organization),
      membershipPlan: organization.membershipPlan,
      seats: organization.seats,
      trialExpiresAt: organization.trialExpiresAt,
      subscriptionStatusUpdatedAt: organization.subscriptionStatusUpdatedAt,
      role,
      members,
    },
  });
}
