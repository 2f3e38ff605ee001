/** Route rules (spec §2.4): an exact path or a prefix redirected to a target. */
export interface RouteRule {
  matchType: "exact" | "prefix";
  path: string;
  target: string;
  statusCode: number;
}

/** The rule for a path: an exact match first, then the longest matching prefix. */
export function matchRouteRule(rules: readonly RouteRule[], pathname: string): RouteRule | null {
  const exact = rules.find((r) => r.matchType === "exact" && r.path === pathname);
  if (exact) return exact;
  let best: RouteRule | null = null;
  for (const rule of rules) {
    if (rule.matchType !== "prefix") continue;
    const base = rule.path.endsWith("/") ? rule.path : `${rule.path}/`;
    if (
      (pathname === rule.path || pathname.startsWith(base)) &&
      (!best || rule.path.length > best.path.length)
    )
      best = rule;
  }
  return best;
}
