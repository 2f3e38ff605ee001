import { useOutlet } from "react-router";
import type { Route } from "./+types/organizations";
import { isPremiumStatus } from "~/features/account/user-states";
import { AdminSchoolsPage } from "~/features/schools/components/admin-schools-page";
import { listSchools } from "~/features/schools/schools.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /admin/organizations: the schools, a form to create one, complimentary Premium. The page
 * has no action: its forms post to organizations/create and organizations/complimentary (one
 * form per route module, issue 20), which render this page with their answer when the
 * browser has no JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const schools = await listSchools(getServices(context));
  return {
    schools: schools.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      subscriptionExpiredAt: s.subscriptionExpiredAt?.toISOString() ?? null,
      premium: s.membershipPlan === 1 && isPremiumStatus(s.subscriptionStatus),
    })),
  };
}

export default function AdminOrganizationsRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <AdminSchoolsPage loaded={loaderData} />;
}
