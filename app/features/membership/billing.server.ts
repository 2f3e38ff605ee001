import { and, eq, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { MINUTE_MS } from "~/lib/time";
import { inTransaction } from "~/lib/db.server";
import { organizations, stripeEvents, userData } from "@db/schema";
import {
  MEMBERSHIP_PLAN,
  isPremiumMember,
  isPremiumStatus,
  isRecheckDue,
  SUBSCRIPTION_RECHECK_MS,
} from "~/features/account";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Services } from "~/lib/services.server";
import { premiumWelcome } from "~/features/mail/index.server";
import { stripeClient, WEBHOOK_TOLERANCE_S } from "~/lib/stripe.server";
import {
  currencyForCountry,
  INTERVAL_MONTHS,
  intervalOf,
  priceLookupKey,
  type Currency,
  type Interval,
} from "./prices";

/**
 * Payments through Stripe: Checkout for new subscriptions, the Customer Portal for cards,
 * cancelling and resuming, and webhooks that keep user_data and organizations in step.
 *
 * Ordering of webhook events is never trusted: every event only names a subscription, which
 * is fetched again from Stripe and stored as it is now. Each event id is stored once, so a
 * second delivery does nothing.
 */

export class BillingError extends Error {
  constructor(
    readonly code:
      "not-configured" | "price-missing" | "already-subscribed" | "no-customer" | "stripe-failed",
    message: string,
  ) {
    super(message);
    this.name = "BillingError";
  }
}

function requireStripe(services: Services): Stripe {
  const stripe = stripeClient(services.env);
  if (!stripe)
    throw new BillingError("not-configured", "Online payment is not configured on this site.");
  return stripe;
}

// ---------------------------------------------------------------------------------------
// Prices

/** Per Stripe client (one account each): the same lookup key names another price elsewhere. */
const priceCaches = new WeakMap<Stripe, Map<string, { price: Stripe.Price; at: number }>>();
const PRICE_CACHE_MS = 10 * MINUTE_MS;

/** The active Stripe Price for a lookup key (cached ten minutes). */
async function priceFor(stripe: Stripe, lookupKey: string): Promise<Stripe.Price> {
  let cache = priceCaches.get(stripe);
  if (!cache) priceCaches.set(stripe, (cache = new Map()));
  const cached = cache.get(lookupKey);
  if (cached && performance.now() - cached.at < PRICE_CACHE_MS) return cached.price;
  const list = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price = list.data[0];
  if (!price)
    throw new BillingError(
      "price-missing",
      `No Stripe price has the lookup key ${lookupKey}: run npm run stripe:seed.`,
    );
  cache.set(lookupKey, { price, at: performance.now() });
  return price;
}

// ---------------------------------------------------------------------------------------
// Mapping Stripe's subscription onto our fields

const STATUS_MAP: Record<string, string> = {
  active: "ACTIVE",
  past_due: "PAST_DUE",
  incomplete: "INCOMPLETE",
  incomplete_expired: "INCOMPLETE_EXPIRED",
  canceled: "CANCELED",
  trialing: "TRIALING",
};

/** Spec §3's status names; statuses it has no name for (unpaid, paused) are UNKNOWN. */
function subscriptionStatusOf(status: string): string {
  return STATUS_MAP[status] ?? "UNKNOWN";
}

export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  status: string;
  interval: 1 | 12 | null;
  quantity: number;
  /** When access ends (cancelled) or renews; the end for an ended subscription. */
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  premium: boolean;
}

export function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  const recurring = item?.price.recurring?.interval;
  const seconds =
    subscription.ended_at ??
    (subscription.cancel_at_period_end ? subscription.cancel_at : null) ??
    item?.current_period_end ??
    null;
  const status = subscriptionStatusOf(subscription.status);
  const interval = intervalOf(recurring);
  return {
    subscriptionId: subscription.id,
    customerId:
      typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    status,
    interval: interval ? INTERVAL_MONTHS[interval] : null,
    quantity: item?.quantity ?? 1,
    periodEnd: seconds ? new Date(seconds * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    premium: isPremiumStatus(status),
  };
}

type Owner = { kind: "user"; id: string } | { kind: "organization"; id: string };

async function ownerOf(
  services: Services,
  subscription: Stripe.Subscription,
): Promise<Owner | null> {
  const meta = subscription.metadata ?? {};
  if (meta.organizationId) return { kind: "organization", id: meta.organizationId };
  if (meta.userId) return { kind: "user", id: meta.userId };
  const state = subscriptionState(subscription);
  const [user] = await services.db
    .select({ id: userData.userId })
    .from(userData)
    .where(
      or(
        eq(userData.subscriptionId, subscription.id),
        eq(userData.stripeCustomerId, state.customerId),
      ),
    )
    .limit(1);
  if (user) return { kind: "user", id: user.id };
  const [org] = await services.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      or(
        eq(organizations.subscriptionId, subscription.id),
        eq(organizations.stripeCustomerId, state.customerId),
      ),
    )
    .limit(1);
  return org ? { kind: "organization", id: org.id } : null;
}

/**
 * Whether a subscription may replace the one stored: always the same one, any one when none
 * is stored or the stored one no longer gives premium, and otherwise only one that gives
 * premium (so a late event about an old, cancelled subscription cannot undo a new one).
 */
function mayReplace(
  stored: { subscriptionId: string | null; subscriptionStatus: string | null },
  next: SubscriptionState,
): boolean {
  if (!stored.subscriptionId || stored.subscriptionId === next.subscriptionId) return true;
  return next.premium || !isPremiumStatus(stored.subscriptionStatus);
}

/** Stores a subscription as Stripe has it now on its owner (user or school). */
async function applySubscription(
  services: Services,
  subscription: Stripe.Subscription,
  now: Date = services.clock.now(),
): Promise<Owner | null> {
  const owner = await ownerOf(services, subscription);
  if (!owner) {
    services.log.warn(
      { subscription: subscription.id },
      "Stripe subscription belongs to nobody we know",
    );
    return null;
  }
  const state = subscriptionState(subscription);
  const plan =
    state.status === "CANCELED" || state.status === "INCOMPLETE_EXPIRED"
      ? MEMBERSHIP_PLAN.FREE
      : MEMBERSHIP_PLAN.PREMIUM;
  // What a subscription sets on its owner, a teacher or a school alike.
  const fromStripe = {
    stripeCustomerId: state.customerId,
    subscriptionId: state.subscriptionId,
    subscriptionStatus: state.status,
    subscriptionStatusUpdatedAt: now,
    membershipPlan: plan,
    subscriptionExpiredAt: state.periodEnd,
  };
  if (owner.kind === "user") {
    const [stored] = await services.db
      .select({
        subscriptionId: userData.subscriptionId,
        subscriptionStatus: userData.subscriptionStatus,
      })
      .from(userData)
      .where(eq(userData.userId, owner.id));
    if (!stored || !mayReplace(stored, state)) return stored ? owner : null;
    // Paid premium starts now: the email collection's welcome is enqueued with the status,
    // so a failure rolls both back and Stripe's retry of the webhook tries again.
    const starts = state.premium && !isPremiumStatus(stored.subscriptionStatus);
    const welcome = starts ? await premiumWelcome(services, now) : null;
    const welcomed = await inTransaction(services.db, async (tx) => {
      await tx
        .update(userData)
        .set({
          ...fromStripe,
          membershipPlanInterval: state.interval,
          // A paid subscription replaces whatever granted access before it.
          ...(state.premium ? { accessGrant: null } : {}),
          updatedAt: now,
        })
        .where(eq(userData.userId, owner.id));
      const mail = await welcome?.mailFor(tx, owner.id);
      return mail ? services.mail.sendMany([mail], { db: tx }) : 0;
    });
    if (welcomed) services.mail.wake();
  } else {
    const [stored] = await services.db
      .select({
        subscriptionId: organizations.subscriptionId,
        subscriptionStatus: organizations.subscriptionStatus,
      })
      .from(organizations)
      .where(eq(organizations.id, owner.id));
    if (!stored || !mayReplace(stored, state)) return stored ? owner : null;
    await services.db
      .update(organizations)
      .set({
        ...fromStripe,
        ...(state.premium ? { seats: state.quantity } : {}),
      })
      .where(eq(organizations.id, owner.id));
  }
  return owner;
}

/** Fetches a subscription from Stripe and stores it (the one path every update takes). */
async function syncSubscription(
  services: Services,
  subscriptionId: string,
  now: Date = services.clock.now(),
): Promise<Owner | null> {
  const stripe = requireStripe(services);
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  return applySubscription(services, subscription, now);
}

// ---------------------------------------------------------------------------------------
// Customers, Checkout, Portal, invoices

/** The user's Stripe customer, created on first need and remembered. */
async function ensureUserCustomer(services: Services, user: SessionUser): Promise<string> {
  if (user.data.stripeCustomerId) return user.data.stripeCustomerId;
  const stripe = requireStripe(services);
  const customer = await stripe.customers.create(
    {
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim() || undefined,
      metadata: { userId: user.id },
    },
    { idempotencyKey: `customer-user-${user.id}` },
  );
  // Only the first request stores its customer; a concurrent one reads it back.
  await services.db
    .update(userData)
    .set({ stripeCustomerId: customer.id, updatedAt: services.clock.now() })
    .where(and(eq(userData.userId, user.id), isNull(userData.stripeCustomerId)));
  const [row] = await services.db
    .select({ id: userData.stripeCustomerId })
    .from(userData)
    .where(eq(userData.userId, user.id));
  return row?.id ?? customer.id;
}

function userCurrency(user: SessionUser): Currency {
  return currencyForCountry(user.data.countryCode);
}

/**
 * A school's seats are priced in the school's country's currency unless the buyer picked
 * one; a school without a country takes the buyer's.
 */
export function schoolCurrency(
  schoolCountry: string | null,
  buyerCurrency: Currency,
  picked: boolean,
): Currency {
  return picked || !schoolCountry ? buyerCurrency : currencyForCountry(schoolCountry);
}

function membershipUrl(services: Services, query: string) {
  return `${services.env.appOrigin}/dashboard/membership${query}`;
}

/** Starts Stripe Checkout for a teacher's own subscription; answers the page to go to. */
export async function startCheckout(
  services: Services,
  user: SessionUser,
  interval: Interval,
  options: { promotionCode?: string | null; currency?: Currency } = {},
): Promise<string> {
  const stripe = requireStripe(services);
  // A subscription, or Premium with no end date: there is nothing left to buy.
  if (
    (user.data.subscriptionId && isPremiumStatus(user.data.subscriptionStatus)) ||
    isPremiumMember(user.data)
  )
    throw new BillingError("already-subscribed", "You already have a subscription.");
  const currency = options.currency ?? userCurrency(user);
  const price = await priceFor(stripe, priceLookupKey("premium", interval, currency));
  const customer = await ensureUserCustomer(services, user);
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: user.id,
    line_items: [{ price: price.id, quantity: 1 }],
    metadata: { userId: user.id },
    subscription_data: { metadata: { userId: user.id } },
    success_url: membershipUrl(services, "?checkout=success&session_id={CHECKOUT_SESSION_ID}"),
    cancel_url: membershipUrl(services, "?checkout=canceled"),
    ...(options.promotionCode
      ? { discounts: [{ promotion_code: options.promotionCode }] }
      : { allow_promotion_codes: true }),
  });
  if (!session.url) throw new BillingError("stripe-failed", "Stripe gave no checkout address.");
  return session.url;
}

/** Checkout for a school's yearly per-seat subscription (owners and admins of the school). */
export async function startSchoolCheckout(
  services: Services,
  user: SessionUser,
  organizationId: string,
  seats: number,
  picked: Currency | null = null,
): Promise<string> {
  const stripe = requireStripe(services);
  const [org] = await services.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw new BillingError("no-customer", "School not found.");
  if (org.subscriptionId && isPremiumStatus(org.subscriptionStatus))
    throw new BillingError("already-subscribed", "The school already has a subscription.");
  const currency = picked ?? schoolCurrency(org.countryCode, userCurrency(user), false);
  const price = await priceFor(stripe, priceLookupKey("school", "year", currency));
  let customer = org.stripeCustomerId;
  if (!customer) {
    const created = await stripe.customers.create(
      {
        email: org.billingEmail ?? user.email,
        name: org.name,
        metadata: { organizationId: org.id },
      },
      { idempotencyKey: `customer-org-${org.id}` },
    );
    await services.db
      .update(organizations)
      .set({ stripeCustomerId: created.id })
      .where(and(eq(organizations.id, org.id), isNull(organizations.stripeCustomerId)));
    customer = created.id;
  }
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: org.id,
    line_items: [{ price: price.id, quantity: seats }],
    metadata: { organizationId: org.id },
    subscription_data: { metadata: { organizationId: org.id } },
    success_url: membershipUrl(services, "?checkout=success&session_id={CHECKOUT_SESSION_ID}"),
    cancel_url: membershipUrl(services, "?checkout=canceled"),
  });
  if (!session.url) throw new BillingError("stripe-failed", "Stripe gave no checkout address.");
  return session.url;
}

/**
 * After Checkout sends the teacher back: the session is read from Stripe and its
 * subscription stored at once, so premium shows even before the webhook arrives. Only a
 * session that belongs to this user (or their school) is applied.
 */
export async function completeCheckout(
  services: Services,
  user: SessionUser,
  sessionId: string,
  organizationId: string | null,
): Promise<boolean> {
  const stripe = requireStripe(services);
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const reference = session.client_reference_id;
  if (reference !== user.id && (!organizationId || reference !== organizationId)) return false;
  // Only a completed checkout whose payment Stripe has received counts as paid.
  if (session.status !== "complete") return false;
  if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required")
    return false;
  const subscription =
    typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  if (!subscription) return false;
  await syncSubscription(services, subscription);
  return true;
}

/** The Stripe Customer Portal for a customer; answers its address. */
export async function openPortal(services: Services, customerId: string): Promise<string> {
  const stripe = requireStripe(services);
  const session = await stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: membershipUrl(services, ""),
  });
  return session.url;
}

export interface InvoiceSummary {
  id: string;
  number: string | null;
  createdAt: string;
  amount: number;
  currency: string;
  status: string | null;
  url: string | null;
  pdf: string | null;
}

/** The latest invoices of a customer (empty when payments are off or Stripe fails). */
export async function listInvoices(
  services: Services,
  customerId: string | null,
): Promise<InvoiceSummary[]> {
  const stripe = stripeClient(services.env);
  if (!stripe || !customerId) return [];
  try {
    const list = await stripe.invoices.list({ customer: customerId, limit: 12 });
    return list.data.map((invoice) => ({
      id: invoice.id ?? "",
      number: invoice.number,
      createdAt: new Date(invoice.created * 1000).toISOString(),
      amount: invoice.amount_paid || invoice.amount_due,
      currency: invoice.currency.toUpperCase(),
      status: invoice.status,
      url: invoice.hosted_invoice_url ?? null,
      pdf: invoice.invoice_pdf ?? null,
    }));
  } catch (error) {
    services.log.warn({ err: error, customerId }, "could not list Stripe invoices");
    return [];
  }
}

// ---------------------------------------------------------------------------------------
// Webhooks

export interface WebhookResult {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

/** The subscription an event is about, if any. */
function subscriptionOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const id = (value: unknown): string | null =>
    typeof value === "string"
      ? value
      : value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string"
        ? (value as { id: string }).id
        : null;
  if (event.type.startsWith("customer.subscription.")) return id(object.id);
  if (event.type === "checkout.session.completed" || event.type.startsWith("checkout.session."))
    return id(object.subscription);
  if (event.type.startsWith("invoice.")) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null;
    return id(parent?.subscription_details?.subscription) ?? id(object.subscription);
  }
  return null;
}

const HANDLED =
  /^(customer\.subscription\.|checkout\.session\.completed$|invoice\.(paid|payment_failed|payment_succeeded)$)/;

/**
 * POST /api/stripe/webhook: verifies the signature on the raw body (300 s tolerance),
 * records the event id once, and re-reads the subscription it names from Stripe.
 */
export async function handleWebhook(
  services: Services,
  rawBody: string,
  signature: string | null,
): Promise<WebhookResult> {
  const stripe = stripeClient(services.env);
  const secret = services.env.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret)
    return { status: 404, body: { received: false, error: "Payments are not configured." } };
  if (!signature)
    return { status: 400, body: { received: false, error: "Missing Stripe-Signature header." } };
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_S);
  } catch {
    return { status: 400, body: { received: false, error: "Invalid webhook signature." } };
  }
  const subscriptionId = subscriptionOfEvent(event);
  const inserted = await services.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, objectId: subscriptionId })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (inserted.length === 0) {
    const [seen] = await services.db
      .select({ processedAt: stripeEvents.processedAt })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id));
    if (seen?.processedAt) return { status: 200, body: { received: true, duplicate: true } };
  }
  try {
    if (subscriptionId && HANDLED.test(event.type))
      await syncSubscription(services, subscriptionId);
    await services.db
      .update(stripeEvents)
      .set({ processedAt: services.clock.now() })
      .where(eq(stripeEvents.id, event.id));
    return { status: 200, body: { received: true } };
  } catch (error) {
    // Not marked processed: Stripe retries, and the retry is handled again.
    services.log.error({ err: error, event: event.id, type: event.type }, "webhook failed");
    return { status: 500, body: { received: false, error: "Processing failed; retry later." } };
  }
}

// ---------------------------------------------------------------------------------------
// Re-checks (spec §4.3) and the daily repair job

/**
 * POST /api/stripe/check: the user's subscription is fetched again when it was never
 * checked or not for 24 hours. Failures are logged only.
 */
export async function recheckUser(
  services: Services,
  user: SessionUser,
  now: Date = services.clock.now(),
): Promise<{ checked: boolean; status: string | null }> {
  const d = user.data;
  if (
    !d.subscriptionId ||
    !isRecheckDue(d.subscriptionStatusUpdatedAt, now) ||
    !stripeClient(services.env)
  )
    return { checked: false, status: d.subscriptionStatus };
  try {
    await syncSubscription(services, d.subscriptionId, now);
  } catch (error) {
    services.log.warn({ err: error, userId: user.id }, "subscription re-check failed");
    return { checked: false, status: d.subscriptionStatus };
  }
  const [row] = await services.db
    .select({ status: userData.subscriptionStatus })
    .from(userData)
    .where(eq(userData.userId, user.id));
  return { checked: true, status: row?.status ?? null };
}

export async function recheckOrganization(
  services: Services,
  organizationId: string,
  now: Date = services.clock.now(),
): Promise<{ checked: boolean; status: string | null }> {
  const [org] = await services.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (
    !org?.subscriptionId ||
    !isRecheckDue(org.subscriptionStatusUpdatedAt, now) ||
    !stripeClient(services.env)
  )
    return { checked: false, status: org?.subscriptionStatus ?? null };
  try {
    await syncSubscription(services, org.subscriptionId, now);
  } catch (error) {
    services.log.warn({ err: error, organizationId }, "organization re-check failed");
    return { checked: false, status: org.subscriptionStatus };
  }
  const [row] = await services.db
    .select({ status: organizations.subscriptionStatus })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { checked: true, status: row?.status ?? null };
}

/** Statuses Stripe never leaves: such a subscription has nothing left to re-check. */
const ENDED_STATUSES = ["CANCELED", "INCOMPLETE_EXPIRED"];

/**
 * Every live subscription not updated for 24 hours, re-read from Stripe (repairs missed
 * webhooks). Ended ones are skipped, so the job's work does not grow with past customers.
 */
export async function recheckStaleSubscriptions(
  services: Services,
  now: Date = services.clock.now(),
): Promise<{ checked: number; failed: number }> {
  if (!stripeClient(services.env)) return { checked: 0, failed: 0 };
  const cutoff = new Date(now.getTime() - SUBSCRIPTION_RECHECK_MS);
  const staleUsers = await services.db
    .select({ id: userData.subscriptionId })
    .from(userData)
    .where(
      and(
        sql`${userData.subscriptionId} is not null`,
        or(
          isNull(userData.subscriptionStatus),
          notInArray(userData.subscriptionStatus, ENDED_STATUSES),
        ),
        or(
          isNull(userData.subscriptionStatusUpdatedAt),
          lt(userData.subscriptionStatusUpdatedAt, cutoff),
        ),
      ),
    );
  const staleOrgs = await services.db
    .select({ id: organizations.subscriptionId })
    .from(organizations)
    .where(
      and(
        sql`${organizations.subscriptionId} is not null`,
        or(
          isNull(organizations.subscriptionStatus),
          notInArray(organizations.subscriptionStatus, ENDED_STATUSES),
        ),
        or(
          isNull(organizations.subscriptionStatusUpdatedAt),
          lt(organizations.subscriptionStatusUpdatedAt, cutoff),
        ),
      ),
    );
  let checked = 0;
  let failed = 0;
  for (const { id } of [...staleUsers, ...staleOrgs]) {
    if (!id) continue;
    try {
      await syncSubscription(services, id, now);
      checked++;
    } catch (error) {
      failed++;
      services.log.warn({ err: error, subscription: id }, "daily subscription re-check failed");
    }
  }
  return { checked, failed };
}

/** The id of an active Stripe promotion code given its text (null when unknown or off). */
export async function promotionCodeId(services: Services, code: string): Promise<string | null> {
  const stripe = stripeClient(services.env);
  if (!stripe) return null;
  try {
    const list = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
    return list.data[0]?.id ?? null;
  } catch (error) {
    services.log.warn({ err: error, code }, "could not look up a promotion code");
    return null;
  }
}
