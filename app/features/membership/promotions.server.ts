import { anonymousViewer, contentStore } from "~/features/content/store.server";
import { isPremiumMember } from "~/features/account/user-states";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Services } from "~/lib/services.server";
import { grantAccess } from "./grants.server";
import { claimableCampaign, PromotionsSchema, type Promotions } from "./promotions";

const EMPTY: Promotions = { access: [], discount: null };
let cached: { version: string; value: Promotions } | null = null;
const parsedOverrides = new WeakMap<object, Promotions>();

/**
 * The running campaigns' definitions: those stored in the database when an operator (or a
 * test) set them, otherwise content/info/promotions.yml (re-read when the content changes).
 */
export async function loadPromotions(services: Services): Promise<Promotions> {
  const override = services.flags.getPromotions();
  if (override !== undefined && typeof override === "object" && override !== null) {
    const known = parsedOverrides.get(override);
    if (known) return known;
    const parsed = PromotionsSchema.safeParse(override);
    if (!parsed.success)
      services.log.error({ issues: parsed.error.issues }, "stored promotions are invalid");
    const value = parsed.success ? parsed.data : EMPTY;
    parsedOverrides.set(override, value);
    return value;
  }
  const store = await contentStore(services.database);
  const version = store.versions.info ?? "";
  if (cached?.version === version) return cached.value;
  const [row] = await store
    .query("info", anonymousViewer(services.clock.now()))
    .where("stem", "=", "promotions")
    .select("meta")
    .all();
  const parsed = PromotionsSchema.safeParse(row?.meta ?? {});
  if (!parsed.success)
    services.log.error({ issues: parsed.error.issues }, "content/info/promotions.yml is invalid");
  const value = parsed.success ? parsed.data : EMPTY;
  cached = { version, value };
  return value;
}

/** Replaces the campaigns for every instance (null: back to content/info/promotions.yml). */
export async function savePromotions(services: Services, promotions: Promotions | null) {
  await services.flags.setPromotions(
    promotions === null
      ? null
      : {
          access: promotions.access.map((c) => ({
            ...c,
            startsAt: c.startsAt.toISOString(),
            endsAt: c.endsAt.toISOString(),
            accessUntil: c.accessUntil.toISOString(),
          })),
          discount: promotions.discount && {
            ...promotions.discount,
            startsAt: promotions.discount.startsAt.toISOString(),
            endsAt: promotions.discount.endsAt.toISOString(),
          },
        },
  );
}

/**
 * A free teacher who opens Parley while an access campaign runs gets premium access until
 * the campaign's date, once per campaign. Answers the user with the grant applied (the
 * session was read before it).
 */
export async function claimPromotion(
  services: Services,
  user: SessionUser,
  now: Date = services.clock.now(),
): Promise<SessionUser> {
  const campaign = claimableCampaign(await loadPromotions(services), user.data.countryCode, now);
  if (!campaign || user.data[campaign.id] || isPremiumMember(user.data)) return user;
  const outcome = await grantAccess(
    services,
    user.id,
    { until: campaign.accessUntil },
    campaign.id,
    now,
  );
  if (!outcome.ok) return user;
  services.log.info({ userId: user.id, campaign: campaign.id }, "promotion claimed");
  return {
    ...user,
    data: {
      ...user.data,
      [campaign.id]: true,
      trialExpiresAt: outcome.until,
      subscriptionId: null,
      trialReminderSentAt: null,
    },
  };
}
