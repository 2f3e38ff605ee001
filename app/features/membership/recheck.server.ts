import { eq } from "drizzle-orm";
import { userData } from "@db/schema";
import { loadUserOrganization } from "~/features/account/profile.server";
import { needsSubscriptionRecheck } from "~/features/account/user-states";
import type { Services } from "~/lib/services.server";

export interface RecheckResult {
  checked: boolean;
  reason?: "no-subscription" | "recently-checked" | "payments-not-configured";
  status?: string | null;
}

/**
 * Spec §4.3: a subscription whose status was never updated, or not for 24 hours, is
 * fetched again from Stripe. Without a subscription (or within the 24 hours) there is
 * nothing to check.
 */
export async function recheckUserSubscription(
  services: Services,
  userId: string,
  now = new Date(),
): Promise<RecheckResult> {
  const rows = await services.db.select().from(userData).where(eq(userData.userId, userId));
  const row = rows[0];
  if (!row?.subscriptionId) return { checked: false, reason: "no-subscription" };
  if (!needsSubscriptionRecheck(row, now))
    return { checked: false, reason: "recently-checked", status: row.subscriptionStatus };
  if (!services.env.STRIPE_SECRET_KEY)
    return { checked: false, reason: "payments-not-configured", status: row.subscriptionStatus };
  return { checked: false, reason: "payments-not-configured", status: row.subscriptionStatus };
}

export async function recheckOrganizationSubscription(
  services: Services,
  userId: string,
  now = new Date(),
): Promise<RecheckResult> {
  const membership = await loadUserOrganization(services.db, userId);
  const org = membership?.organization;
  if (!org?.subscriptionId) return { checked: false, reason: "no-subscription" };
  if (!needsSubscriptionRecheck(org, now))
    return { checked: false, reason: "recently-checked", status: org.subscriptionStatus };
  return { checked: false, reason: "payments-not-configured", status: org.subscriptionStatus };
}
