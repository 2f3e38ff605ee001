import { z } from "~/lib/zod";
import type { Route } from "./+types/rcs-result";
import { updateUserData } from "~/features/account/account.server";
import { verifyCaptcha } from "~/features/auth/captcha.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { apiError, readJsonBody, requireMethod } from "~/lib/http.server";

const RcsSchema = z.object({
  token: z.string().min(1).max(8000),
  action: z.string().max(100).default("page"),
  rcs: z.number().optional(),
  userId: z.string().min(1).max(100),
});

export function loader({ request }: Route.LoaderArgs) {
  requireMethod(request, "POST");
  return null;
}

/**
 * Spec §7: verifies a captcha token with the configured provider and stores the score when
 * it is 0 or more. Only for the signed-in user's own id; the client's own `rcs` is ignored.
 * When the provider cannot be asked the answer is `rcs: -1` and the stored score stays.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireApiUser(context);
  const body = await readJsonBody(request, RcsSchema, { maxBytes: 16 * 1024 });
  if (body.userId !== user.id) apiError(403, "You can only report your own captcha result.");
  const services = getServices(context);
  const score =
    (await verifyCaptcha(services, body.token, getRequestInfo(context).clientIp, body.action)) ??
    -1;
  if (score >= 0) await updateUserData(services.db, user.id, { rcs: score });
  return Response.json({ rcs: score });
}
