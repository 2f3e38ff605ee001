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
