import { useOutlet } from "react-router";
import type { Route } from "./+types/settings";
import { AdminSettingsPage } from "~/features/site/components/admin-settings-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /admin/settings: the maintenance switch and the operator's details. Their forms post to
 * /admin/settings/maintenance and /admin/settings/operator, which render this page with their
 * answer when the browser has no JavaScript.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { flags, env } = getServices(context);
  const { enabled, forced, message, until } = flags.getMaintenance();
  return {
    maintenance: { enabled, forced, message, until },
    operator: flags.getOperatorSetting(),
    defaultSupportEmail: env.SUPPORT_EMAIL,
  };
}

export default function AdminSettingsRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <AdminSettingsPage loaded={loaderData} />;
}
