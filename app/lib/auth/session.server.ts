import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { createContext, redirect, type RouterContextProvider, href } from "react-router";
import {
  favorites,
  notifications,
  organizationMembers,
  organizations,
  sessions,
  userData,
  users,
} from "@db/schema";
import { readCookie } from "../i18n/detect";
import { apiError } from "../http.server";
import { confirmUrl } from "../routing/guards";
import type { Services } from "../services.server";
import { hasRole as hasRoleBit, ROLE } from "./roles";

type UserDataRow = typeof userData.$inferSelect;

/** The signed-in user as every loader sees it: identity plus the user_data row (spec §3). */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  classId: string | null;
  createdAt: Date;
  marketingNewsletterAcceptedAt: Date | null;
  appNewsletterAcceptedAt: Date | null;
  data: UserDataRow;
  sessionId: string;
}

/** The signed-in user's school, as `loadUserOrganization` reads it. */
export interface SessionOrganization {
  organization: typeof organizations.$inferSelect;
  role: (typeof organizationMembers.$inferSelect)["role"];
}

/**
 * What the one session query read besides the user, for the page's loaders to take instead of
 * asking again (issue 19): the school, the unread notification count and the favorites. Absent when the
 * session came through better-auth (a refresh, a first visit) and on a POST; loaders then ask
 * themselves. Kept by the request's user object, so it lasts one request.
 */
export interface SessionExtras {
  organization: SessionOrganization | null;
  unreadNotifications: number;
  /** The ids of the user's starred exercises and materials, newest first. */
  favorites: { exercises: string[]; materials: string[] };
}

export interface SessionState {
  user: SessionUser | null;
  /** Set-Cookie headers better-auth produced while reading the session (refresh, clearing). */
  setCookies: string[];
}

export const sessionContext = createContext<SessionState>({ user: null, setCookies: [] });

type ContextReader = Pick<RouterContextProvider, "get">;

function asDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

function sessionUser(
  u: Record<string, unknown> & { id: string; email: string; emailVerified: boolean },
  data: UserDataRow,
  sessionId: string,
): SessionUser {
  return {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    firstName: String(u.firstName ?? ""),
    lastName: String(u.lastName ?? ""),
    classId: typeof u.classId === "string" ? u.classId : null,
    createdAt: asDate(u.createdAt) ?? new Date(),
    marketingNewsletterAcceptedAt: asDate(u.marketingNewsletterAcceptedAt),
    appNewsletterAcceptedAt: asDate(u.appNewsletterAcceptedAt),
    data,
    sessionId,
  };
}

/** The session token of a cookie signed as better-call signs it (`token.base64(HMAC-SHA256)`). */
function verifiedToken(value: string | null, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : null;
}

const extrasByUser = new WeakMap<SessionUser, SessionExtras>();

/** What the session query read besides this user (see `SessionExtras`), when it did. */
export function sessionExtras(user: SessionUser): SessionExtras | undefined {
  return extrasByUser.get(user);
}

/**
 * The common case in one statement (issue 19): a valid session that needs no refresh, read
 * with its user, user_data row, school, unread count and favorites. Anything else (no such session, an
 * expired one, one due for its daily refresh, a leftover session-data cookie, an account
 * without user_data) returns null and goes through better-auth, which refreshes, clears
 * cookies and deletes as it always did. Sessions stay on the machine's clock, as in
 * better-auth (README, "Time in code and tests").
 */
async function readSessionAtOnce(
  services: Services,
  cookie: string,
  method: string,
): Promise<SessionState | null> {
  const auth = await services.auth.$context;
  if (cookie.includes(auth.authCookies.sessionData.name)) return null;
  const token = verifiedToken(readCookie(cookie, auth.authCookies.sessionToken.name), auth.secret);
  if (!token) return null;
  const [row] = await services.db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      user: users,
      data: userData,
      organization: organizations,
      role: organizationMembers.role,
      unread: sql<number>`(select count(*)::int from ${notifications} where ${and(
        eq(notifications.userId, users.id),
        isNull(notifications.readAt),
      )})`,
      favorites: sql<[string | null, string | null][]>`(select coalesce(json_agg(json_build_array(${
        favorites.exerciseId
      }, ${favorites.materialId}) order by ${favorites.createdAt} desc), '[]') from ${favorites} where ${eq(
        favorites.userId,
        users.id,
      )})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userData, eq(userData.userId, users.id))
    .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
    .leftJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(sessions.token, token))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  const { expiresIn, updateAge } = auth.sessionConfig;
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt <= now || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return null;
  const user = sessionUser(row.user, row.data, row.sessionId);
  // A document POST runs its action and then the page's loaders in this one request: what
  // the action changes (the school, read notifications) must be read after it, not here.
  if (method === "GET" || method === "HEAD") {
    extrasByUser.set(user, {
      organization:
        row.organization && row.role ? { organization: row.organization, role: row.role } : null,
      unreadNotifications: Number(row.unread),
      favorites: {
        exercises: row.favorites.flatMap(([exercise]) => (exercise ? [exercise] : [])),
        materials: row.favorites.flatMap(([, material]) => (material ? [material] : [])),
      },
    });
  }
  return { setCookies: [], user };
}

/** Reads the session cookie once per request (root middleware) with its user_data row. */
export async function loadSession(services: Services, request: Request): Promise<SessionState> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !cookie.includes("session_token")) return { user: null, setCookies: [] };
  const atOnce = await readSessionAtOnce(services, cookie, request.method);
  if (atOnce) return atOnce;
  const { headers, response } = await services.auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  const setCookies = headers.getSetCookie();
  if (!response) return { user: null, setCookies };
  const u = response.user as typeof response.user & Record<string, unknown>;
  let rows = await services.db.select().from(userData).where(eq(userData.userId, u.id));
  if (rows.length === 0) {
    // Accounts created before user_data existed get their row on first use.
    await services.db.insert(userData).values({ userId: u.id }).onConflictDoNothing();
    rows = await services.db.select().from(userData).where(eq(userData.userId, u.id));
  }
  return { setCookies, user: sessionUser(u, rows[0] as UserDataRow, response.session.id) };
}

export function getUser(context: ContextReader): SessionUser | null {
  return context.get(sessionContext).user;
}

/**
 * After an action changed the signed-in user, the loaders of the same request (a form posted
 * without JavaScript renders its page in that request) see the changed user.
 */
export function replaceSessionUser(
  context: Pick<RouterContextProvider, "get" | "set">,
  user: SessionUser,
): void {
  context.set(sessionContext, { ...context.get(sessionContext), user });
}

export function hasRole(user: Pick<SessionUser, "data"> | null, role: number): boolean {
  return user !== null && hasRoleBit(user.data.role, role);
}

export function isAdmin(user: Pick<SessionUser, "data"> | null): boolean {
  return hasRole(user, ROLE.ADMIN);
}

/** For page loaders and actions: the user, or a redirect to sign in that comes back here. */
export function requireUser(context: ContextReader, request: Request): SessionUser {
  const user = getUser(context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(confirmUrl(url.pathname, url.search));
  }
  return user;
}

export function requireAdmin(context: ContextReader, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (!isAdmin(user)) throw redirect(href("/dashboard"));
  return user;
}

/** For API routes: the user, or 401 with a readable body. */
export function requireApiUser(context: ContextReader): SessionUser {
  const user = getUser(context);
  if (!user) apiError(401, "Sign in to use this endpoint.");
  return user;
}
