import type { ProfileView } from "~/features/account/index.server";
import type { MessageKey } from "~/lib/i18n/translate";

/**
 * One name per plan, the same on the dashboard, in the top bar and on the membership page
 * (issue 21): the free plan, a trial, premium access from a promotion, a redeem code or an
 * administrator, an own subscription (or Premium with no end), and a school's plan.
 */
export type PlanKind = "free" | "trial" | "access" | "premium" | "school";

export const PLAN_NAME_KEY: Record<PlanKind, MessageKey> = {
  free: "dashboard.plan.free",
  trial: "dashboard.plan.trial",
  access: "membership.plan.access",
  premium: "dashboard.plan.premium",
  school: "dashboard.plan.school",
};

/** The plan a profile is on, the school's first (it comes before any trial or promotion). */
export function profilePlan(
  profile: Pick<ProfileView, "isOrganizationPremiumMember" | "isPremiumMember" | "trial">,
): PlanKind {
  if (profile.isOrganizationPremiumMember) return "school";
  if (profile.isPremiumMember) return "premium";
  if (profile.trial) return profile.trial.promotion ? "access" : "trial";
  return "free";
}

/** Whether to offer buying Premium: only to a teacher who has none (a trial ends, so it asks to keep it). */
export function premiumOffer(plan: PlanKind): "goPremium" | "keepPremium" | null {
  if (plan === "free") return "goPremium";
  if (plan === "trial" || plan === "access") return "keepPremium";
  return null;
}
