import { routeRules } from "@db/schema";
import { isTableEmpty } from "~/lib/db.server";
import type { Services } from "~/lib/services.server";

interface SeedOptions {
  /** Seed only when the database holds no data yet (first start). */
  onlyIfEmpty?: boolean;
}

/**
 * Demo data for a newcomer to look around. Idempotent: running it again adds nothing that
 * is already there. Returns a one-line summary, or null when nothing was done.
 */
export async function seedDemoData(
  services: Services,
  options: SeedOptions = {},
): Promise<string | null> {
  const { db } = services;
  if (options.onlyIfEmpty && !(await isTableEmpty(db, "route_rules"))) return null;

  const rules = await db
    .insert(routeRules)
    .values([
      {
        matchType: "exact",
        path: "/pricing",
        target: "/#pricing",
        statusCode: 301,
        note: "Short link used in newsletters",
      },
      {
        matchType: "exact",
        path: "/help",
        target: "/faq",
        statusCode: 301,
        note: "Old help centre address",
      },
    ])
    .onConflictDoNothing()
    .returning({ id: routeRules.id });

  return `${rules.length} route rules`;
}
