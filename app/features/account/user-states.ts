import { hasRole, ROLE } from "~/lib/auth/roles";
import { DAY_MS } from "~/lib/time";

/**
 * Derived user states of spec §4.1 with the spec's constants (§9). Pure functions of the
 * stored fields and the current time; nothing here reads the database.
 */
const TRIAL_USED_WINDOW_DAYS = 30;
const NOVICE_WINDOW_DAYS = 14;
/** Spec §4.3: a stored subscription status is re-read from Stripe once it is a day old. */
export const SUBSCRIPTION_RECHECK_MS = DAY_MS;

export const MEMBERSHIP_PLAN = { FREE: 0, PREMIUM: 1 } as const;
export type SubscriptionStatus =
  | "ACTIVE"
  | "PAST_DUE"
  | "INCOMPLETE"
  | "INCOMPLETE_EXPIRED"
  | "CANCELED"
  | "TRIALING"
  | "INFINITE"
  | "UNKNOWN";
export const PREMIUM_STATUSES: readonly SubscriptionStatus[] = [
  "TRIALING",
  "ACTIVE",
  "PAST_DUE",
  "INFINITE",
];

export interface MembershipFields {
  membershipPlan: number | null;
  subscriptionStatus: string | null;
}

export interface TrialFields {
  trialExpiresAt: Date | null;
  membershipPlan: number | null;
  subscriptionId: string | null;
}

/** A status counts for premium when it is one of the four, compared case-insensitively. */
export function isPremiumStatus(status: string | null | undefined): boolean {
  if (!status) return false;
  return PREMIUM_STATUSES.includes(status.trim().toUpperCase() as SubscriptionStatus);
}

/** Premium member: plan PREMIUM and a premium-counting status. */
export function isPremiumMember(fields: MembershipFields): boolean {
  return (
    fields.membershipPlan === MEMBERSHIP_PLAN.PREMIUM && isPremiumStatus(fields.subscriptionStatus)
  );
}

/** Organization premium: the same rule applied to the organization. */
export function isOrganizationPremium(organization: MembershipFields | null | undefined): boolean {
  return organization ? isPremiumMember(organization) : false;
}

/** Trial active: an expiry, a plan, no subscription, and now before the expiry. */
export function isTrialActive(fields: TrialFields, now: Date): boolean {
  return (
    fields.trialExpiresAt !== null &&
    fields.membershipPlan !== null &&
    !fields.subscriptionId &&
    now.getTime() < fields.trialExpiresAt.getTime()
  );
}

/** Trial used: the expiry is in the past and less than 30 days ago. */
export function isTrialUsed(fields: Pick<TrialFields, "trialExpiresAt">, now: Date): boolean {
  if (!fields.trialExpiresAt) return false;
  const since = now.getTime() - fields.trialExpiresAt.getTime();
  return since > 0 && since < TRIAL_USED_WINDOW_DAYS * DAY_MS;
}

/** Was premium: a subscription id, an expiry, and the expiry in the past. */
export function wasPremium(
  fields: { subscriptionId: string | null; subscriptionExpiredAt: Date | null },
  now: Date,
): boolean {
  return (
    Boolean(fields.subscriptionId) &&
    fields.subscriptionExpiredAt !== null &&
    fields.subscriptionExpiredAt.getTime() < now.getTime()
  );
}

/** Premium active: personal premium, or an active trial, or organization premium. */
export function isPremiumActive(
  fields: MembershipFields & TrialFields,
  organization: MembershipFields | null | undefined,
  now: Date,
): boolean {
  return (
    isPremiumMember(fields) || isTrialActive(fields, now) || isOrganizationPremium(organization)
  );
}

/** Novice: the account is at most 14 days old. */
export function isNovice(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() <= NOVICE_WINDOW_DAYS * DAY_MS;
}

/** Was beta user: created before the configured beta-end date. */
export function wasBetaUser(createdAt: Date, betaEndDate: Date): boolean {
  return createdAt.getTime() < betaEndDate.getTime();
}

/** Ask for review: eligible, and neither started nor completed. */
export function shouldAskReview(fields: {
  reviewAskEligible: boolean;
  reviewStartedAt: Date | null;
  reviewCompletedAt: Date | null;
}): boolean {
  return fields.reviewAskEligible && !fields.reviewStartedAt && !fields.reviewCompletedAt;
}

/** Secure: every flag in the security object is falsy (no object: nothing flagged). */
export function isSecure(security: Record<string, unknown> | null | undefined): boolean {
  return !security || Object.values(security).every((flag) => !flag);
}

/** Gifts and trial offers exist as flags but are always false (spec §4.1; see decision 005). */
export function hasGift(): boolean {
  return false;
}
export function hasTrialOffer(): boolean {
  return false;
}

export const isAdminRole = (role: number) => hasRole(role, ROLE.ADMIN);
export const isTeacherRole = (role: number) => hasRole(role, ROLE.TEACHER);
export const isStudentRole = (role: number) => hasRole(role, ROLE.STUDENT);

/** Whole days left until an expiry, counting a started day as a day (0 when past). */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

/** Whether a subscription's stored status is due for a re-check (spec §4.3). */
export function needsSubscriptionRecheck(
  fields: { subscriptionId: string | null; subscriptionStatusUpdatedAt: Date | null },
  now: Date,
): boolean {
  return fields.subscriptionId !== null && isRecheckDue(fields.subscriptionStatusUpdatedAt, now);
}

/** The one re-check rule (spec §4.3): never checked, or last checked over a day ago. */
export function isRecheckDue(updatedAt: Date | null, now: Date): boolean {
  return !updatedAt || now.getTime() - updatedAt.getTime() > SUBSCRIPTION_RECHECK_MS;
}

/** Avatar initials: uppercase first letters of first and last name, empty if either is missing. */
export function avatarInitials(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const first = firstName?.trim();
  const last = lastName?.trim();
  if (!first || !last) return "";
  return `${[...first][0] ?? ""}${[...last][0] ?? ""}`.toUpperCase();
}
