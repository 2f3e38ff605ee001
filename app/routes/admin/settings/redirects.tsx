import { useOutletContext } from "react-router";
import type { Route } from "./+types/redirects";
import {
  AdminSettingsPage,
  type AdminSettingsData,
} from "~/features/site/components/admin-settings-page";
import { RedirectSchema } from "~/features/site/redirect-form";
import { addRedirect, deleteRedirect } from "~/features/site/redirects.server";
import { audit } from "~/lib/audit.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formDone, formFailure, formRefused, parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";

/** Adds a redirect to the table or removes one; every instance follows at once. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    const id = Number(form.get("id"));
    const removed = Number.isInteger(id) && id > 0 ? await deleteRedirect(services, id) : null;
    if (!removed) return { ...formRefused("adminSettings.redirectGone", 404), form: "redirects" };
    await audit(services, admin, "redirect.delete", removed.path, { target: removed.target });
    return { ...formDone("adminSettings.redirectDeleted"), form: "redirects" };
  }
  const parsed = parseForm(form, RedirectSchema);
  if (!parsed.ok)
    return formFailure({ errors: parsed.errors, values: parsed.values, form: "redirects" });
  const rule = { ...parsed.data, statusCode: Number(parsed.data.statusCode) };
  if (!(await addRedirect(services, rule)))
    return formFailure({
      errors: { path: { key: "adminSettings.error.redirectExists" } },
      values: { ...parsed.data, statusCode: parsed.data.statusCode },
      form: "redirects",
    });
  await audit(services, admin, "redirect.add", rule.path, {
    matchType: rule.matchType,
    target: rule.target,
    statusCode: rule.statusCode,
  });
  return { ...formDone("adminSettings.redirectAdded"), form: "redirects" };
}

export default function AdminSettingsRedirects({ actionData }: Route.ComponentProps) {
  return <AdminSettingsPage loaded={useOutletContext<AdminSettingsData>()} posted={actionData} />;
}
