import type { Route } from "./+types/resources-count";
import { resourceCounts } from "~/features/library/library.server";
import { getServices } from "~/lib/context.server";

/** Spec §7: how many exercises and materials exist, and how many are free. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  return Response.json(await resourceCounts(services.database, services.clock.now()), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
