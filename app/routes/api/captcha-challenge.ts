import type { Route } from "./+types/captcha-challenge";
import { createCaptchaChallenge } from "~/features/auth/captcha.server";
import { getServices } from "~/lib/context.server";

/**
 * A proof-of-work challenge for the sign-up form (no sign-in needed; it is public by nature);
 * `?purpose=session` gives the lighter one of the background session score.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const light = new URL(request.url).searchParams.get("purpose") === "session";
  const challenge = await createCaptchaChallenge(getServices(context), { light });
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
