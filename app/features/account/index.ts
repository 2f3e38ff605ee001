// The account feature's public module (browser and server): other features import it only from here
// (ESLint enforces it); everything else in the folder is the feature's own.
export {
  MEMBERSHIP_PLAN,
  PREMIUM_STATUSES,
  SUBSCRIPTION_RECHECK_MS,
  isNovice,
  isOrganizationPremium,
  isPremiumActive,
  isPremiumMember,
  isPremiumStatus,
  isRecheckDue,
  isTrialActive,
} from "./user-states";
export type { MembershipFields } from "./user-states";
