// The mail feature's public server module: what other features may use.
export { requestConsent } from "./newsletters.server";
export { archivedNewsletter, archivedNewsletters } from "./newsletter-archive.server";
export type { Audience } from "./newsletter-form";
export { premiumWelcome, trialReminders } from "./lifecycle.server";
