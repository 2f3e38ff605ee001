import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { codeRedemptions, redeemCodes, userData, users } from "@db/schema";
import { MEMBERSHIP_PLAN, isPremiumStatus } from "~/features/account";
import { hasRole, ROLE } from "~/lib/auth/roles";
import { randomCode } from "~/lib/random-code";
import type { Services } from "~/lib/services.server";
import { containsPattern } from "~/lib/text-search";
import { addDays } from "~/lib/time";

/**
 * Premium without a payment: redeem codes, administrators' grants and promotion campaigns.
 * Time-limited access uses the trial fields of spec §4.1 (an expiry and no subscription),
 * marked with where it came from so the top bar says "premium access until …". Premium with
 * no end (a "plan" code, an admin grant) is the INFINITE status of §3.
 */

export type GrantSource = "code" | "admin" | "wosp" | "thanksgiving";

export type GrantOutcome =
  { ok: true; until: Date | null } | { ok: false; reason: "subscribed" | "no-user" };

interface GrantTarget {
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  trialExpiresAt: Date | null;
  membershipPlan: number;
}

async function target(services: Services, userId: string): Promise<GrantTarget | null> {
  const [row] = await services.db
    .select({
      subscriptionId: userData.subscriptionId,
      subscriptionStatus: userData.subscriptionStatus,
      trialExpiresAt: userData.trialExpiresAt,
      membershipPlan: userData.membershipPlan,
    })
    .from(userData)
    .where(eq(userData.userId, userId));
  return row ?? null;
}

/** A user who pays (or has premium with no end) has nothing to gain from a grant. */
function alreadyPremium(row: GrantTarget): boolean {
  return row.membershipPlan === MEMBERSHIP_PLAN.PREMIUM && isPremiumStatus(row.subscriptionStatus);
}

/**
 * Adds days of premium (after any access still running) or extends access to a date.
 * A cancelled subscription's id is let go (its invoices stay with the Stripe customer), so
 * the trial rule "no subscription" holds.
 */
export async function grantAccess(
  services: Services,
  userId: string,
  grant: { days: number } | { until: Date },
  source: GrantSource,
  now: Date = services.clock.now(),
): Promise<GrantOutcome> {
  const row = await target(services, userId);
  if (!row) return { ok: false, reason: "no-user" };
  if (alreadyPremium(row)) return { ok: false, reason: "subscribed" };
  const running =
    row.trialExpiresAt && row.trialExpiresAt.getTime() > now.getTime() ? row.trialExpiresAt : now;
  const until =
    "days" in grant
      ? addDays(running, grant.days)
      : new Date(Math.max(running.getTime(), grant.until.getTime()));
  await services.db
    .update(userData)
    .set({
      trialExpiresAt: until,
      subscriptionId: null,
      trialReminderSentAt: null,
      ...(source === "wosp"
        ? { wosp: true }
        : source === "thanksgiving"
          ? { thanksgiving: true }
          : {}),
      ...(source === "code" || source === "admin" ? { accessGrant: source } : {}),
      updatedAt: now,
    })
    .where(eq(userData.userId, userId));
  return { ok: true, until };
}

/** Premium with no end date (status INFINITE), from a "plan" code or an administrator. */
export async function grantLifetime(
  services: Services,
  userId: string,
  source: "code" | "admin",
  now: Date = services.clock.now(),
): Promise<GrantOutcome> {
  const row = await target(services, userId);
  if (!row) return { ok: false, reason: "no-user" };
  if (alreadyPremium(row)) return { ok: false, reason: "subscribed" };
  await services.db
    .update(userData)
    .set({
      membershipPlan: MEMBERSHIP_PLAN.PREMIUM,
      subscriptionStatus: "INFINITE",
      subscriptionStatusUpdatedAt: now,
      subscriptionId: null,
      accessGrant: source,
      updatedAt: now,
    })
    .where(eq(userData.userId, userId));
  return { ok: true, until: null };
}

/** Ends an administrator's grant: back to the free plan (data stays). */
export async function revokeGrant(
  services: Services,
  userId: string,
  now: Date = services.clock.now(),
) {
  await services.db
    .update(userData)
    .set({
      membershipPlan: MEMBERSHIP_PLAN.FREE,
      subscriptionStatus: null,
      trialExpiresAt: now,
      accessGrant: null,
      updatedAt: now,
    })
    .where(and(eq(userData.userId, userId), isNull(userData.subscriptionId)));
}

// ---------------------------------------------------------------------------------------
// Redeem codes

/** Codes are typed by people: case, spaces and dashes do not matter. */
export function normalizeCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, "");
}

export const CODE_PATTERN = /^[A-Z0-9]{6,32}$/;

/**
 * How a code is shown: a custom one as the administrator typed it, a generated one in groups
 * of four (PARL-EY24-WXYZ). Teachers may type either form, in any case.
 */
export function formatCode(code: string, display?: string | null): string {
  if (display) return display;
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I

function generateCode(length = 12): string {
  return randomCode(length, CODE_ALPHABET);
}

type RedeemFailure = "invalid" | "expired" | "used" | "already-redeemed" | "subscribed";
export type RedeemResult =
  | { ok: true; kind: "days" | "plan"; days: number | null; until: Date | null }
  | { ok: false; reason: RedeemFailure };

/**
 * Redeems a code for a user. The use is counted with a conditional update, so a code with
 * one use left cannot be taken twice by two people at the same moment; a user who cannot
 * benefit (already paying) keeps the code unused.
 */
export async function redeemCode(
  services: Services,
  userId: string,
  input: string,
  now: Date = services.clock.now(),
): Promise<RedeemResult> {
  const code = normalizeCode(input);
  if (!CODE_PATTERN.test(code)) return { ok: false, reason: "invalid" };
  const [row] = await services.db.select().from(redeemCodes).where(eq(redeemCodes.code, code));
  if (!row || row.disabledAt) return { ok: false, reason: "invalid" };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    return { ok: false, reason: "expired" };
  const [before] = await services.db
    .select({ at: codeRedemptions.redeemedAt })
    .from(codeRedemptions)
    .where(and(eq(codeRedemptions.codeId, row.id), eq(codeRedemptions.userId, userId)));
  if (before) return { ok: false, reason: "already-redeemed" };
  const current = await target(services, userId);
  if (!current || alreadyPremium(current)) return { ok: false, reason: "subscribed" };

  const taken = await services.db
    .update(redeemCodes)
    .set({ uses: sql`${redeemCodes.uses} + 1` })
    .where(and(eq(redeemCodes.id, row.id), lt(redeemCodes.uses, redeemCodes.maxUses)))
    .returning({ id: redeemCodes.id });
  if (taken.length === 0) return { ok: false, reason: "used" };
  const recorded = await services.db
    .insert(codeRedemptions)
    .values({ codeId: row.id, userId, redeemedAt: now })
    .onConflictDoNothing()
    .returning({ codeId: codeRedemptions.codeId });
  if (recorded.length === 0) {
    // The same user redeemed it in a parallel request: give the use back.
    await services.db
      .update(redeemCodes)
      .set({ uses: sql`${redeemCodes.uses} - 1` })
      .where(eq(redeemCodes.id, row.id));
    return { ok: false, reason: "already-redeemed" };
  }
  const outcome =
    row.kind === "plan"
      ? await grantLifetime(services, userId, "code", now)
      : await grantAccess(services, userId, { days: row.days ?? 0 }, "code", now);
  return outcome.ok
    ? { ok: true, kind: row.kind, days: row.days, until: outcome.until }
    : { ok: false, reason: "subscribed" };
}

export interface NewCode {
  code?: string;
  kind: "days" | "plan";
  days?: number | null;
  maxUses: number;
  expiresAt?: Date | null;
  note?: string | null;
}

/**
 * Creates a code (generated when none is given); answers how it is shown, or null when a code
 * with the same characters exists.
 */
export async function createCode(
  services: Services,
  createdBy: string,
  input: NewCode,
): Promise<string | null> {
  const typed = input.code?.trim() || null;
  const code = typed ? normalizeCode(typed) : generateCode();
  const inserted = await services.db
    .insert(redeemCodes)
    .values({
      code,
      display: typed,
      kind: input.kind,
      days: input.kind === "days" ? (input.days ?? null) : null,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt ?? null,
      note: input.note ?? null,
      createdBy,
    })
    .onConflictDoNothing()
    .returning({ code: redeemCodes.code, display: redeemCodes.display });
  const row = inserted[0];
  return row ? formatCode(row.code, row.display) : null;
}

/** The latest codes with how often they were used, for the admin panel. */
export async function listCodes(services: Services, limit = 50) {
  return services.db
    .select()
    .from(redeemCodes)
    .orderBy(sql`${redeemCodes.createdAt} desc`)
    .limit(limit);
}

export async function disableCode(
  services: Services,
  id: number,
  now: Date = services.clock.now(),
) {
  await services.db.update(redeemCodes).set({ disabledAt: now }).where(eq(redeemCodes.id, id));
}

/** Users matching a search (email or name), with what their plan is, for the admin panel. */
export type UserPlan = "subscription" | "lifetime" | "access" | "free";

/** What a user has, as the admin panel names it: paying, premium with no end, access, free. */
export function userPlan(
  d: Pick<
    typeof userData.$inferSelect,
    "membershipPlan" | "subscriptionStatus" | "subscriptionId" | "trialExpiresAt"
  >,
  now: Date,
): UserPlan {
  if (d.membershipPlan === MEMBERSHIP_PLAN.PREMIUM && isPremiumStatus(d.subscriptionStatus))
    return d.subscriptionId ? "subscription" : "lifetime";
  return d.trialExpiresAt && d.trialExpiresAt.getTime() > now.getTime() && !d.subscriptionId
    ? "access"
    : "free";
}

export async function searchUsers(
  services: Services,
  query: string,
  now: Date = services.clock.now(),
) {
  const pattern = containsPattern(query.trim().toLowerCase());
  const rows = await services.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
      data: userData,
    })
    .from(users)
    .innerJoin(userData, eq(userData.userId, users.id))
    .where(
      query.trim()
        ? sql`lower(${users.email}) like ${pattern} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`
        : sql`true`,
    )
    .orderBy(sql`${users.createdAt} desc`)
    .limit(50);
  return rows.map((r) => {
    const d = r.data;
    const plan = userPlan(d, now);
    return {
      id: r.id,
      email: r.email,
      name: `${r.firstName} ${r.lastName}`.trim(),
      createdAt: r.createdAt.toISOString(),
      plan,
      until: plan === "access" ? (d.trialExpiresAt?.toISOString() ?? null) : null,
      grant: d.accessGrant,
      status: d.subscriptionStatus,
      admin: hasRole(d.role, ROLE.ADMIN),
    };
  });
}
