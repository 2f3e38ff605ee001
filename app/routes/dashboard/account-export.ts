import type { Route } from "./+types/account-export";
import { exportUserData } from "~/features/account/account.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/** "Download all my data": one JSON file with everything Parley holds about the user. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const payload = await exportUserData(services, user);
  const date = services.clock.now().toISOString().slice(0, 10);
  return new Response(JSON.stringify(payload, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="parley-data-${date}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
