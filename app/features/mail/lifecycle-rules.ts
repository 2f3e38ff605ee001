import { isPremiumMember, isTrialActive } from "~/features/account";
import { DAY_MS } from "~/lib/time";

/**
 * The rules of the `email` collection's lifecycle mails (spec §3: account, country, interval,
 * scheduled, stream, subject, valid), as pure functions of an entry, a recipient and the
 * app's clock. The engine (lifecycle.server.ts) and the content check share them.
 *
 * - A **scheduled** entry is a campaign: from its date on, each teacher in its audience gets
 *   it once. Without `valid`, it goes out during its week, to accounts that existed on its
 *   date; with `valid`, until that day, also to accounts created since.
 * - An **unscheduled** entry goes out at a moment of the account: `trial` in the last 24 hours
 *   of a trial (the trial reminder), `premium` when a teacher's paid premium starts.
 * - `account`: `trial` is the sign-up trial only (premium from a code, a grant or a campaign
 *   is not a trial); `free` is neither paying, nor on a trial, nor in a premium school.
 * - `valid` is the last day (inclusive, UTC) an entry may go out.
 * - `stream`: `account` mails are about the teacher's own account and need no consent; `app`
 *   needs the consent to product news, `marketing` the consent to tips and offers.
 */
export interface LifecycleEntry {
  slug: string;
  locale: string;
  subject: string;
  stream: string;
  account: string;
  country: readonly string[];
  interval: number | null;
  scheduled: string | null;
  valid: string | null;
  body: string;
}

export interface LifecycleRecipient {
  createdAt: Date;
  emailVerified: boolean;
  countryCode: string | null;
  membershipPlan: number | null;
  membershipPlanInterval: number | null;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  trialExpiresAt: Date | null;
  appNewsletterAcceptedAt: Date | null;
  marketingNewsletterAcceptedAt: Date | null;
  /** A member of a school whose subscription gives premium. */
  schoolPremium: boolean;
  /** Premium until trialExpiresAt comes from the sign-up trial (not a code, grant or campaign). */
  signUpTrial: boolean;
}

/** The moments an unscheduled entry can name (its `account`). */
const EVENT_ACCOUNTS = ["trial", "premium"] as const;

/**
 * The placeholders a lifecycle mail may use: every entry may use the common ones, an entry
 * of an account moment or a campaign also its own. `highlights` is a block (a list).
 */
const LIFECYCLE_PLACEHOLDERS = {
  common: [
    "firstName",
    "supportEmail",
    "libraryUrl",
    "upgradeUrl",
    "refundPolicyUrl",
    "newsletterUrl",
  ],
  trial: ["trialEndDate"],
  premium: ["planName", "renewalDate"],
  scheduled: ["monthName", "newExerciseCount", "highlights"],
} as const;

function allowedPlaceholders(entry: Pick<LifecycleEntry, "account" | "scheduled">) {
  return new Set<string>([
    ...LIFECYCLE_PLACEHOLDERS.common,
    ...(entry.scheduled ? LIFECYCLE_PLACEHOLDERS.scheduled : []),
    ...(entry.account === "trial" ? LIFECYCLE_PLACEHOLDERS.trial : []),
    ...(entry.account === "premium" ? LIFECYCLE_PLACEHOLDERS.premium : []),
  ]);
}

/** The placeholders a text names, `{{name}}` or its URL-encoded form in a link. */
export function placeholdersIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?:\{\{|%7B%7B)([A-Za-z]+)(?:\}\}|%7D%7D)/g))
    names.add(match[1]!);
  return [...names];
}

/** What is wrong with an entry's rules (empty: nothing), for the content check. */
export function entryProblems(entry: LifecycleEntry): string[] {
  const problems: string[] = [];
  if (!entry.scheduled && !(EVENT_ACCOUNTS as readonly string[]).includes(entry.account))
    problems.push(
      `an unscheduled entry goes out at an account moment: account must be ${EVENT_ACCOUNTS.join(" or ")} (or give a scheduled date)`,
    );
  if (entry.scheduled && entry.valid && entry.valid < entry.scheduled)
    problems.push("valid ends before the scheduled date");
  if (!entry.scheduled && entry.stream !== "account")
    problems.push("a mail at an account moment is an account mail: stream must be account");
  const allowed = allowedPlaceholders(entry);
  for (const name of placeholdersIn(`${entry.subject}\n${entry.body}`))
    if (!allowed.has(name)) problems.push(`unknown placeholder {{${name}}} for this entry`);
  return problems;
}

/** How long a campaign without `valid` may go out: its week (a job down for a day catches up). */
const CAMPAIGN_DAYS = 7;

/**
 * Whether an entry may go out at `now`: its day has come and it has not ended — on its
 * `valid` day (inclusive), or, for a campaign without one, a week after its day.
 */
export function isLive(entry: Pick<LifecycleEntry, "scheduled" | "valid">, now: Date): boolean {
  if (entry.scheduled && now.getTime() < Date.parse(entry.scheduled)) return false;
  const end = entry.valid
    ? Date.parse(entry.valid) + DAY_MS
    : entry.scheduled
      ? Date.parse(entry.scheduled) + CAMPAIGN_DAYS * DAY_MS
      : Infinity;
  return now.getTime() < end;
}

/** Whether a teacher belongs to an entry's audience at `now` (account, country, interval, stream). */
export function inAudience(entry: LifecycleEntry, r: LifecycleRecipient, now: Date): boolean {
  if (!r.emailVerified) return false;
  if (entry.country.length && !(r.countryCode && entry.country.includes(r.countryCode)))
    return false;
  if (entry.interval !== null && r.membershipPlanInterval !== entry.interval) return false;
  if (entry.stream === "app" && !r.appNewsletterAcceptedAt) return false;
  if (entry.stream === "marketing" && !r.marketingNewsletterAcceptedAt) return false;
  const paying = isPremiumMember(r);
  const trial = !paying && isTrialActive(r, now);
  switch (entry.account) {
    case "premium":
      return paying;
    case "trial":
      return trial && r.signUpTrial;
    case "free":
      return !paying && !trial && !r.schoolPremium;
    default:
      return true;
  }
}

/**
 * A campaign without `valid` goes to accounts that existed on its date; with `valid`, to
 * everyone in the audience until then.
 */
export function campaignReaches(entry: LifecycleEntry, r: LifecycleRecipient): boolean {
  return !entry.scheduled || entry.valid !== null || r.createdAt <= new Date(entry.scheduled);
}
