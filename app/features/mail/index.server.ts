// The mail feature's public server module: what other features may use.
export { requestConsent } from "./newsletters.server";
export type { Audience } from "./newsletter-form";
