import type { Route } from "./+types/resources-count";
import { resourceCounts } from "~/features/library/library.server";
import { getServices } from "~/lib/context.server";

/** Spec §7: how many exercises and materials exist, and how many are free. */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await resourceCounts(getServices(context).db), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}
