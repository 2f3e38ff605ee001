import { redirect, type DataStrategyResult, type MiddlewareFunction } from "react-router";
import { clientState, matchClientRule } from "./client-state";
import { ruleDestination } from "~/lib/routing/route-rules";

interface RouterGlobal {
  __reactRouterDataRouter?: { state: { navigation: { location?: { hash: string } } } };
}

/**
 * The hash of the navigation in progress. The browser drops fragments from Request URLs,
 * so it is read from the router's pending navigation state.
 */
function pendingHash(): string {
  return (
    (window as unknown as RouterGlobal).__reactRouterDataRouter?.state.navigation.location?.hash ??
    ""
  );
}

const never = () => new Promise<never>(() => undefined);

/**
 * Client navigations: a newer deployed build turns the next navigation into a full page
 * load (spec §4.7); a route rule redirects, keeping the current hash when the target has
 * none, and leaves the app for an external target (spec §2.4).
 */
export const clientNavigationMiddleware: MiddlewareFunction<
  Record<string, DataStrategyResult>
> = async ({ request }, next) => {
  const url = new URL(request.url);
  const hash = pendingHash();
  if (clientState.staleBuild) {
    window.location.assign(`${url.pathname}${url.search}${hash}`);
    return never();
  }
  const rule = matchClientRule(url.pathname);
  if (rule) {
    const target = new URL(ruleDestination(rule.target, url.search), window.location.origin);
    if (!target.hash && hash) target.hash = hash;
    if (target.origin !== window.location.origin) {
      window.location.assign(target.href);
      return never();
    }
    throw redirect(`${target.pathname}${target.search}${target.hash}`);
  }
  return next();
};
