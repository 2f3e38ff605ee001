import { useOutlet } from "react-router";
import type { Route } from "./+types/users";
import { AdminUsersPage } from "~/features/membership/components/admin-users-page";
import { searchUsers } from "~/features/membership/grants.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /admin/users: find a user by email or name, give or end premium access, give or take
 * administrator rights. The page has no action: its forms post to users/access and
 * users/rights (one form per route module, issue 20), which render this page with their
 * answer when the browser has no JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireAdmin(context, request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  return { q, me: me.id, users: await searchUsers(getServices(context), q) };
}

export default function AdminUsersRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <AdminUsersPage loaded={loaderData} />;
}
