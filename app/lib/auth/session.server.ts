import { eq } from "drizzle-orm";
import { createContext, redirect, type RouterContextProvider, href } from "react-router";
import { userData } from "@db/schema";
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

/** Reads the session cookie once per request (root middleware) with its user_data row. */
export async function loadSession(services: Services, request: Request): Promise<SessionState> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !cookie.includes("session_token")) return { user: null, setCookies: [] };
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
  const data = rows[0] as UserDataRow;
  return {
    setCookies,
    user: {
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
      sessionId: response.session.id,
    },
  };
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
