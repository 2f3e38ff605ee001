import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { organizationMembers, supportMessages, userData, users } from "@db/schema";
import { isPremiumMember, isTrialActive, isNovice } from "~/features/account";
import { notify } from "~/features/notifications/index.server";
import { supportSignals, type BotMarker } from "~/features/support/parity";
import { hasRole, ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import { consumeRate } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/services.server";
import { HOUR_MS } from "~/lib/time";

/**
 * The support chat (spec §1 "a support chat"): one conversation per user, answered by
 * administrators at /admin/support. A reply reaches the user's open pages at once (event
 * "support" on the user's stream) and as a notification of kind "support".
 */

export { SUPPORT_MESSAGE_MAX } from "./limits";
/** Messages a user may send per hour: enough for a conversation, not for flooding the inbox. */
const SUPPORT_RATE = { windowMs: HOUR_MS, max: 30 } as const;
const THREAD_LIMIT = 200;

export interface SupportMessage {
  id: string;
  author: "user" | "staff";
  body: string;
  createdAt: string;
}

const messageColumns = {
  id: supportMessages.id,
  author: supportMessages.author,
  body: supportMessages.body,
  createdAt: supportMessages.createdAt,
};

/** Marks one side's unread messages in a conversation as read by the other side. */
async function markRead(services: Services, userId: string, author: "user" | "staff") {
  await services.db
    .update(supportMessages)
    .set({ readAt: services.clock.now() })
    .where(
      and(
        eq(supportMessages.userId, userId),
        eq(supportMessages.author, author),
        isNull(supportMessages.readAt),
      ),
    );
}

function serialize(row: { id: string; author: "user" | "staff"; body: string; createdAt: Date }) {
  return { id: row.id, author: row.author, body: row.body, createdAt: row.createdAt.toISOString() };
}

/** The user's conversation, oldest first (the latest 200 messages). */
export async function supportThread(services: Services, userId: string): Promise<SupportMessage[]> {
  const rows = await services.db
    .select(messageColumns)
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(desc(supportMessages.createdAt))
    .limit(THREAD_LIMIT);
  return rows.reverse().map(serialize);
}

/** The user has seen the replies (opening the chat marks them read). */
export async function markRepliesRead(services: Services, userId: string): Promise<void> {
  await markRead(services, userId, "staff");
}

export type SendResult =
  { ok: true; message: SupportMessage } | { ok: false; reason: "rate"; retryAfterS: number };

/** A message from the user to support; staff see it in the inbox straight away. */
export async function sendSupportMessage(
  services: Services,
  userId: string,
  body: string,
): Promise<SendResult> {
  const rate = await consumeRate(services.db, `support:${userId}`, SUPPORT_RATE);
  if (!rate.allowed) return { ok: false, reason: "rate", retryAfterS: rate.retryAfterS };
  const [row] = await services.db
    .insert(supportMessages)
    .values({ id: randomUUID(), userId, author: "user", body })
    .returning();
  if (!row) throw new Error("support message not stored");
  const message = serialize(row);
  await services.realtime
    .publish("support:inbox", "support", { userId })
    .catch((error: unknown) => services.log.warn({ err: error }, "support inbox event failed"));
  return { ok: true, message };
}

/** Staff answer a user: stored, pushed to the user's open pages and notified. */
export async function replyAsSupport(
  services: Services,
  staffId: string,
  userId: string,
  body: string,
): Promise<boolean> {
  const [target] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId));
  if (!target) return false;
  const [row] = await services.db
    .insert(supportMessages)
    .values({ id: randomUUID(), userId, author: "staff", staffId, body })
    .returning();
  if (!row) return false;
  // Staff have read everything the user wrote before answering.
  await markRead(services, userId, "user");
  await services.realtime
    .publish(`user:${userId}`, "support", serialize(row))
    .catch((error: unknown) => services.log.warn({ err: error, userId }, "support event failed"));
  await notify(services, userId, {
    kind: "support",
    messageKey: "notifications.supportReply" as const,
    url: "?chat=1",
  });
  return true;
}

export interface InboxEntry {
  userId: string;
  name: string;
  email: string;
  /** Spec §6: the nickname shows admin, premium, trial, novice and school flags as emoji. */
  flags: string;
  /** Bot-risk score (0 risky … 1 human), null when none was measured yet. */
  rcs: number | null;
  botMarker: BotMarker | null;
  countryCode: string | null;
  /** Parity discount support may offer, in percent (spec §9). */
  parityDiscount: number;
  lastAt: string;
  lastBody: string;
  lastAuthor: "user" | "staff";
  unread: number;
}

/** Every conversation, those waiting for an answer first, then the most recent. */
export async function supportInbox(
  services: Services,
  now: Date = services.clock.now(),
): Promise<InboxEntry[]> {
  const rows = await queryRows<{
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
    created_at: Date | string;
    role: number;
    membership_plan: number | null;
    subscription_status: string | null;
    subscription_id: string | null;
    trial_expires_at: Date | string | null;
    rcs: number | null;
    country_code: string | null;
    in_school: boolean;
    last_at: Date | string;
    last_body: string;
    last_author: "user" | "staff";
    unread: number;
  }>(
    services.db,
    sql`select u.id as user_id, u.first_name, u.last_name, u.email, u.created_at,
          d.role, d.membership_plan, d.subscription_status, d.subscription_id, d.trial_expires_at,
          d.rcs, d.country_code,
          exists (select 1 from ${organizationMembers} om where om.user_id = u.id) as in_school,
          last.created_at as last_at, last.body as last_body, last.author as last_author,
          (select count(*)::int from ${supportMessages} m
             where m.user_id = u.id and m.author = 'user' and m.read_at is null) as unread
        from ${users} u
        join ${userData} d on d.user_id = u.id
        join lateral (
          select created_at, body, author from ${supportMessages} m
          where m.user_id = u.id order by created_at desc limit 1
        ) last on true
        order by (last.author = 'user') desc, last.created_at desc
        limit 500`,
  );
  return rows.map((r) => {
    const fields = {
      membershipPlan: r.membership_plan,
      subscriptionStatus: r.subscription_status,
      subscriptionId: r.subscription_id,
      trialExpiresAt: r.trial_expires_at ? new Date(r.trial_expires_at) : null,
    };
    const flags = [
      hasRole(r.role, ROLE.ADMIN) ? "🛡️" : "",
      isPremiumMember(fields) ? "⭐" : "",
      isTrialActive(fields, now) ? "⏳" : "",
      isNovice(new Date(r.created_at), now) ? "🌱" : "",
      r.in_school ? "🏫" : "",
    ].join("");
    return {
      userId: r.user_id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      flags,
      ...supportSignals(r.country_code, r.rcs),
      lastAt: new Date(r.last_at).toISOString(),
      lastBody: r.last_body.slice(0, 160),
      lastAuthor: r.last_author,
      unread: Number(r.unread),
    };
  });
}

/** One user's conversation for staff, with who they are. */
export async function supportConversation(services: Services, userId: string) {
  if (userId.length > 100) return null;
  const [user] = await services.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      rcs: userData.rcs,
      countryCode: userData.countryCode,
    })
    .from(users)
    .leftJoin(userData, eq(userData.userId, users.id))
    .where(eq(users.id, userId));
  if (!user) return null;
  const messages = await services.db
    .select(messageColumns)
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(asc(supportMessages.createdAt))
    .limit(1000);
  const { rcs, countryCode, ...who } = user;
  return {
    user: { ...who, ...supportSignals(countryCode, rcs) },
    messages: messages.map(serialize),
  };
}
