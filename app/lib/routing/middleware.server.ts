import { data, redirect, type MiddlewareFunction } from "react-router";
import { isAdmin, loadSession, sessionContext } from "../auth/session.server";
import { getServices } from "../context.server";
import { allowedDuringMaintenance, guardDecision } from "./guards";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const MAINTENANCE_RETRY_AFTER_S = 600;

/**
 * Runs before every loader and action, for document requests and client navigations'
 * data requests alike: cross-site check, session, maintenance, route rules, guards.
 */
export const requestMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const services = getServices(context);
  const url = new URL(request.url);

  // Forms and APIs that change state accept only same-origin browser requests.
  if (UNSAFE_METHODS.has(request.method)) {
    const origin = request.headers.get("origin");
    if (origin && origin !== services.env.appOrigin && origin !== url.origin) {
      throw data({ error: "Cross-site requests are not allowed." }, { status: 403 });
    }
  }

  const session = await loadSession(services, request);
  context.set(sessionContext, session);
  const admin = isAdmin(session.user);

  const maintenance = services.flags.getMaintenance();
  if (maintenance.enabled && !admin && !allowedDuringMaintenance(url.pathname)) {
    throw data(
      { maintenance: true },
      {
        status: 503,
        headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_S), "Cache-Control": "no-store" },
      },
    );
  }

  const rule = services.routeRules.match(url.pathname);
  if (rule) throw redirect(rule.target, rule.statusCode);

  const decision = guardDecision({
    pathname: url.pathname,
    search: url.search,
    user: session.user ? { isAdmin: admin } : null,
  });
  if (decision.type === "redirect") throw redirect(decision.to);

  const response = await next();
  for (const cookie of session.setCookies) response.headers.append("Set-Cookie", cookie);
  if (session.user) {
    // Pages for a signed-in user are personal: never stored by a shared cache.
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
};
