import type { Route } from "./+types/stripe-check-organization";
import { recheckOrganizationSubscription } from "~/features/membership/recheck.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";

export function loader({ request }: Route.LoaderArgs) {
  requireMethod(request, "POST");
  return null;
}

/** Spec §4.3: the same re-check for the organization the signed-in user belongs to. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireApiUser(context);
  return Response.json(await recheckOrganizationSubscription(getServices(context), user.id));
}
