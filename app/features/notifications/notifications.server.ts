import { randomUUID } from "node:crypto";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { notifications, userData } from "@db/schema";
import type { Services } from "~/lib/services.server";

/**
 * In-app notifications (lesson reminders, new exercises, trial ending, school invites,
 * support replies). Each belongs to one user; kinds the user switched off on the account
 * page are not created. Every change publishes the unread count to the user's open pages.
 */

import type { NotificationKind } from "./kinds";
import { dataKey, type MessageKey } from "~/lib/i18n/translate";

export async function unreadCount(services: Services, userId: string): Promise<number> {
  const [row] = await services.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

async function announce(services: Services, userId: string, latest?: { messageKey: string }) {
  try {
    await services.realtime.publish(`user:${userId}`, "notifications", {
      unread: await unreadCount(services, userId),
      ...(latest ? { latest } : {}),
    });
  } catch (error) {
    services.log.warn({ err: error, userId }, "could not publish a notification event");
  }
}

/** Creates a notification unless the user turned that kind off or it exists (dedupeKey). */
export async function notify(
  services: Services,
  userId: string,
  input: {
    kind: NotificationKind;
    messageKey: MessageKey;
    values?: Record<string, string | number>;
    url?: string | null;
    dedupeKey?: string | null;
  },
): Promise<boolean> {
  const [prefs] = await services.db
    .select({ off: userData.notificationsOff })
    .from(userData)
    .where(eq(userData.userId, userId));
  if (!prefs || prefs.off.includes(input.kind)) return false;
  const inserted = await services.db
    .insert(notifications)
    .values({
      id: randomUUID(),
      userId,
      kind: input.kind,
      messageKey: input.messageKey,
      values: input.values ?? {},
      url: input.url ?? null,
      dedupeKey: input.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (inserted.length === 0) return false;
  await announce(services, userId, { messageKey: input.messageKey });
  return true;
}

export async function listNotifications(services: Services, userId: string, limit = 100) {
  const rows = await services.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    messageKey: dataKey(r.messageKey),
    values: r.values,
    url: r.url,
    createdAt: r.createdAt.toISOString(),
    read: r.readAt !== null,
  }));
}

/** Marks one (scoped to its owner) or all of a user's notifications as read. */
export async function markRead(services: Services, userId: string, id: string | "all") {
  const result = await services.db
    .update(notifications)
    .set({ readAt: services.clock.now() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        id === "all" ? undefined : eq(notifications.id, id),
      ),
    )
    .returning({ id: notifications.id });
  if (result.length) await announce(services, userId);
  return result.length;
}

export async function setPreferences(services: Services, userId: string, off: NotificationKind[]) {
  await services.db
    .update(userData)
    .set({ notificationsOff: off, updatedAt: services.clock.now() })
    .where(eq(userData.userId, userId));
}
