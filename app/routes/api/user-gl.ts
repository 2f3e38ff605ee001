import type { Route } from "./+types/user-gl";
import { updateUserData } from "~/features/account/account.server";
import { countryFor } from "~/lib/geo.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getRequestInfo, getServices } from "~/lib/context.server";

/**
 * Spec §4.2/§7: the signed-in user's country, stored when the account has none (and the
 * security flags Parley can tell, when it has none yet).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const code = countryFor(request.headers, getRequestInfo(context).clientIp);
  const patch: Parameters<typeof updateUserData>[2] = {};
  if (!user.data.countryCode && code) patch.countryCode = code;
  if (!user.data.security) {
    patch.security = {
      lowCaptchaScore: user.data.rcs !== null && user.data.rcs < 0.3,
      countryUnknown: code === null,
    };
  }
  await updateUserData(getServices(context).db, user.id, patch);
  return Response.json({ country: { code: user.data.countryCode ?? code } });
}
