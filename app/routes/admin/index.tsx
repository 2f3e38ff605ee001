import { useOutlet } from "react-router";
import type { Route } from "./+types/index";
import { AdminCodesPage } from "~/features/membership/components/admin-codes-page";
import { formatCode, listCodes } from "~/features/membership/grants.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /admin: the admin panel's home with the redeem codes. The page has no action: its forms
 * post to admin/codes/create and admin/codes/disable (one form per route module, issue 20),
 * which render this page with their answer when the browser has no JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const services = getServices(context);
  const codes = await listCodes(services);
  return {
    // The earliest "valid until" day an administrator can pick (UTC, as codes expire).
    today: services.clock.now().toISOString().slice(0, 10),
    codes: codes.map((c) => ({
      id: c.id,
      code: formatCode(c.code, c.display),
      kind: c.kind,
      days: c.days,
      uses: c.uses,
      maxUses: c.maxUses,
      note: c.note,
      expiresAt: c.expiresAt?.toISOString() ?? null,
      disabled: c.disabledAt !== null,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

export default function AdminRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <AdminCodesPage loaded={loaderData} />;
}
