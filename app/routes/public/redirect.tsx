import { redirect } from "react-router";
import type { Route } from "./+types/redirect";
import { getServices } from "~/lib/context.server";
import { localizePath, splitLocalePrefix } from "~/lib/routing/paths";
import { externalRedirectTarget } from "~/lib/routing/redirect";

export function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const url = new URL(request.url);
  const backend = services.env.PUBLIC_BACKEND_ORIGIN ?? services.env.appOrigin;
  const target = externalRedirectTarget(url.searchParams.get("to"), backend);
  if (target) throw redirect(target);
  const { prefix } = splitLocalePrefix(url.pathname);
  throw redirect(localizePath("/", prefix ?? "en"));
}

export default function RedirectPage() {
  return null;
}
