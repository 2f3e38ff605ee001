import { describe, expect, it } from "vitest";
import {
  avatarInitials,
  daysLeft,
  hasGift,
  hasTrialOffer,
  isAdminRole,
  isNovice,
  isOrganizationPremium,
  isPremiumActive,
  isPremiumMember,
  isPremiumStatus,
  isSecure,
  isStudentRole,
  isTeacherRole,
  isTrialActive,
  isTrialUsed,
  needsSubscriptionRecheck,
  shouldAskReview,
  wasBetaUser,
  wasPremium,
} from "./user-states";

const NOW = new Date("2026-11-22T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

describe("premium status (case-insensitive)", () => {
  it.each([
    ["ACTIVE", true],
    ["active", true],
    [" Trialing ", true],
    ["PAST_DUE", true],
    ["past_due", true],
    ["INFINITE", true],
    ["CANCELED", false],
    ["INCOMPLETE", false],
    ["INCOMPLETE_EXPIRED", false],
    ["UNKNOWN", false],
    ["", false],
    [null, false],
  ])("%s → %s", (status, expected) => {
    expect(isPremiumStatus(status)).toBe(expected);
  });
});

describe("premium member", () => {
  it.each([
    [{ membershipPlan: 1, subscriptionStatus: "ACTIVE" }, true],
    [{ membershipPlan: 1, subscriptionStatus: "trialing" }, true],
    [{ membershipPlan: 1, subscriptionStatus: "CANCELED" }, false],
    [{ membershipPlan: 0, subscriptionStatus: "ACTIVE" }, false],
    [{ membershipPlan: null, subscriptionStatus: "ACTIVE" }, false],
    [{ membershipPlan: 1, subscriptionStatus: null }, false],
  ])("%o → %s", (fields, expected) => {
    expect(isPremiumMember(fields)).toBe(expected);
  });

  it("applies the same rule to organizations", () => {
    expect(isOrganizationPremium({ membershipPlan: 1, subscriptionStatus: "Active" })).toBe(true);
    expect(isOrganizationPremium({ membershipPlan: 0, subscriptionStatus: "ACTIVE" })).toBe(false);
    expect(isOrganizationPremium(null)).toBe(false);
  });
});

describe("trial active", () => {
  const base = { membershipPlan: 0, subscriptionId: null };
  it.each([
    ["expiry tomorrow", { ...base, trialExpiresAt: at(DAY) }, true],
    ["expiry one millisecond ahead", { ...base, trialExpiresAt: at(1) }, true],
    ["expiry equal to now", { ...base, trialExpiresAt: at(0) }, false],
    ["expiry in the past", { ...base, trialExpiresAt: at(-1) }, false],
    ["no expiry", { ...base, trialExpiresAt: null }, false],
    ["no plan", { ...base, membershipPlan: null, trialExpiresAt: at(DAY) }, false],
    ["has a subscription", { ...base, subscriptionId: "sub_1", trialExpiresAt: at(DAY) }, false],
  ])("%s", (_label, fields, expected) => {
    expect(isTrialActive(fields, NOW)).toBe(expected);
  });
});

describe("trial used (expired less than 30 days ago)", () => {
  it.each([
    ["not expired yet", at(DAY), false],
    ["expired now exactly", at(0), false],
    ["expired a second ago", at(-1000), true],
    ["expired 29 days ago", at(-29 * DAY), true],
    ["expired just under 30 days ago", at(-30 * DAY + 1), true],
    ["expired exactly 30 days ago", at(-30 * DAY), false],
    ["expired 31 days ago", at(-31 * DAY), false],
    ["never had one", null, false],
  ])("%s", (_label, trialExpiresAt, expected) => {
    expect(isTrialUsed({ trialExpiresAt }, NOW)).toBe(expected);
  });
});

describe("was premium", () => {
  it.each([
    [{ subscriptionId: "sub_1", subscriptionExpiredAt: at(-DAY) }, true],
    [{ subscriptionId: "sub_1", subscriptionExpiredAt: at(0) }, false],
    [{ subscriptionId: "sub_1", subscriptionExpiredAt: at(DAY) }, false],
    [{ subscriptionId: "sub_1", subscriptionExpiredAt: null }, false],
    [{ subscriptionId: null, subscriptionExpiredAt: at(-DAY) }, false],
  ])("%o → %s", (fields, expected) => {
    expect(wasPremium(fields, NOW)).toBe(expected);
  });
});

describe("premium active", () => {
  const free = {
    membershipPlan: 0,
    subscriptionStatus: null,
    subscriptionId: null,
    trialExpiresAt: null,
  };
  it.each([
    ["free, no organization", free, null, false],
    [
      "personal premium",
      { ...free, membershipPlan: 1, subscriptionStatus: "ACTIVE", subscriptionId: "sub" },
      null,
      true,
    ],
    ["active trial", { ...free, trialExpiresAt: at(DAY) }, null, true],
    ["expired trial", { ...free, trialExpiresAt: at(-DAY) }, null, false],
    [
      "organization premium without a personal plan",
      free,
      { membershipPlan: 1, subscriptionStatus: "active" },
      true,
    ],
    [
      "organization not premium",
      free,
      { membershipPlan: 1, subscriptionStatus: "CANCELED" },
      false,
    ],
    [
      "lower-case personal status",
      { ...free, membershipPlan: 1, subscriptionStatus: "past_due", subscriptionId: "s" },
      null,
      true,
    ],
  ])("%s", (_label, fields, organization, expected) => {
    expect(isPremiumActive(fields, organization, NOW)).toBe(expected);
  });
});

describe("novice (at most 14 days old)", () => {
  it.each([
    ["created now", at(0), true],
    ["13 days old", at(-13 * DAY), true],
    ["exactly 14 days old", at(-14 * DAY), true],
    ["14 days and a second", at(-14 * DAY - 1000), false],
    ["a year old", at(-365 * DAY), false],
  ])("%s", (_label, createdAt, expected) => {
    expect(isNovice(createdAt, NOW)).toBe(expected);
  });
});

describe("beta user", () => {
  const betaEnd = new Date("2023-01-01T00:00:00Z");
  it.each([
    [new Date("2022-12-31T23:59:59Z"), true],
    [betaEnd, false],
    [new Date("2024-05-01T00:00:00Z"), false],
  ])("created %s → %s", (createdAt, expected) => {
    expect(wasBetaUser(createdAt, betaEnd)).toBe(expected);
  });
});

describe("ask for review", () => {
  it.each([
    [{ reviewAskEligible: true, reviewStartedAt: null, reviewCompletedAt: null }, true],
    [{ reviewAskEligible: false, reviewStartedAt: null, reviewCompletedAt: null }, false],
    [{ reviewAskEligible: true, reviewStartedAt: at(-DAY), reviewCompletedAt: null }, false],
    [{ reviewAskEligible: true, reviewStartedAt: null, reviewCompletedAt: at(-DAY) }, false],
  ])("%o → %s", (fields, expected) => {
    expect(shouldAskReview(fields)).toBe(expected);
  });
});

describe("secure", () => {
  it.each([
    [null, true],
    [{}, true],
    [{ vpn: false, tor: false }, true],
    [{ vpn: false, tor: true }, false],
  ])("%o → %s", (security, expected) => {
    expect(isSecure(security)).toBe(expected);
  });
});

describe("roles by bit", () => {
  it.each([
    [1, { teacher: true, student: false, admin: false }],
    [2, { teacher: false, student: true, admin: false }],
    [4, { teacher: false, student: false, admin: true }],
    [5, { teacher: true, student: false, admin: true }],
    [0, { teacher: false, student: false, admin: false }],
  ])("role %i", (role, expected) => {
    expect({
      teacher: isTeacherRole(role),
      student: isStudentRole(role),
      admin: isAdminRole(role),
    }).toEqual(expected);
  });
});

describe("gift and trial offer", () => {
  it("are always false", () => {
    expect(hasGift()).toBe(false);
    expect(hasTrialOffer()).toBe(false);
  });
});

describe("subscription re-check (24 hours)", () => {
  it.each([
    ["no subscription", { subscriptionId: null, subscriptionStatusUpdatedAt: null }, false],
    ["never updated", { subscriptionId: "s", subscriptionStatusUpdatedAt: null }, true],
    [
      "updated an hour ago",
      { subscriptionId: "s", subscriptionStatusUpdatedAt: at(-3600_000) },
      false,
    ],
    [
      "updated exactly 24 hours ago",
      { subscriptionId: "s", subscriptionStatusUpdatedAt: at(-DAY) },
      false,
    ],
    [
      "updated 25 hours ago",
      { subscriptionId: "s", subscriptionStatusUpdatedAt: at(-DAY - 3600_000) },
      true,
    ],
  ])("%s", (_label, fields, expected) => {
    expect(needsSubscriptionRecheck(fields, NOW)).toBe(expected);
  });
});

describe("days left and initials", () => {
  it.each([
    [at(DAY), 1],
    [at(DAY - 1000), 1],
    [at(DAY + 1000), 2],
    [at(5 * DAY), 5],
    [at(-DAY), 0],
  ])("expiry %s → %i days", (expiry, expected) => {
    expect(daysLeft(expiry, NOW)).toBe(expected);
  });

  it.each([
    ["Anna", "Nowak", "AN"],
    ["ewa", "kowalska", "EK"],
    ["Łucja", "Żak", "ŁŻ"],
    ["Anna", "", ""],
    ["", "Nowak", ""],
    [null, "Nowak", ""],
  ])("%s %s → %s", (first, last, expected) => {
    expect(avatarInitials(first, last)).toBe(expected);
  });
});
