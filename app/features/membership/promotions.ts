import { z } from "~/lib/zod";

/**
 * Promotion campaigns (spec §1: thanksgiving and wosp give premium access until a date; the
 * happy-week page offers a time-boxed discount). Defined in content/info/promotions.yml so
 * an operator changes dates without touching code; validated at build like all content.
 */

const isoDate = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO 8601 date")
  .transform((v) => new Date(v));

const AccessCampaignSchema = z
  .object({
    id: z.enum(["thanksgiving", "wosp"]),
    startsAt: isoDate,
    endsAt: isoDate,
    accessUntil: isoDate,
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)).default([]),
  })
  .refine((c) => c.startsAt < c.endsAt, {
    message: "startsAt must be before endsAt",
    path: ["endsAt"],
  })
  .refine((c) => c.accessUntil >= c.endsAt, {
    message: "accessUntil must not be before endsAt",
    path: ["accessUntil"],
  });

const DiscountCampaignSchema = z
  .object({
    id: z.literal("happy-week"),
    startsAt: isoDate,
    endsAt: isoDate,
    percentOff: z.number().int().min(1).max(90),
    promotionCode: z.string().regex(/^[A-Z0-9]{4,32}$/),
  })
  .refine((c) => c.startsAt < c.endsAt, {
    message: "startsAt must be before endsAt",
    path: ["endsAt"],
  });

export const PromotionsSchema = z.object({
  access: z.array(AccessCampaignSchema).default([]),
  discount: DiscountCampaignSchema.nullable().default(null),
});

export type AccessCampaign = z.infer<typeof AccessCampaignSchema>;
type DiscountCampaign = z.infer<typeof DiscountCampaignSchema>;
export type Promotions = z.infer<typeof PromotionsSchema>;

export function isRunning(c: { startsAt: Date; endsAt: Date }, now: Date): boolean {
  return c.startsAt.getTime() <= now.getTime() && now.getTime() < c.endsAt.getTime();
}

/** The access campaign a teacher from this country can claim now, if any. */
export function claimableCampaign(
  promotions: Promotions,
  country: string | null,
  now: Date,
): AccessCampaign | null {
  return (
    promotions.access.find(
      (c) =>
        isRunning(c, now) &&
        (c.countries.length === 0 || (country !== null && c.countries.includes(country))),
    ) ?? null
  );
}

export type DiscountState =
  | { state: "running"; campaign: DiscountCampaign }
  | { state: "upcoming"; campaign: DiscountCampaign }
  | { state: "ended"; campaign: DiscountCampaign }
  | { state: "none" };

export function discountState(promotions: Promotions, now: Date): DiscountState {
  const c = promotions.discount;
  if (!c) return { state: "none" };
  if (isRunning(c, now)) return { state: "running", campaign: c };
  return now.getTime() < c.startsAt.getTime()
    ? { state: "upcoming", campaign: c }
    : { state: "ended", campaign: c };
}
