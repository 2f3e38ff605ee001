import { eq } from "drizzle-orm";
import { organizationMembers, userData, users } from "@db/schema";
import { loadUserOrganization } from "~/features/account/index.server";
import {
  isOrganizationPremium,
  isPremiumMember,
  isTrialActive,
  type MembershipFields,
} from "~/features/account";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Services } from "~/lib/services.server";
import { stripeClient } from "~/lib/stripe.server";
import {
  listInvoices,
  schoolCurrency,
  subscriptionState,
  type InvoiceSummary,
} from "./billing.server";
import type { PricingChoice } from "./currency.server";
import {
  intervalOf,
  PRICES,
  SCHOOL_SEAT_PRICES,
  yearlySavingPercent,
  type Currency,
} from "./prices";

/** Everything /dashboard/membership shows, computed on the server. */
export interface MembershipView {
  paymentsEnabled: boolean;
  /** The teacher's own plans are priced in this (see pricingCurrency). */
  currency: Currency;
  /** A school's seats: the school's country's currency unless the teacher picked one. */
  schoolCurrency: Currency;
  prices: { month: number; year: number; savingPercent: number; schoolSeat: number };
  plan:
    | { kind: "free"; trialEndedAt: string | null }
    | { kind: "trial"; expiresAt: string; source: "trial" | "wosp" | "thanksgiving" | "grant" }
    | { kind: "lifetime" }
    | {
        kind: "subscription";
        status: string;
        interval: "month" | "year" | null;
        periodEnd: string | null;
        cancelAtPeriodEnd: boolean;
      }
    | { kind: "school" };
  /** A Stripe customer exists: the portal and invoices are available. */
  hasCustomer: boolean;
  invoices: InvoiceSummary[];
  school: {
    id: string;
    name: string;
    role: "owner" | "admin" | "member";
    isPremium: boolean;
    status: string | null;
    seats: number;
    members: number;
    periodEnd: string | null;
    managers: { name: string; email: string; role: "owner" | "admin" }[];
    canManage: boolean;
    hasCustomer: boolean;
  } | null;
}

function statusFields(data: SessionUser["data"]): MembershipFields {
  return { membershipPlan: data.membershipPlan, subscriptionStatus: data.subscriptionStatus };
}

export async function loadMembership(
  services: Services,
  user: SessionUser,
  pricing: PricingChoice,
  now: Date = services.clock.now(),
): Promise<MembershipView> {
  const d = user.data;
  const currency = pricing.currency;
  const membership = await loadUserOrganization(services.db, user.id);
  const org = membership?.organization ?? null;
  const seatCurrency = schoolCurrency(
    org?.countryCode ?? null,
    currency,
    pricing.source === "choice",
  );

  // What the teacher has, the strongest first: their own subscription or Premium with no
  // end, then a premium school's plan (a trial or promotion running beside it ends without
  // changing anything, so it is not what the page talks about), then a trial, then free.
  let plan: MembershipView["plan"];
  if (isPremiumMember(statusFields(d)) && !d.subscriptionId) plan = { kind: "lifetime" };
  else if (d.subscriptionId && isPremiumMember(statusFields(d))) {
    let cancelAtPeriodEnd = false;
    let periodEnd = d.subscriptionExpiredAt?.toISOString() ?? null;
    // The page shows Stripe's current view when it can (renewal or end date, cancellation).
    const stripe = stripeClient(services.env);
    if (stripe) {
      try {
        const state = subscriptionState(await stripe.subscriptions.retrieve(d.subscriptionId));
        cancelAtPeriodEnd = state.cancelAtPeriodEnd;
        periodEnd = state.periodEnd?.toISOString() ?? periodEnd;
      } catch (error) {
        services.log.warn({ err: error }, "could not read the subscription from Stripe");
      }
    }
    plan = {
      kind: "subscription",
      status: (d.subscriptionStatus ?? "UNKNOWN").toUpperCase(),
      interval: intervalOf(d.membershipPlanInterval),
      periodEnd,
      cancelAtPeriodEnd,
    };
  } else if (isOrganizationPremium(org)) plan = { kind: "school" };
  else if (isTrialActive(d, now) && d.trialExpiresAt)
    plan = {
      kind: "trial",
      expiresAt: d.trialExpiresAt.toISOString(),
      source: d.wosp ? "wosp" : d.thanksgiving ? "thanksgiving" : d.accessGrant ? "grant" : "trial",
    };
  else
    plan = {
      kind: "free",
      trialEndedAt:
        d.trialExpiresAt && d.trialExpiresAt.getTime() <= now.getTime()
          ? d.trialExpiresAt.toISOString()
          : null,
    };

  let school: MembershipView["school"] = null;
  if (org && membership) {
    const members = await services.db
      .select({
        role: organizationMembers.role,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(organizationMembers.organizationId, org.id));
    const managers = members.filter((m) => m.role === "owner" || m.role === "admin");
    school = {
      id: org.id,
      name: org.name,
      role: membership.role,
      isPremium: isOrganizationPremium(org),
      status: org.subscriptionStatus,
      seats: org.seats,
      members: members.length,
      periodEnd: org.subscriptionExpiredAt?.toISOString() ?? null,
      managers: managers
        .sort((a, b) => (a.role === b.role ? 0 : a.role === "owner" ? -1 : 1))
        .map((m) => ({
          name: `${m.firstName} ${m.lastName}`.trim() || m.email,
          email: m.email,
          role: m.role as "owner" | "admin",
        })),
      canManage: membership.role !== "member",
      hasCustomer: Boolean(org.stripeCustomerId),
    };
  }

  return {
    paymentsEnabled: stripeClient(services.env) !== null,
    currency,
    schoolCurrency: seatCurrency,
    prices: {
      month: PRICES[currency].month,
      year: PRICES[currency].year,
      savingPercent: yearlySavingPercent(currency),
      schoolSeat: SCHOOL_SEAT_PRICES[seatCurrency],
    },
    plan,
    hasCustomer: Boolean(d.stripeCustomerId),
    invoices: await listInvoices(services, d.stripeCustomerId),
    school,
  };
}

/** The user with their user_data row read again (after a change in this request). */
export async function withFreshData(services: Services, user: SessionUser): Promise<SessionUser> {
  const [row] = await services.db.select().from(userData).where(eq(userData.userId, user.id));
  return row ? { ...user, data: row } : user;
}

/**
 * Premium the teacher already has for good, beyond a trial or a promotion: their own
 * subscription, Premium with no end date, or their school's plan. There is nothing for them
 * to buy then, at any price (the membership page's checkout and the happy-week offer say so).
 */
export type SettledPremium =
  | { kind: "subscription"; periodEnd: string | null }
  | { kind: "lifetime" }
  | { kind: "school"; school: string };

export async function settledPremium(
  services: Services,
  user: SessionUser,
): Promise<SettledPremium | null> {
  const d = user.data;
  if (isPremiumMember(statusFields(d)))
    return d.subscriptionId
      ? { kind: "subscription", periodEnd: d.subscriptionExpiredAt?.toISOString() ?? null }
      : { kind: "lifetime" };
  const membership = await loadUserOrganization(services.db, user.id);
  if (membership && isOrganizationPremium(membership.organization))
    return { kind: "school", school: membership.organization.name };
  return null;
}
