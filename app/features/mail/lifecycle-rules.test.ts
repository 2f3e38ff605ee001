import { describe, expect, it } from "vitest";
import {
  campaignReaches,
  entryProblems,
  inAudience,
  isLive,
  type LifecycleEntry,
  type LifecycleRecipient,
} from "./lifecycle-rules";

const now = new Date("2026-12-10T12:00:00Z");

const entry = (over: Partial<LifecycleEntry> = {}): LifecycleEntry => ({
  slug: "digest",
  locale: "en",
  subject: "News for {{firstName}}",
  stream: "app",
  account: "all",
  country: [],
  interval: null,
  scheduled: "2026-12-03T00:00:00.000Z",
  valid: null,
  body: "<p>Hello {{firstName}}</p>",
  ...over,
});

const teacher = (over: Partial<LifecycleRecipient> = {}): LifecycleRecipient => ({
  createdAt: new Date("2026-11-01T00:00:00Z"),
  emailVerified: true,
  countryCode: "PL",
  membershipPlan: 0,
  membershipPlanInterval: null,
  subscriptionId: null,
  subscriptionStatus: null,
  trialExpiresAt: null,
  appNewsletterAcceptedAt: now,
  marketingNewsletterAcceptedAt: null,
  schoolPremium: false,
  signUpTrial: true,
  ...over,
});

const paying = { membershipPlan: 1, subscriptionStatus: "ACTIVE", subscriptionId: "sub_1" };
const onTrial = { trialExpiresAt: new Date(now.getTime() + 3600_000) };

describe("lifecycle rules", () => {
  it("honours the stream's consent and a verified address", () => {
    expect(inAudience(entry(), teacher(), now)).toBe(true);
    expect(inAudience(entry(), teacher({ appNewsletterAcceptedAt: null }), now)).toBe(false);
    expect(inAudience(entry({ stream: "marketing" }), teacher(), now)).toBe(false);
    expect(
      inAudience(entry({ stream: "account" }), teacher({ appNewsletterAcceptedAt: null }), now),
    ).toBe(true);
    expect(inAudience(entry(), teacher({ emailVerified: false }), now)).toBe(false);
  });

  it("honours the account state, the country and the plan interval", () => {
    expect(inAudience(entry({ account: "premium" }), teacher(paying), now)).toBe(true);
    expect(inAudience(entry({ account: "premium" }), teacher(onTrial), now)).toBe(false);
    expect(inAudience(entry({ account: "trial" }), teacher(onTrial), now)).toBe(true);
    expect(
      inAudience(entry({ account: "trial" }), teacher({ ...onTrial, signUpTrial: false }), now),
    ).toBe(false);
    expect(inAudience(entry({ account: "free" }), teacher(), now)).toBe(true);
    expect(inAudience(entry({ account: "free" }), teacher(onTrial), now)).toBe(false);
    expect(inAudience(entry({ account: "free" }), teacher({ schoolPremium: true }), now)).toBe(
      false,
    );
    expect(inAudience(entry({ country: ["DE", "AT"] }), teacher(), now)).toBe(false);
    expect(inAudience(entry({ country: ["PL"] }), teacher(), now)).toBe(true);
    expect(inAudience(entry({ country: ["PL"] }), teacher({ countryCode: null }), now)).toBe(false);
    expect(
      inAudience(entry({ interval: 12 }), teacher({ ...paying, membershipPlanInterval: 1 }), now),
    ).toBe(false);
    expect(
      inAudience(entry({ interval: 12 }), teacher({ ...paying, membershipPlanInterval: 12 }), now),
    ).toBe(true);
  });

  it("goes out from the scheduled day to the last valid day, inclusive", () => {
    const e = entry({ valid: "2026-12-10T00:00:00.000Z" });
    expect(isLive(e, new Date("2026-12-02T23:59:00Z"))).toBe(false);
    expect(isLive(e, new Date("2026-12-03T00:00:00Z"))).toBe(true);
    expect(isLive(e, new Date("2026-12-10T23:59:00Z"))).toBe(true);
    expect(isLive(e, new Date("2026-12-11T00:00:00Z"))).toBe(false);
  });

  it("goes out during its week when no valid date is given", () => {
    const e = entry();
    expect(isLive(e, new Date("2026-12-09T23:59:00Z"))).toBe(true);
    expect(isLive(e, new Date("2026-12-10T00:00:00Z"))).toBe(false);
    expect(isLive(entry({ scheduled: null, account: "trial" }), new Date("2030-01-01"))).toBe(true);
  });

  it("reaches accounts created later only while a valid date says so", () => {
    const late = teacher({ createdAt: new Date("2026-12-05T00:00:00Z") });
    expect(campaignReaches(entry(), late)).toBe(false);
    expect(campaignReaches(entry(), teacher())).toBe(true);
    expect(campaignReaches(entry({ valid: "2026-12-31T00:00:00.000Z" }), late)).toBe(true);
  });

  it("reports entries the engine cannot honour", () => {
    expect(entryProblems(entry())).toEqual([]);
    expect(entryProblems(entry({ scheduled: null }))).toHaveLength(2);
    expect(entryProblems(entry({ body: "{{trialEndDate}} {{nope}}" }))).toHaveLength(2);
    expect(
      entryProblems(
        entry({ account: "trial", stream: "account", scheduled: null, body: "{{trialEndDate}}" }),
      ),
    ).toEqual([]);
    expect(entryProblems(entry({ valid: "2026-12-01T00:00:00.000Z" }))).toHaveLength(1);
  });
});
