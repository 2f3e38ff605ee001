import { useOutlet } from "react-router";
import type { Route } from "./+types/settings";
import { AdminSettingsPage } from "~/features/site/components/admin-settings-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /admin/settings: the maintenance switch. Its form posts to /admin/settings/maintenance,
 * which renders this page with its answer when the browser has no JavaScript.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { enabled, forced, message, until } = getServices(context).flags.getMaintenance();
  return { maintenance: { enabled, forced, message, until } };
}

export default function AdminSettingsRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <AdminSettingsPage loaded={loaderData} />;
}
