import { useOutletContext } from "react-router";
import type { Route } from "./+types/maintenance";
import {
  AdminSettingsPage,
  type AdminSettingsData,
} from "~/features/site/components/admin-settings-page";
import { MaintenanceSchema } from "~/features/site/maintenance-form";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formDone, formFailure, parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { parseUtcDateTimeLocal } from "~/lib/time";
import { audit } from "~/lib/audit.server";

/** Switches maintenance on or off for every instance, with the note and the expected end. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), MaintenanceSchema);
  if (!parsed.ok) return formFailure({ errors: parsed.errors, values: parsed.values });
  const input = parsed.data;
  const values = { enabled: input.enabled ?? "", message: input.message, until: input.until };
  const until = parseUtcDateTimeLocal(input.until);
  if (until && until <= services.clock.now())
    return formFailure({ errors: { until: { key: "adminSettings.error.past" } }, values });
  const enabled = input.enabled === "on";
  await services.flags.setMaintenance({
    enabled,
    message: input.message || null,
    until: until?.toISOString() ?? null,
  });
  await audit(services, admin, "maintenance.change", null, {
    enabled,
    until: until?.toISOString() ?? null,
  });
  return formDone(enabled ? "adminSettings.savedOn" : "adminSettings.savedOff");
}

export default function AdminSettingsMaintenance({ actionData }: Route.ComponentProps) {
  return <AdminSettingsPage loaded={useOutletContext<AdminSettingsData>()} posted={actionData} />;
}
