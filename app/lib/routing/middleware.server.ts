import { ruleDestination } from "./route-rules";
import { data, redirect, type MiddlewareFunction } from "react-router";
import { isAdmin, loadSession, sessionContext } from "../auth/session.server";
import { hasRole, ROLE } from "../auth/roles";
import { getRequestInfo, getServices } from "../context.server";
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE } from "../db.server";
import {
  COUNTRY_VARIANT_HEADER,
  isStorable,
  pageCacheFor,
  pageCacheKey,
} from "../page-cache.server";
import { allowedDuringMaintenance, guardDecision } from "./guards";
import { splitLocalePrefix } from "./paths";
import { notFound } from "~/lib/not-found";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAINTENANCE_RETRY_AFTER_S = 600;

/** The answer while the database cannot be reached: 503, never a 500. */
function databaseUnavailable() {
  return data(
    { error: DATABASE_UNAVAILABLE_MESSAGE },
    {
      status: 503,
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_S), "Cache-Control": "no-store" },
    },
  );
}

/** Seconds until the expected end of maintenance (at least a minute), else the default. */
function maintenanceRetryAfter(until: string | null, now: Date): number {
  if (!until) return MAINTENANCE_RETRY_AFTER_S;
  return Math.max(60, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
}

/**
 * Outermost: finishes every response, whatever happened inside (a redirect or an error
 * page included): session cookie refreshes, no shared caching of personal pages, and
 * Retry-After on the maintenance page.
 */
const responseMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const session = context.get(sessionContext);
  for (const cookie of session.setCookies) response.headers.append("Set-Cookie", cookie);
  // A content-addressed public file (a picture under /media) is the same for everyone: it
  // keeps its year-long caching, unless this answer also refreshes the session cookie.
  const shared =
    /\bpublic\b.*\bimmutable\b/.test(response.headers.get("Cache-Control") ?? "") &&
    session.setCookies.length === 0;
  if (session.user && !shared) response.headers.set("Cache-Control", "private, no-store");
  if (response.status === 503) {
    const services = getServices(context);
    const maintenance = services.flags.getMaintenance();
    if (maintenance.enabled)
      response.headers.set(
        "Retry-After",
        String(maintenanceRetryAfter(maintenance.until, services.clock.now())),
      );
    else if (!response.headers.has("Retry-After"))
      response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_S));
    response.headers.set("Cache-Control", "no-store");
  }
  const storable = !session.user && request.method === "GET" && isStorable(response);
  response.headers.delete(COUNTRY_VARIANT_HEADER);
  if (storable) return rememberPage(request, context, response);
  return response;
};

/** Keeps a public page for the in-process page cache (served by the HTTP server). */
async function rememberPage(
  request: Request,
  context: Parameters<MiddlewareFunction<Response>>[0]["context"],
  response: Response,
): Promise<Response> {
  const info = getRequestInfo(context);
  const key = pageCacheKey({
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    clientIp: info.clientIp,
  });
  if (!key) return response;
  const body = await response.text();
  pageCacheFor(getServices(context)).set(key, {
    body,
    nonce: info.nonce,
    headers: [...response.headers].filter(([name]) => name !== "content-length"),
    storedAt: performance.now(),
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/**
 * Runs before every loader and action, for document requests and client navigations'
 * data requests alike: cross-site check, session, maintenance, route rules, guards.
 */
const guardMiddleware: MiddlewareFunction<Response> = async (
  { request, context, params },
  next,
) => {
  const services = getServices(context);
  const url = new URL(request.url);

  // Localized routes take an optional language segment: anything else there is unknown.
  if (params.lang !== undefined && !splitLocalePrefix(url.pathname).prefix) notFound(url.pathname);

  // Forms and APIs that change state accept only same-origin browser requests.
  if (UNSAFE_METHODS.has(request.method)) {
    const origin = request.headers.get("origin");
    if (origin && origin !== services.env.appOrigin && origin !== url.origin) {
      throw data({ error: "Cross-site requests are not allowed." }, { status: 403 });
    }
  }

  // The database is out of reach: every route would fail on it, so none runs.
  if (!services.database.isAvailable()) throw databaseUnavailable();

  const session = await loadSession(services, request);
  context.set(sessionContext, session);
  const admin = isAdmin(session.user);

  const maintenance = services.flags.getMaintenance();
  if (maintenance.enabled && !admin && !allowedDuringMaintenance(url.pathname)) {
    // The operator's note and expected end, for the maintenance page.
    throw data(
      { maintenance: true, message: maintenance.message, until: maintenance.until },
      { status: 503 },
    );
  }

  const rule = services.routeRules.match(url.pathname);
  if (rule) throw redirect(ruleDestination(rule.target, url.search), rule.statusCode);

  const decision = guardDecision({
    pathname: url.pathname,
    search: url.search,
    user: session.user
      ? {
          isAdmin: admin,
          student:
            hasRole(session.user.data.role, ROLE.STUDENT) &&
            !hasRole(session.user.data.role, ROLE.TEACHER) &&
            !admin
              ? { classId: session.user.classId }
              : null,
        }
      : null,
  });
  if (decision.type === "redirect") throw redirect(decision.to);

  return next();
};

export const requestMiddleware: MiddlewareFunction<Response>[] = [
  responseMiddleware,
  guardMiddleware,
];
