/**
 * The navigation guards of spec §2.4 as one pure decision, used by the server on every
 * document and data request.
 */
export interface GuardUser {
  isAdmin: boolean;
  /**
   * A student account (role STUDENT without TEACHER or ADMIN): students see their class,
   * never the library, so dashboard pages other than their account lead to the class.
   */
  student?: { classId: string | null } | null;
}

/**
 * The teacher's side of the dashboard (home, library, planning). A student in a class is
 * sent to the class instead; their account and notifications stay open (spec §6 lets every
 * signed-in user open /dashboard paths, so a student without a class is not redirected).
 */
const TEACHER_DASHBOARD =
  /\/dashboard(\/(exercises|materials|audio|favorites|lessons|students|features)(\/.*)?)?$/;

export type GuardDecision = { type: "allow" } | { type: "redirect"; to: string };

const SIGN_IN_CONFIRM_PATH = "/auth/confirm";
export const REDIRECT_PARAM = "redirectTo";

export function isDashboardPath(pathname: string): boolean {
  return pathname.endsWith("/dashboard") || pathname.includes("/dashboard/");
}

export function isAdminPath(pathname: string): boolean {
  return pathname.endsWith("/admin") || pathname.includes("/admin/");
}

function isSignInOrUp(pathname: string): boolean {
  return pathname.includes("/auth/sign-in") || pathname.includes("/auth/sign-up");
}

/**
 * The longest sign-in address a guard answers with. Clients and proxies refuse a response
 * whose headers pass 8–16 kB (Node's fetch: 16 kB), so a page asked for with a huge query
 * string must not be answered with a Location holding it twice.
 */
export const MAX_CONFIRM_URL = 2048;

/**
 * /auth/confirm with the original query string kept and the original target added; for an
 * address too long to send back, the target is the page without its query (or the dashboard).
 */
export function confirmUrl(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(REDIRECT_PARAM);
  params.set(REDIRECT_PARAM, `${pathname}${search}`);
  const url = `${SIGN_IN_CONFIRM_PATH}?${params.toString()}`;
  if (url.length <= MAX_CONFIRM_URL) return url;
  const short = new URLSearchParams({ [REDIRECT_PARAM]: pathname });
  const target = `${SIGN_IN_CONFIRM_PATH}?${short.toString()}`;
  return target.length <= MAX_CONFIRM_URL
    ? target
    : `${SIGN_IN_CONFIRM_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: "/dashboard" }).toString()}`;
}

export function guardDecision(input: {
  pathname: string;
  search: string;
  user: GuardUser | null;
}): GuardDecision {
  const { pathname, search, user } = input;
  const dashboard = isDashboardPath(pathname);
  const admin = isAdminPath(pathname);
  if (!user) {
    if (dashboard || admin) return { type: "redirect", to: confirmUrl(pathname, search) };
    return { type: "allow" };
  }
  if (isSignInOrUp(pathname)) return { type: "redirect", to: "/dashboard" };
  if (admin && !user.isAdmin) return { type: "redirect", to: "/dashboard" };
  const classId = user.student?.classId;
  if (classId && TEACHER_DASHBOARD.test(pathname))
    return { type: "redirect", to: `/class/${classId}` };
  return { type: "allow" };
}

/**
 * Paths that stay reachable during maintenance: signing in (for admins), app plumbing, and
 * Stripe's webhook (payments made before the switch must still be recorded; Stripe would
 * otherwise retry for days and a subscription could lapse in between).
 */
export function allowedDuringMaintenance(pathname: string): boolean {
  return (
    pathname.startsWith("/auth/") ||
    pathname === "/auth" ||
    pathname.startsWith("/api/auth/") ||
    pathname.startsWith("/builds/") ||
    pathname === "/api/client-errors" ||
    pathname === "/api/stripe/webhook"
  );
}
