import type { Services } from "~/lib/services.server";
import { parseUtcDateTimeLocal } from "~/lib/time";
import type { CampaignsForm } from "./campaigns-form";
import { isRunning, type Promotions } from "./promotions";
import { loadPromotions, savePromotions } from "./promotions.server";

/**
 * Admin → Campaigns (issue 15 item 4): the campaigns as the panel shows and saves them. Saved
 * campaigns are stored in the database for every instance (they replace
 * content/info/promotions.yml, and take effect without a restart); "use the content file"
 * goes back to the file's.
 */

export type CampaignState = "off" | "upcoming" | "running" | "ended";

const local = (d: Date) => d.toISOString().slice(0, 16);
const utc = (v: string | undefined) => parseUtcDateTimeLocal(v) as Date;

function stateOf(c: { startsAt: Date; endsAt: Date } | null | undefined, now: Date): CampaignState {
  if (!c) return "off";
  if (isRunning(c, now)) return "running";
  return c.startsAt.getTime() > now.getTime() ? "upcoming" : "ended";
}

/** What the page shows: each campaign's fields and state, and where they come from. */
export async function campaignsPage(services: Services) {
  const promotions = await loadPromotions(services);
  const now = services.clock.now();
  const access = (id: "thanksgiving" | "wosp") => {
    const c = promotions.access.find((a) => a.id === id);
    return {
      state: stateOf(c, now),
      values: c
        ? {
            enabled: "on",
            startsAt: local(c.startsAt),
            endsAt: local(c.endsAt),
            accessUntil: local(c.accessUntil),
            countries: c.countries.join(", "),
          }
        : {},
    };
  };
  const d = promotions.discount;
  return {
    fromPanel: services.flags.getPromotions() !== undefined,
    thanksgiving: access("thanksgiving"),
    wosp: access("wosp"),
    happyWeek: {
      state: stateOf(d, now),
      values: d
        ? {
            enabled: "on",
            startsAt: local(d.startsAt),
            endsAt: local(d.endsAt),
            percentOff: String(d.percentOff),
            promotionCode: d.promotionCode,
          }
        : {},
    },
  };
}

/** The campaigns a checked form describes, saved for every instance. */
export async function saveCampaigns(services: Services, form: CampaignsForm) {
  const access: Promotions["access"] = [];
  for (const id of ["thanksgiving", "wosp"] as const) {
    const c = form[id];
    if (c.enabled !== "on") continue;
    access.push({
      id,
      startsAt: utc(c.startsAt),
      endsAt: utc(c.endsAt),
      accessUntil: utc(c.accessUntil),
      countries: (c.countries ?? "")
        .split(",")
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    });
  }
  const h = form.happyWeek;
  await savePromotions(services, {
    access,
    discount:
      h.enabled === "on"
        ? {
            id: "happy-week",
            startsAt: utc(h.startsAt),
            endsAt: utc(h.endsAt),
            percentOff: Number(h.percentOff),
            promotionCode: h.promotionCode ?? "",
          }
        : null,
  });
}

/** Back to content/info/promotions.yml for every instance. */
export async function restoreContentCampaigns(services: Services) {
  await savePromotions(services, null);
}
