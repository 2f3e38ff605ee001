/** What the audit log records (app/lib/audit.server.ts); the page lists them as filters. */
export const AUDIT_ACTIONS = [
  "access.grant",
  "access.revoke",
  "rights.grant",
  "rights.remove",
  "code.create",
  "code.disable",
  "school.create",
  "school.complimentary",
  "job.retry",
  "newsletter.create",
  "maintenance.change",
  "operator.change",
  "redirect.add",
  "redirect.delete",
  "campaigns.save",
  "campaigns.reset",
  "media.upload",
  "library.change",
  "audio.change",
  "changelog.change",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
