import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import { PLAN_NAME_KEY, premiumOffer, profilePlan } from "./plan-name";

const none = { isOrganizationPremiumMember: false, isPremiumMember: false, trial: null };
const trial = (promotion: "wosp" | "thanksgiving" | "grant" | null) => ({
  ...none,
  trial: { expiresAt: "2027-03-05T14:30:00.000Z", daysLeft: 3, promotion },
});

describe("plan names (issue 21 item 4)", () => {
  it.each([
    ["free", none, "free", "Free plan", "goPremium"],
    ["trial", trial(null), "trial", "Premium trial", "keepPremium"],
    ["WOŚP promotion", trial("wosp"), "access", "Premium access", "keepPremium"],
    ["redeemed code", trial("grant"), "access", "Premium access", "keepPremium"],
    ["own subscription", { ...none, isPremiumMember: true }, "premium", "Premium", null],
    [
      "school, also on a trial",
      { ...trial(null), isOrganizationPremiumMember: true },
      "school",
      "School Premium",
      null,
    ],
  ] as const)("%s", (_name, profile, kind, name, offer) => {
    expect(profilePlan(profile)).toBe(kind);
    expect((en as Record<string, string>)[PLAN_NAME_KEY[kind]]).toBe(name);
    expect(premiumOffer(kind)).toBe(offer);
  });
});
