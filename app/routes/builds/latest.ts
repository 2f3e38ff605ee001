import type { Route } from "./+types/latest";
import { getServices } from "~/lib/context.server";

/** The running build (spec §4.7); clients compare its id with their own. */
export function loader({ context }: Route.LoaderArgs) {
  const { build } = getServices(context);
  return Response.json(
    { id: build.id, timestamp: build.timestamp },
    { headers: { "Cache-Control": "no-store" } },
  );
}
