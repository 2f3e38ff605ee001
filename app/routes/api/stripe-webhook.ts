import type { Route } from "./+types/stripe-webhook";
import { handleWebhook } from "~/features/membership/billing.server";
import { getServices } from "~/lib/context.server";
import { readBodyText, requireMethod } from "~/lib/http.server";

/** Stripe's events are small; anything larger is not from Stripe. */
const MAX_BODY_BYTES = 512 * 1024;

export function loader({ request }: Route.LoaderArgs) {
  requireMethod(request, "POST");
  return null;
}

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body exactly as received,
 * each event id is handled once, and the subscription it names is re-read from Stripe.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const raw = await readBodyText(request, MAX_BODY_BYTES);
  const result = await handleWebhook(
    getServices(context),
    raw,
    request.headers.get("stripe-signature"),
  );
  return Response.json(result.body, { status: result.status });
}
