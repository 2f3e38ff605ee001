import { and, desc, eq, gt } from "drizzle-orm";
import {
  auditLog,
  exerciseViews,
  exercises,
  mailOutbox,
  organizationMembers,
  organizations,
  reviews,
  sessions,
  userData,
  users,
} from "@db/schema";
import { hasRole, ROLE } from "~/lib/auth/roles";
import type { Services } from "~/lib/services.server";
import { userPlan } from "./grants.server";

/**
 * Admin → Users → one user (issue 15 item 6): what an operator needs to help a teacher — plan
 * and subscription, school, signed-in devices, recent activity, the mails Parley sent them
 * (each can be sent again) — and their roles (spec §3 bit flags), changed with a confirmation.
 */

const RECENT = 15;

/** The user page's data; null when there is no such user. */
export async function loadAdminUser(services: Services, id: string) {
  const now = services.clock.now();
  const [row] = await services.db
    .select({ user: users, data: userData })
    .from(users)
    .innerJoin(userData, eq(userData.userId, users.id))
    .where(eq(users.id, id));
  if (!row) return null;
  const { user, data } = row;
  const [school, devices, opened, actions, mails, review] = await Promise.all([
    services.db
      .select({ id: organizations.id, name: organizations.name, role: organizationMembers.role })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(eq(organizationMembers.userId, id)),
    services.db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.updatedAt)),
    services.db
      .select({ id: exercises.id, title: exercises.title, viewedAt: exerciseViews.viewedAt })
      .from(exerciseViews)
      .innerJoin(exercises, eq(exercises.id, exerciseViews.exerciseId))
      .where(eq(exerciseViews.userId, id))
      .orderBy(desc(exerciseViews.viewedAt))
      .limit(RECENT),
    services.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorEmail: auditLog.actorEmail,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(eq(auditLog.target, id))
      .orderBy(desc(auditLog.id))
      .limit(RECENT),
    services.db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.id))
      .limit(RECENT),
    services.db
      .select({
        rating: reviews.rating,
        text: reviews.text,
        consent: reviews.consentToPublish,
        hiddenAt: reviews.hiddenAt,
      })
      .from(reviews)
      .where(eq(reviews.userId, id)),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    roles: {
      teacher: hasRole(data.role, ROLE.TEACHER),
      student: hasRole(data.role, ROLE.STUDENT),
      admin: hasRole(data.role, ROLE.ADMIN),
    },
    plan: userPlan(data, now),
    subscription: {
      status: data.subscriptionStatus,
      id: data.subscriptionId,
      customer: data.stripeCustomerId,
      accessUntil: iso(data.trialExpiresAt),
      grant: data.accessGrant,
    },
    country: data.countryCode,
    school: school[0] ?? null,
    devices: devices.map((d) => ({
      id: d.id,
      since: d.createdAt.toISOString(),
      lastSeen: d.updatedAt.toISOString(),
      device: (d.userAgent ?? "").slice(0, 160),
    })),
    opened: opened.map((o) => ({ ...o, viewedAt: o.viewedAt.toISOString() })),
    actions: actions.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    mails: mails.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
    })),
    review: review[0] ? { ...review[0], hiddenAt: iso(review[0].hiddenAt) } : null,
  };
}

export type RoleChange =
  { ok: true; role: number } | { ok: false; reason: "self" | "none" | "no-user" };

/**
 * Sets a user's roles (TEACHER, STUDENT, ADMIN bits; at least one). Nobody changes their own
 * roles here, so the panel cannot lose its last administrator.
 */
export async function setRoles(
  services: Services,
  actorId: string,
  userId: string,
  roles: { teacher: boolean; student: boolean; admin: boolean },
): Promise<RoleChange> {
  if (actorId === userId) return { ok: false, reason: "self" };
  const role =
    (roles.teacher ? ROLE.TEACHER : 0) |
    (roles.student ? ROLE.STUDENT : 0) |
    (roles.admin ? ROLE.ADMIN : 0);
  if (role === 0) return { ok: false, reason: "none" };
  const [row] = await services.db
    .update(userData)
    .set({ role, updatedAt: services.clock.now() })
    .where(eq(userData.userId, userId))
    .returning({ role: userData.role });
  return row ? { ok: true, role: row.role } : { ok: false, reason: "no-user" };
}

/** Signs a user out of every device (their sessions end); how many there were. */
export async function endSessions(services: Services, userId: string): Promise<number> {
  const ended = await services.db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Sends a mail from the outbox again, as a new mail with the same content: only one that was
 * addressed to this user (an administrator cannot send one user's mail to another).
 */
export async function resendMail(
  services: Services,
  userId: string,
  mailId: number,
): Promise<boolean> {
  const [mail] = await services.db
    .select({
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      headers: mailOutbox.headers,
    })
    .from(mailOutbox)
    .innerJoin(users, eq(users.email, mailOutbox.to))
    .where(and(eq(mailOutbox.id, mailId), eq(users.id, userId)));
  if (!mail) return false;
  await services.mail.send(
    { ...mail, headers: mail.headers ?? undefined },
    { key: `resend:${mailId}:${services.clock.now().getTime()}` },
  );
  return true;
}
