import { and, count, desc, eq, ilike } from "drizzle-orm";
import { auditLog } from "@db/schema";
import type { AuditAction } from "./audit-actions";
import type { Services } from "./services.server";

/**
 * The admin panel's audit log (issue 15 item 6): every action an administrator takes is
 * written here, with who, what, to what and how, and administrators read it at
 * Admin → Audit log. The server log gets the same line.
 */

type Detail = string | number | boolean | null;

/** Writes one action of an administrator to the audit log (and the server log). */
export async function audit(
  services: Pick<Services, "db" | "clock" | "log">,
  actor: { id: string; email: string },
  action: AuditAction,
  target: string | null,
  details: Record<string, Detail> = {},
): Promise<void> {
  await services.db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    target,
    details,
    createdAt: services.clock.now(),
  });
  services.log.info({ admin: actor.id, action, target, ...details }, "admin action");
}

const AUDIT_PAGE_SIZE = 50;

/** One page of the log, newest first, by action and/or the administrator's address. */
export async function readAuditLog(
  services: Pick<Services, "db">,
  filter: { action: AuditAction | ""; actor: string; page: number },
) {
  const like = `%${filter.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actor ? ilike(auditLog.actorEmail, like) : undefined,
  );
  const [total] = await services.db.select({ n: count() }).from(auditLog).where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total?.n ?? 0) / AUDIT_PAGE_SIZE));
  const page = Math.min(Math.max(1, filter.page), pageCount);
  const rows = await services.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return {
    total: Number(total?.n ?? 0),
    page,
    pageCount,
    entries: rows.map((r) => ({
      id: r.id,
      actorEmail: r.actorEmail,
      action: r.action as AuditAction,
      target: r.target,
      details: r.details as Record<string, Detail>,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
