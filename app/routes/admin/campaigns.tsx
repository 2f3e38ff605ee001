import type { Route } from "./+types/campaigns";
import { CampaignsFormSchema } from "~/features/membership/campaigns-form";
import {
  campaignsPage,
  saveCampaigns,
  restoreContentCampaigns,
} from "~/features/membership/campaigns.server";
import { AdminCampaignsPage } from "~/features/membership/components/admin-campaigns-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formDone, formFailure, formRefused, formTree, parseTree } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { audit } from "~/lib/audit.server";

/** /admin/campaigns: the promotion campaigns, edited for every instance without a restart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return campaignsPage(getServices(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "reset") {
    await restoreContentCampaigns(services);
    await audit(services, admin, "campaigns.reset", null);
    return formDone("adminCampaigns.resetDone");
  }
  if (intent !== "save") return formRefused("adminCampaigns.error.intent", 400);
  const parsed = parseTree(formTree(form), CampaignsFormSchema, form);
  if (!parsed.ok) return formFailure({ errors: parsed.errors, values: parsed.values });
  await saveCampaigns(services, parsed.data);
  await audit(services, admin, "campaigns.save", null, {
    thanksgiving: parsed.data.thanksgiving.enabled === "on",
    wosp: parsed.data.wosp.enabled === "on",
    happyWeek: parsed.data.happyWeek.enabled === "on",
  });
  return formDone("adminCampaigns.saved");
}

export default function AdminCampaignsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminCampaignsPage loaded={loaderData} answer={actionData} />;
}
