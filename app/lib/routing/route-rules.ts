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

/**
 * Where a rule sends a request: the rule's target, carrying the request's query string
 * (`/help?x=1` → `/faq?x=1`). Parameters the target sets itself win over the request's.
 */
export function ruleDestination(target: string, search: string): string {
  const hashAt = target.indexOf("#");
  const hash = hashAt === -1 ? "" : target.slice(hashAt);
  const withoutHash = hashAt === -1 ? target : target.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const own = new URLSearchParams(queryAt === -1 ? "" : withoutHash.slice(queryAt + 1));
  const merged = new URLSearchParams(search);
  for (const name of new Set(own.keys())) merged.delete(name);
  for (const [name, value] of own) merged.append(name, value);
  const query = merged.toString();
  return `${base}${query ? `?${query}` : ""}${hash}`;
}
