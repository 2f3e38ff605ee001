import { useOutlet } from "react-router";
import type { Route } from "./+types/settings";
import { AdminSettingsPage } from "~/features/site/components/admin-settings-page";
import { listRedirects } from "~/features/site/redirects.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /admin/settings: the maintenance switch, the operator's details and the redirects. Their forms
 * post to /admin/settings/maintenance, /admin/settings/operator and /admin/settings/redirects, which render this page with their
 * answer when the browser has no JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const services = getServices(context);
  const { flags, env } = services;
  const { enabled, forced, message, until } = flags.getMaintenance();
  return {
    maintenance: { enabled, forced, message, until },
    operator: flags.getOperatorSetting(),
    defaultSupportEmail: env.SUPPORT_EMAIL,
    redirects: await listRedirects(services),
  };
}

export default function AdminSettingsRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <AdminSettingsPage loaded={loaderData} />;
}
