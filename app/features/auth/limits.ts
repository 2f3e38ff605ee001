import type { RateRule } from "~/lib/rate-limit.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Abuse limits of the accounts issue, held in the database across instances. */
export const LIMITS = {
  signInPerIp: { windowMs: MINUTE, max: 5 },
  signUpPerIp: { windowMs: MINUTE, max: 5 },
  /** New student accounts from a class's join link: a whole class may join from one school network. */
  classJoinsPerIp: { windowMs: HOUR, max: 30 },
  failedSignInsPerAccount: { windowMs: HOUR, max: 100 },
  /** Wrong current passwords on the account page, per signed-in session. */
  failedReauthsPerSession: { windowMs: 15 * MINUTE, max: 5 },
  mailsPerAddress: { windowMs: HOUR, max: 3 },
} satisfies Record<string, RateRule>;
