import { eq } from "drizzle-orm";
import { userData } from "@db/schema";
import { anonymousViewer, contentStore } from "~/features/content/index.server";
import { loadUserOrganization, type UserOrganization } from "~/features/account/index.server";
import { isOrganizationPremium, isPremiumMember } from "~/features/account";
import { hasRole, ROLE } from "~/lib/auth/roles";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Services } from "~/lib/services.server";
import { grantAccess } from "./grants.server";
import {
  claimableCampaign,
  PromotionsSchema,
  type AccessCampaign,
  type Promotions,
} from "./promotions";

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
 * The access campaign a free teacher may claim now, if any: not for a teacher who pays or
 * whose school gives them Premium. Asking grants nothing: pages (GET) only show the offer;
 * claiming is the explicit step below.
 */
export async function promotionOffer(
  services: Services,
  user: SessionUser,
  now: Date = services.clock.now(),
  /** The user's school when the caller has loaded it already (the root loader has). */
  membership?: Promise<UserOrganization | null>,
): Promise<AccessCampaign | null> {
  if (!hasRole(user.data.role, ROLE.TEACHER) || isPremiumMember(user.data)) return null;
  const campaign = claimableCampaign(await loadPromotions(services), user.data.countryCode, now);
  if (!campaign || user.data[campaign.id]) return null;
  const school = await (membership ?? loadUserOrganization(services.db, user.id));
  if (isOrganizationPremium(school?.organization)) return null;
  return campaign;
}

/**
 * The teacher claims the running campaign (the "Claim your free premium" button, a POST):
 * premium access until the campaign's date, once per campaign. Idempotent: the flag is read
 * again from the database, and a repeated claim grants the same end date. Answers whether
 * this call granted it.
 */
export async function claimPromotion(
  services: Services,
  user: SessionUser,
  now: Date = services.clock.now(),
): Promise<boolean> {
  const campaign = await promotionOffer(services, user, now);
  if (!campaign) return false;
  const [fresh] = await services.db
    .select({ claimed: userData[campaign.id] })
    .from(userData)
    .where(eq(userData.userId, user.id));
  if (!fresh || fresh.claimed) return false;
  const outcome = await grantAccess(
    services,
    user.id,
    { until: campaign.accessUntil },
    campaign.id,
    now,
  );
  if (!outcome.ok) return false;
  services.log.info({ userId: user.id, campaign: campaign.id }, "promotion claimed");
  return true;
}
