import { APIError } from "better-auth/api";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { data, redirect, href } from "react-router";
import {
  accounts,
  classes,
  classShares,
  favorites,
  lessonItems,
  lessons,
  mailOutbox,
  notifications,
  organizationMembers,
  sessions,
  students,
  supportMessages,
  userData,
  users,
} from "@db/schema";
import type { SessionUser } from "~/lib/auth/session.server";
import { requestConsent, type Audience } from "~/features/mail/index.server";
import { isCommonPassword } from "~/lib/auth/password.server";
import type { Database } from "~/lib/db.server";
import type { FormFailure } from "~/lib/forms";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from "~/lib/i18n/detect";
import { normalizeLocale } from "~/lib/i18n/locales";
import { mailBrand, renderMail } from "~/lib/mail-templates.server";
import { featureLabCookie } from "~/lib/routing/cookies";
import type { Services } from "~/lib/services.server";
import { failedSignInKey } from "~/features/auth/index.server";
import { LIMITS } from "~/features/auth";
import { consumeRate, peekRate, type RateDecision } from "~/lib/rate-limit.server";
import { ACCESS_CHANGED_EVENT } from "~/lib/realtime.server";
import { describeDevice } from "./device";

/** Stores when the Feature Lab was opened; returns the Set-Cookie value for the browser. */
/** Stores fields of the user's own row (country, locale, captcha score, security flags). */
export async function updateUserData(
  db: Database,
  userId: string,
  patch: Partial<typeof userData.$inferInsert>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(userData).set(patch).where(eq(userData.userId, userId));
}

export async function markFeatureLabOpened(
  db: Database,
  userId: string,
  now: Date,
): Promise<string> {
  await db.update(userData).set({ featureLabOpenedAt: now }).where(eq(userData.userId, userId));
  return featureLabCookie.serialize(String(now.getTime()));
}

export interface SessionRow {
  id: string;
  token: string;
  browser: string;
  os: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The user's signed-in devices, most recently used first. */
export async function listUserSessions(
  services: Services,
  user: SessionUser,
): Promise<SessionRow[]> {
  const rows = await services.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), sql`${sessions.expiresAt} > now()`))
    .orderBy(sql`${sessions.updatedAt} desc`);
  return rows.map((s) => ({
    id: s.id,
    token: s.token,
    ...describeDevice(s.userAgent),
    ip: s.ipAddress,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.updatedAt.toISOString(),
    current: s.id === user.sessionId,
  }));
}

export async function updateProfile(
  services: Services,
  user: SessionUser,
  input: { firstName: string; lastName: string; avatar: number },
) {
  await services.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      updatedAt: services.clock.now(),
    })
    .where(eq(users.id, user.id));
  await services.db
    .update(userData)
    .set({ avatar: input.avatar, updatedAt: services.clock.now() })
    .where(eq(userData.userId, user.id));
}

/**
 * The two newsletter consents of the account page. Unticking withdraws at once; ticking one
 * not given yet starts nothing but a confirmation mail (double opt-in): answers the streams
 * that now wait for their owner's confirmation.
 */
export async function updateConsents(
  services: Services,
  user: SessionUser,
  input: { marketing: boolean; app: boolean },
): Promise<Audience[]> {
  const now = services.clock.now();
  await services.db
    .update(users)
    .set({
      marketingNewsletterAcceptedAt: input.marketing ? user.marketingNewsletterAcceptedAt : null,
      appNewsletterAcceptedAt: input.app ? user.appNewsletterAcceptedAt : null,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  const asked: Audience[] = [];
  if (input.marketing && !user.marketingNewsletterAcceptedAt) asked.push("marketing");
  if (input.app && !user.appNewsletterAcceptedAt) asked.push("app");
  for (const audience of asked) await requestConsent(services, user.id, audience);
  return asked;
}

export async function updatePreferences(
  services: Services,
  user: SessionUser,
  input: { locale: string; countryCode: string | null },
) {
  const locale = normalizeLocale(input.locale);
  await services.db
    .update(userData)
    .set({ locale, countryCode: input.countryCode, updatedAt: services.clock.now() })
    .where(eq(userData.userId, user.id));
  return locale
    ? `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`
    : null;
}

/** Open event streams of the user check again whether their session still holds. */
async function sessionsChanged(services: Services, userId: string) {
  await services.realtime
    .publish(`user:${userId}`, ACCESS_CHANGED_EVENT, {})
    .catch((error: unknown) => services.log.warn({ err: error }, "stream access event failed"));
}

function wrongPassword(intent: string, field = "currentPassword") {
  return data<FormFailure & { intent: string }>(
    { errors: { [field]: { key: "account.wrongPassword" } }, values: {}, intent },
    { status: 400 },
  );
}

function tooManyWrongPasswords(intent: string, decision: RateDecision) {
  return data<FormFailure & { intent: string }>(
    { errors: {}, values: {}, formError: { key: "account.tooManyPasswordTries" }, intent },
    { status: 429, headers: { "Retry-After": String(decision.retryAfterS) } },
  );
}

/**
 * Asking for the current password again (password change, e-mail change, deletion) is a
 * sign-in attempt: a wrong one counts against the account, like a failed sign-in, and
 * against the session, so a borrowed or stolen session cannot guess the password either.
 */
function reauthKeys(user: SessionUser) {
  return [
    { key: failedSignInKey(user.email), rule: LIMITS.failedSignInsPerAccount },
    { key: `reauth:fail:${user.sessionId}`, rule: LIMITS.failedReauthsPerSession },
  ];
}

/** A refusal when too many wrong passwords came first, otherwise null. */
async function reauthBlocked(services: Services, user: SessionUser, intent: string) {
  for (const { key, rule } of reauthKeys(user)) {
    const decision = await peekRate(services.db, key, rule);
    if (!decision.allowed) return tooManyWrongPasswords(intent, decision);
  }
  return null;
}

async function countWrongPassword(services: Services, user: SessionUser) {
  for (const { key, rule } of reauthKeys(user)) await consumeRate(services.db, key, rule);
}

async function passwordMatches(
  services: Services,
  request: Request,
  password: string,
): Promise<boolean> {
  try {
    const result = await services.auth.api.verifyPassword({
      body: { password },
      headers: request.headers,
    });
    return result.status === true;
  } catch (error) {
    if (error instanceof APIError) return false;
    throw error;
  }
}

/** Checks the current password under the re-authentication limits; a refusal, or null. */
async function reauthenticate(
  services: Services,
  request: Request,
  user: SessionUser,
  password: string,
  intent: string,
  field = "currentPassword",
) {
  const blocked = await reauthBlocked(services, user, intent);
  if (blocked) return blocked;
  if (await passwordMatches(services, request, password)) return null;
  await countWrongPassword(services, user);
  return wrongPassword(intent, field);
}

/** Changing the email asks for the password, then sends a verification link to the new address. */
export async function requestEmailChange(
  services: Services,
  request: Request,
  user: SessionUser,
  input: { newEmail: string; currentPassword: string },
) {
  const refused = await reauthenticate(services, request, user, input.currentPassword, "email");
  if (refused) return refused;
  if (input.newEmail === user.email) {
    return data<FormFailure & { intent: string }>(
      {
        errors: { newEmail: { key: "account.sameEmail" } },
        values: { newEmail: input.newEmail },
        intent: "email",
      },
      { status: 400 },
    );
  }
  const taken = await services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.newEmail));
  // An address that belongs to someone else gets the same answer (no enumeration); no mail is sent to it.
  if (taken.length === 0) {
    await services.auth.api.changeEmail({
      body: { newEmail: input.newEmail },
      headers: request.headers,
    });
  }
  return data({
    ok: true as const,
    intent: "email",
    notice: "account.emailChangeSent" as const,
    values: { email: input.newEmail },
  });
}

/** Changing the password asks for the current one and signs out every other device. */
export async function changePassword(
  services: Services,
  request: Request,
  user: SessionUser,
  input: { currentPassword: string; newPassword: string },
) {
  if (isCommonPassword(input.newPassword)) {
    return data<FormFailure & { intent: string }>(
      {
        errors: { newPassword: { key: "auth.passwordTooCommon" } },
        values: {},
        intent: "password",
      },
      { status: 400 },
    );
  }
  const refused = await reauthenticate(services, request, user, input.currentPassword, "password");
  if (refused) return refused;
  let setCookies: string[];
  try {
    const { headers } = await services.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    setCookies = headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError) return wrongPassword("password");
    throw error;
  }
  const locale = user.data.locale ?? "en";
  const message = await renderMail(services.i18n, locale, "passwordChanged", user.email, {
    firstName: user.firstName,
    url: `${services.env.appOrigin}/auth/recovery`,
    brand: mailBrand(services.env, services.flags.getOperator()),
  });
  await services.mail
    .send(message)
    .catch((error: unknown) => services.log.error({ err: error }, "password-changed mail failed"));
  await sessionsChanged(services, user.id);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data(
    { ok: true as const, intent: "password", notice: "account.passwordChanged" as const },
    { headers },
  );
}

export async function revokeSession(
  services: Services,
  request: Request,
  user: SessionUser,
  sessionId: string,
) {
  const rows = await services.db
    .select({ token: sessions.token })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, user.id),
        ne(sessions.id, user.sessionId),
      ),
    );
  const token = rows[0]?.token;
  if (token) {
    await services.auth.api.revokeSession({ body: { token }, headers: request.headers });
    await sessionsChanged(services, user.id);
  }
  return data({ ok: true as const, intent: "revoke", notice: "account.sessionRevoked" as const });
}

/** Everything Parley holds about the user, as one JSON document (GDPR article 20). */
export async function exportUserData(services: Services, user: SessionUser) {
  const { db } = services;
  const [profile] = await db.select().from(users).where(eq(users.id, user.id));
  const [details] = await db.select().from(userData).where(eq(userData.userId, user.id));
  const logins = await db
    .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, user.id));
  const devices = (await listUserSessions(services, user)).map(
    ({ token: _token, id: _id, ...rest }) => rest,
  );
  const favoriteRows = await db
    .select({
      exerciseId: favorites.exerciseId,
      materialId: favorites.materialId,
      createdAt: favorites.createdAt,
    })
    .from(favorites)
    .where(eq(favorites.userId, user.id));
  const membership = await db
    .select()
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, user.id));
  // The teaching data the user owns, their notifications and their support conversation.
  const [studentRows, lessonRows, classRows, notificationRows, supportRows] = await Promise.all([
    db.select().from(students).where(eq(students.teacherId, user.id)),
    db.select().from(lessons).where(eq(lessons.teacherId, user.id)),
    db.select().from(classes).where(eq(classes.teacherId, user.id)),
    db.select().from(notifications).where(eq(notifications.userId, user.id)),
    db
      .select({
        author: supportMessages.author,
        body: supportMessages.body,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .where(eq(supportMessages.userId, user.id)),
  ]);
  const lessonIds = lessonRows.map((l) => l.id);
  const classIds = classRows.map((c) => c.id);
  const [itemRows, shareRows] = await Promise.all([
    lessonIds.length
      ? db.select().from(lessonItems).where(inArray(lessonItems.lessonId, lessonIds))
      : [],
    classIds.length
      ? db.select().from(classShares).where(inArray(classShares.classId, classIds))
      : [],
  ]);
  const extra = await Promise.all(
    userDataExporters.map(
      async (exporter) => [exporter.name, await exporter.collect(services, user.id)] as const,
    ),
  );
  return {
    exportedAt: services.clock.now().toISOString(),
    account: profile,
    details: details ? { ...details, emailHash: undefined } : null,
    signInMethods: logins,
    devices,
    favorites: favoriteRows,
    organizationMembership: membership,
    students: studentRows,
    lessons: lessonRows.map((l) => ({ ...l, items: itemRows.filter((i) => i.lessonId === l.id) })),
    classes: classRows.map((c) => ({ ...c, shares: shareRows.filter((r) => r.classId === c.id) })),
    notifications: notificationRows,
    supportMessages: supportRows,
    ...Object.fromEntries(extra),
  };
}

/** Other features register what they store per user, for the data export. */
interface UserDataExporter {
  name: string;
  collect(services: Services, userId: string): Promise<unknown>;
}
const userDataExporters: UserDataExporter[] = [];

/**
 * Deleting the account asks for the password. The user, their sessions, sign-in methods,
 * favorites, lessons, students and memberships go (cascading deletes); kept are the trial
 * record (a hash of the address, so a new account gets no second trial) and, at the payment
 * provider, invoices the law requires.
 */
export async function deleteAccount(
  services: Services,
  request: Request,
  user: SessionUser,
  password: string,
) {
  const refused = await reauthenticate(services, request, user, password, "delete", "password");
  if (refused) return refused;
  const owned = await services.db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, user.id), eq(organizationMembers.role, "owner")));
  for (const { organizationId } of owned) {
    const others = await services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          ne(organizationMembers.userId, user.id),
        ),
      );
    if ((others[0]?.n ?? 0) > 0) {
      return data<FormFailure & { intent: string }>(
        { errors: {}, values: {}, formError: { key: "account.ownsSchool" }, intent: "delete" },
        { status: 409 },
      );
    }
  }
  let setCookies: string[];
  try {
    const { headers } = await services.auth.api.deleteUser({
      body: { password },
      headers: request.headers,
      returnHeaders: true,
    });
    setCookies = headers.getSetCookie();
  } catch (error) {
    if (error instanceof APIError) return wrongPassword("delete", "password");
    throw error;
  }
  await services.db.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
  await sessionsChanged(services, user.id);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  // A page that says it was done (the landing has no word for it, and stays cacheable).
  return redirect(`${href("/auth/sign-in")}?accountDeleted=1`, { headers });
}
