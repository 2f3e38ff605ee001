/** Every transactional mail, each written as `mail.<kind>.*` messages in 44 languages. */
export const MAIL_KINDS = [
  "verifyEmail",
  "recovery",
  "alreadyRegistered",
  "passwordChanged",
  "signInLocked",
  "setPassword",
  "changeEmail",
  "emailChanged",
  "trialEnding",
  "organizationInvite",
  "confirmApp",
  "confirmMarketing",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
