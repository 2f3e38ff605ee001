import { eq } from "drizzle-orm";
import type { Route } from "./+types/user-gl";
import { userData } from "@db/schema";
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
  const patch: Partial<typeof userData.$inferInsert> = {};
  if (!user.data.countryCode && code) patch.countryCode = code;
  if (!user.data.security) {
    patch.security = {
      lowCaptchaScore: user.data.rcs !== null && user.data.rcs < 0.3,
      countryUnknown: code === null,
    };
  }
  if (Object.keys(patch).length > 0) {
    await getServices(context).db.update(userData).set(patch).where(eq(userData.userId, user.id));
  }
  return Response.json({ country: { code: user.data.countryCode ?? code } });
}
