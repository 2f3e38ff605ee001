import type { Route } from "./+types/stripe-check";
import { recheckUserSubscription } from "~/features/membership/recheck.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";

export function loader({ request }: Route.LoaderArgs) {
  requireMethod(request, "POST");
  return null;
}

/** Spec §4.3: re-checks the signed-in user's subscription status (throttled to once a day). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireApiUser(context);
  return Response.json(await recheckUserSubscription(getServices(context), user.id));
}
