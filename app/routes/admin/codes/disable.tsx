import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/disable";
import {
  AdminCodesPage,
  type AdminCodesData,
} from "~/features/membership/components/admin-codes-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { disableCode } from "~/features/membership/grants.server";
import { audit } from "~/lib/audit.server";

const DisableCodeSchema = z.object({
  intent: z.literal("disable-code").optional(),
  id: z.coerce.number().int().positive(),
});

/** A redeem code disabled: it redeems nothing from now on (issue 20: its own route). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const parsed = DisableCodeSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminCodes", "invalid");
  await disableCode(getServices(context), parsed.data.id);
  await audit(getServices(context), admin, "code.disable", String(parsed.data.id));
  return formDone("adminCodes.disabled");
}

export default function DisableCode({ actionData }: Route.ComponentProps) {
  return <AdminCodesPage loaded={useOutletContext<AdminCodesData>()} posted={actionData} />;
}
