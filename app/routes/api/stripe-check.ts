import type { Route } from "./+types/stripe-check";
import { recheckUser } from "~/features/membership/billing.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";

export function loader({ request }: Route.LoaderArgs) {
  requireMethod(request, "POST");
  return null;
}

/**
 * Spec §4.3: re-reads the signed-in user's subscription from Stripe when it was never
 * checked or not for 24 hours (the throttle is the stored update time, so it holds across
 * instances). Failures are logged, never shown.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireApiUser(context);
  return Response.json(await recheckUser(getServices(context), user));
}
