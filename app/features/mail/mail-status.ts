/** The states of a mail in the outbox (see `mailOutbox` in db/schema/system.ts). */
export const MAIL_STATUSES = [
  "pending",
  "sent",
  "stored",
  "failed",
  "bounced",
  "suppressed",
] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A count of 0 for every status, to add rows to. */
export function emptyCounts(): Record<MailStatus, number> {
  return Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<MailStatus, number>;
}
