import { describe, expect, it } from "vitest";
import { claimableCampaign, discountState, isRunning, PromotionsSchema } from "./promotions";

/** Campaigns made for these tests: the content file's dates never decide an outcome here. */
const promotions = PromotionsSchema.parse({
  access: [
    {
      id: "thanksgiving",
      startsAt: "2030-11-28T00:00:00Z",
      endsAt: "2030-12-03T00:00:00Z",
      accessUntil: "2030-12-17T00:00:00Z",
      countries: [],
    },
    {
      id: "wosp",
      startsAt: "2031-01-20T00:00:00Z",
      endsAt: "2031-02-01T00:00:00Z",
      accessUntil: "2031-02-28T00:00:00Z",
      countries: ["PL"],
    },
  ],
  discount: {
    id: "happy-week",
    startsAt: "2030-11-25T00:00:00Z",
    endsAt: "2030-12-02T00:00:00Z",
    percentOff: 30,
    promotionCode: "HAPPYWEEK",
  },
});

const at = (iso: string) => new Date(iso);

describe("promotion campaigns", () => {
  it("runs from its start (included) to its end (excluded)", () => {
    const c = { startsAt: at("2030-01-01T00:00:00Z"), endsAt: at("2030-01-02T00:00:00Z") };
    expect(isRunning(c, at("2029-12-31T23:59:59.999Z"))).toBe(false);
    expect(isRunning(c, at("2030-01-01T00:00:00Z"))).toBe(true);
    expect(isRunning(c, at("2030-01-01T23:59:59.999Z"))).toBe(true);
    expect(isRunning(c, at("2030-01-02T00:00:00Z"))).toBe(false);
  });

  it("offers the running access campaign to teachers from any country, or only the listed ones", () => {
    const inThanksgiving = at("2030-11-30T12:00:00Z");
    expect(claimableCampaign(promotions, "DE", inThanksgiving)?.id).toBe("thanksgiving");
    expect(claimableCampaign(promotions, null, inThanksgiving)?.id).toBe("thanksgiving");

    const inWosp = at("2031-01-25T12:00:00Z");
    expect(claimableCampaign(promotions, "PL", inWosp)?.id).toBe("wosp");
    expect(claimableCampaign(promotions, "DE", inWosp)).toBeNull();
    expect(claimableCampaign(promotions, null, inWosp)).toBeNull();
  });

  it("offers nothing between campaigns", () => {
    expect(claimableCampaign(promotions, "PL", at("2030-12-10T00:00:00Z"))).toBeNull();
    expect(claimableCampaign(promotions, "PL", at("2031-02-01T00:00:00Z"))).toBeNull();
    expect(
      claimableCampaign({ access: [], discount: null }, "PL", at("2030-11-30T00:00:00Z")),
    ).toBe(null);
  });

  it("tells the discount's state before, during and after it, and without one", () => {
    expect(discountState(promotions, at("2030-11-24T23:59:59Z")).state).toBe("upcoming");
    expect(discountState(promotions, at("2030-11-25T00:00:00Z")).state).toBe("running");
    expect(discountState(promotions, at("2030-12-02T00:00:00Z")).state).toBe("ended");
    expect(discountState({ access: [], discount: null }, at("2030-11-26T00:00:00Z"))).toEqual({
      state: "none",
    });
  });

  it("refuses campaigns that end before they start or give access shorter than they run", () => {
    const base = {
      id: "thanksgiving",
      startsAt: "2030-11-28T00:00:00Z",
      endsAt: "2030-12-03T00:00:00Z",
      accessUntil: "2030-12-17T00:00:00Z",
    };
    expect(PromotionsSchema.safeParse({ access: [base] }).success).toBe(true);
    expect(
      PromotionsSchema.safeParse({ access: [{ ...base, endsAt: "2030-11-27T00:00:00Z" }] }).success,
    ).toBe(false);
    expect(
      PromotionsSchema.safeParse({ access: [{ ...base, accessUntil: "2030-12-01T00:00:00Z" }] })
        .success,
    ).toBe(false);
    expect(PromotionsSchema.safeParse({ access: [{ ...base, countries: ["pl"] }] }).success).toBe(
      false,
    );
    expect(PromotionsSchema.safeParse({ access: [{ ...base, startsAt: "soon" }] }).success).toBe(
      false,
    );
  });
});
