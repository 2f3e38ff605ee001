import { eq } from "drizzle-orm";
import { routeRules, users } from "@db/schema";
import { ensureUser, hasPassword, issueSetPasswordLink } from "~/features/account/index.server";
import { ROLE } from "~/lib/auth/roles";
import { isTableEmpty } from "~/lib/db.server";
import { ROUTE_RULES_CHANNEL } from "~/lib/routing/route-rules.server";
import type { Services } from "~/lib/services.server";

interface SeedOptions {
  /** Seed only when the database holds no users yet (first start). */
  onlyIfEmpty?: boolean;
}

const DEMO_ACCOUNTS = [
  {
    email: "admin@parley.example",
    firstName: "Alex",
    lastName: "Morgan",
    role: ROLE.ADMIN | ROLE.TEACHER,
    devPassword: "parley-demo-admin",
  },
  {
    email: "teacher@parley.example",
    firstName: "Tessa",
    lastName: "Brooks",
    role: ROLE.TEACHER,
    devPassword: "parley-demo-teacher",
  },
] as const;

export interface SeedResult {
  summary: string;
  /** Sign-in help for the person starting the app: fixed credentials or one-time links. */
  access: string[];
}

/**
 * Demo data for a newcomer to look around. Idempotent: nothing that exists is added again.
 * In production no fixed password is ever set: each demo account gets a one-time
 * set-password link (printed at start while the account has no password yet); elsewhere the
 * accounts get fixed demo passwords.
 */
export async function seedDemoData(
  services: Services,
  options: SeedOptions = {},
): Promise<SeedResult | null> {
  const { db, env } = services;
  const empty = await isTableEmpty(db, "users");
  if (options.onlyIfEmpty && !empty) return demoAccess(services);
  const production = env.NODE_ENV === "production";
  let createdUsers = 0;
  for (const account of DEMO_ACCOUNTS) {
    const { created } = await ensureUser(services, {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      password: production ? undefined : account.devPassword,
    });
    if (created) createdUsers++;
  }
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
  // Every instance (this one included) picks the new rules up at once.
  if (rules.length > 0) await services.database.notify(ROUTE_RULES_CHANNEL, "seed");
  await services.routeRules.reload();
  const access = await demoAccess(services);
  return {
    summary: `${createdUsers} demo accounts, ${rules.length} route rules`,
    access: access?.access ?? [],
  };
}

/** How to get into the demo accounts: fixed credentials in development, fresh links in production. */
async function demoAccess(services: Services): Promise<SeedResult | null> {
  const access: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const rows = await services.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    const id = rows[0]?.id;
    if (!id) continue;
    if (services.env.NODE_ENV !== "production") {
      access.push(`${account.email} / ${account.devPassword}`);
    } else if (!(await hasPassword(services, id))) {
      access.push(
        `${account.email}: set a password at ${await issueSetPasswordLink(services, account.email)}`,
      );
    }
  }
  return access.length > 0 ? { summary: "", access } : null;
}
