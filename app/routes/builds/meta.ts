import { data } from "react-router";
import type { Route } from "./+types/meta";
import { getServices } from "~/lib/context.server";

/** The route-rules manifest of a build (spec §7), used by the browser on client navigations. */
export function loader({ context, params }: Route.LoaderArgs) {
  const services = getServices(context);
  if (params.file !== `${services.build.id}.json`) {
    throw data(
      { error: "Unknown build. Reload the page to get the current version." },
      { status: 404 },
    );
  }
  return Response.json(
    { id: services.build.id, routeRules: services.routeRules.all() },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}
