import { parseUtcDateTimeLocal } from "~/lib/time";
import { z } from "~/lib/zod";

/**
 * Admin → Campaigns (issue 15 item 4): the Thanksgiving and WOŚP access campaigns and the
 * Happy Week discount, each switched on or off with its dates (datetime-local values read as
 * UTC, as the maintenance end). The same rules as content/info/promotions.yml: a campaign
 * starts before it ends, and access lasts at least until the campaign ends. A campaign that
 * is off needs nothing else.
 */

type Issue = (path: string, key: string) => void;
const at = (value: string | undefined) => parseUtcDateTimeLocal(value)?.getTime() ?? null;

function checkDates(c: { startsAt?: string; endsAt?: string }, issue: Issue) {
  for (const field of ["startsAt", "endsAt"] as const)
    if (!c[field]) issue(field, "validation.required");
    else if (at(c[field]) === null) issue(field, "adminCampaigns.error.moment");
  const start = at(c.startsAt);
  const end = at(c.endsAt);
  if (start !== null && end !== null && start >= end) issue("endsAt", "adminCampaigns.error.order");
}

const text = (max: number) => z.string().trim().max(max).optional();

const AccessFormSchema = z
  .object({
    enabled: z.literal("on").optional(),
    startsAt: text(30),
    endsAt: text(30),
    accessUntil: text(30),
    countries: text(200),
  })
  .superRefine((c, ctx) => {
    if (c.enabled !== "on") return;
    const issue: Issue = (path, key) =>
      ctx.addIssue({ code: "custom", path: [path], params: { key } });
    checkDates(c, issue);
    if (!c.accessUntil) issue("accessUntil", "validation.required");
    else if (at(c.accessUntil) === null) issue("accessUntil", "adminCampaigns.error.moment");
    else if (at(c.endsAt) !== null && (at(c.accessUntil) as number) < (at(c.endsAt) as number))
      issue("accessUntil", "adminCampaigns.error.accessUntil");
    if (c.countries && !/^[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*$/.test(c.countries))
      issue("countries", "adminCampaigns.error.countries");
  });

const DiscountFormSchema = z
  .object({
    enabled: z.literal("on").optional(),
    startsAt: text(30),
    endsAt: text(30),
    percentOff: text(5),
    promotionCode: text(40),
  })
  .superRefine((c, ctx) => {
    if (c.enabled !== "on") return;
    const issue: Issue = (path, key) =>
      ctx.addIssue({ code: "custom", path: [path], params: { key } });
    checkDates(c, issue);
    const percent = Number(c.percentOff);
    if (!c.percentOff) issue("percentOff", "validation.required");
    else if (!Number.isInteger(percent) || percent < 1 || percent > 90)
      issue("percentOff", "adminCampaigns.error.percent");
    if (!c.promotionCode) issue("promotionCode", "validation.required");
    else if (!/^[A-Z0-9]{4,32}$/.test(c.promotionCode))
      issue("promotionCode", "adminCampaigns.error.code");
  });

export const CampaignsFormSchema = z.object({
  thanksgiving: AccessFormSchema.default({}),
  wosp: AccessFormSchema.default({}),
  happyWeek: DiscountFormSchema.default({}),
});
export type CampaignsForm = z.infer<typeof CampaignsFormSchema>;
