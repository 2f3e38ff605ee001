import { HOUR_MS, MINUTE_MS } from "~/lib/time";
import type { RateRule } from "~/lib/rate-limit.server";

/** Abuse limits of the accounts issue, held in the database across instances. */
export const LIMITS = {
  signInPerIp: { windowMs: MINUTE_MS, max: 5 },
  signUpPerIp: { windowMs: MINUTE_MS, max: 5 },
  /** New student accounts from a class's join link: a whole class may join from one school network. */
  classJoinsPerIp: { windowMs: HOUR_MS, max: 30 },
  failedSignInsPerAccount: { windowMs: HOUR_MS, max: 100 },
  /** Wrong current passwords on the account page, per signed-in session. */
  failedReauthsPerSession: { windowMs: 15 * MINUTE_MS, max: 5 },
  mailsPerAddress: { windowMs: HOUR_MS, max: 3 },
} satisfies Record<string, RateRule>;
