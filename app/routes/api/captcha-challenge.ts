import type { Route } from "./+types/captcha-challenge";
import { createCaptchaChallenge } from "~/features/auth/captcha.server";
import { getServices } from "~/lib/context.server";

/** A proof-of-work challenge for the sign-up form (no sign-in needed; it is public by nature). */
export async function loader({ context }: Route.LoaderArgs) {
  const challenge = await createCaptchaChallenge(getServices(context));
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
