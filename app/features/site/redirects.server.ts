import { asc, eq } from "drizzle-orm";
import { routeRules } from "@db/schema";
import { ROUTE_RULES_CHANNEL } from "~/lib/routing/route-rules.server";
import type { Services } from "~/lib/services.server";

/** The redirect table as the panel lists it. */
export async function listRedirects(services: Services) {
  const rows = await services.db
    .select()
    .from(routeRules)
    .orderBy(asc(routeRules.path), asc(routeRules.matchType));
  return rows.map((r) => ({
    id: r.id,
    matchType: r.matchType,
    path: r.path,
    target: r.target,
    statusCode: r.statusCode,
    note: r.note,
  }));
}

/** Every instance reloads its table (NOTIFY); this one at once. */
async function announce(services: Services) {
  await services.database.notify(ROUTE_RULES_CHANNEL, "admin");
  await services.routeRules.reload();
}

/** Adds a rule; false when that path already has a rule of that kind. */
export async function addRedirect(
  services: Services,
  rule: {
    matchType: "exact" | "prefix";
    path: string;
    target: string;
    statusCode: number;
    note: string;
  },
): Promise<boolean> {
  const inserted = await services.db
    .insert(routeRules)
    .values({ ...rule, note: rule.note || null, createdAt: services.clock.now() })
    .onConflictDoNothing()
    .returning({ id: routeRules.id });
  if (inserted.length === 0) return false;
  await announce(services);
  return true;
}

/** Removes a rule; the removed rule, or null when there was none. */
export async function deleteRedirect(services: Services, id: number) {
  const [removed] = await services.db
    .delete(routeRules)
    .where(eq(routeRules.id, id))
    .returning({ path: routeRules.path, target: routeRules.target });
  if (!removed) return null;
  await announce(services);
  return removed;
}
