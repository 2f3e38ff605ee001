import type { Route } from "./+types/audit";
import { AdminAuditPage } from "~/features/site/components/admin-audit-page";
import { AUDIT_ACTIONS, type AuditAction } from "~/lib/audit-actions";
import { readAuditLog } from "~/lib/audit.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/** /admin/audit: the audit log, filtered by action and administrator; unknown filters ignored. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const s = new URL(request.url).searchParams;
  const wanted = s.get("action") ?? "";
  const action = (AUDIT_ACTIONS as readonly string[]).includes(wanted)
    ? (wanted as AuditAction)
    : "";
  const actor = (s.get("actor") ?? "").slice(0, 100);
  const page = Number(s.get("page") ?? "1");
  const log = await readAuditLog(getServices(context), {
    action,
    actor,
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
  });
  return { ...log, action, actor };
}

export default function AdminAuditRoute({ loaderData }: Route.ComponentProps) {
  return <AdminAuditPage loaded={loaderData} />;
}
