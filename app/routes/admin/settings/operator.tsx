import { useOutletContext } from "react-router";
import type { Route } from "./+types/operator";
import {
  AdminSettingsPage,
  type AdminSettingsData,
} from "~/features/site/components/admin-settings-page";
import { OperatorSchema } from "~/features/site/operator-form";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formDone, formFailure, parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { audit } from "~/lib/audit.server";

/** Stores the operator's details for every instance; content and mails use them at once. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), OperatorSchema);
  if (!parsed.ok)
    return formFailure({ errors: parsed.errors, values: parsed.values, form: "operator" });
  const v = parsed.data;
  await services.flags.setOperator({
    legalName: v.legalName || null,
    address: v.address || null,
    vatNumber: v.vatNumber || null,
    country: v.country || null,
    supportEmail: v.supportEmail || null,
    privacyEmail: v.privacyEmail || null,
  });
  await audit(services, admin, "operator.change", null, { legalName: v.legalName || null });
  return { ...formDone("adminSettings.operatorSaved"), form: "operator" };
}

export default function AdminSettingsOperator({ actionData }: Route.ComponentProps) {
  return <AdminSettingsPage loaded={useOutletContext<AdminSettingsData>()} posted={actionData} />;
}
