import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/create";
import {
  AdminCodesPage,
  type AdminCodesData,
} from "~/features/membership/components/admin-codes-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { createCode, normalizeCode, CODE_PATTERN } from "~/features/membership/grants.server";
import { audit } from "~/lib/audit.server";

const CreateCodeSchema = z.object({
  intent: z.literal("create-code"),
  kind: z.enum(["days", "plan"]),
  days: z.coerce.number().int().min(1).max(3650).optional(),
  maxUses: z.coerce.number().int().min(1).max(100_000),
  expiresAt: z
    .string()
    .trim()
    .transform((v) => (v ? new Date(`${v}T23:59:59Z`) : null))
    .refine((d) => d === null || !Number.isNaN(d.getTime())),
  // Kept as typed (shown so); redemption compares letters and digits only.
  code: z
    .string()
    .trim()
    .max(40)
    .refine((v) => v === "" || CODE_PATTERN.test(normalizeCode(v))),
  note: z.string().trim().max(200).optional(),
});

/** A new redeem code (days of Premium or a plan), typed or generated (issue 20: its own route). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const parsed = CreateCodeSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminCodes", "invalid");
  const input = parsed.data;
  if (input.kind === "days" && !input.days) return refuse("adminCodes", "days");
  // A code valid until a day already over could never be redeemed.
  if (input.expiresAt && input.expiresAt.getTime() <= services.clock.now().getTime())
    return refuse("adminCodes", "expired");
  const code = await createCode(services, admin.id, {
    code: input.code || undefined,
    kind: input.kind,
    days: input.days ?? null,
    maxUses: input.maxUses,
    expiresAt: input.expiresAt,
    note: input.note || null,
  });
  if (!code) return refuse("adminCodes", "exists");
  await audit(services, admin, "code.create", code, {
    kind: input.kind,
    days: input.days ?? null,
    maxUses: input.maxUses,
  });
  return { ...formDone("adminCodes.created"), created: code };
}

export default function CreateCode({ actionData }: Route.ComponentProps) {
  return <AdminCodesPage loaded={useOutletContext<AdminCodesData>()} posted={actionData} />;
}
