import { matchRouteRule, type RouteRule } from "~/lib/routing/route-rules";

/**
 * Browser-side knowledge shared by the root's client middleware and the app effects: is a
 * newer build deployed, and which route rules apply (from /builds/meta/{id}.json).
 */
export const clientState = {
  buildId: "",
  staleBuild: false,
  routeRules: [] as RouteRule[],
};

export function matchClientRule(pathname: string): RouteRule | null {
  return matchRouteRule(clientState.routeRules, pathname);
}

export async function refreshBuildState(): Promise<void> {
  if (!clientState.buildId) return;
  try {
    const response = await fetch(`/builds/latest.json?${Date.now()}`, { cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const latest = (await response.json()) as { id?: string };
    if (latest.id && latest.id !== clientState.buildId) clientState.staleBuild = true;
  } catch (error) {
    console.warn("Checking for a new version failed", error);
  }
}

export async function loadRouteRulesManifest(): Promise<void> {
  if (!clientState.buildId) return;
  try {
    const response = await fetch(`/builds/meta/${encodeURIComponent(clientState.buildId)}.json`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const manifest = (await response.json()) as { routeRules?: RouteRule[] };
    clientState.routeRules = Array.isArray(manifest.routeRules) ? manifest.routeRules : [];
  } catch (error) {
    console.warn("Loading the route rules manifest failed", error);
  }
}
