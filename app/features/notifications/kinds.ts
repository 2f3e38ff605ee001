/** The kinds of in-app notifications; each can be switched off on the account page. */
export const NOTIFICATION_KINDS = ["lesson", "exercises", "trial", "school", "support"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
