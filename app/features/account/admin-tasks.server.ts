import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { accounts, userData, users } from "@db/schema";
import { captureSetPasswordLink, emailHash } from "~/lib/auth/auth.server";
import { hashPassword } from "~/lib/auth/password.server";
import { hasRole, ROLE } from "~/lib/auth/roles";
import type { Services } from "~/lib/services.server";

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  role: number;
  /** Sets a password directly (development demo accounts only). */
  password?: string;
}

/** Creates a verified user with their user_data row; returns the id (existing users are reused). */
export async function ensureUser(
  services: Services,
  input: NewUser,
): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = await services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (existing[0]) return { id: existing[0].id, created: false };
  const id = randomUUID();
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: `${input.firstName} ${input.lastName}`,
      email,
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(userData)
      .values({ userId: id, role: input.role, termsAcceptedAt: now, emailHash: emailHash(email) });
    if (input.password) {
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: await hashPassword(input.password),
        createdAt: now,
        updatedAt: now,
      });
    }
  });
  return { id, created: true };
}

/** A one-time link to /auth/recovery/{token} where the user chooses a password (valid one hour). */
export async function issueSetPasswordLink(services: Services, email: string): Promise<string> {
  const url = await captureSetPasswordLink(services.linkCaptures, email, () =>
    services.auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth/recovery" } }),
  );
  if (!url) throw new Error(`No account for ${email}`);
  return url;
}

export async function hasPassword(services: Services, userId: string): Promise<boolean> {
  const rows = await services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(
      sql`${accounts.userId} = ${userId} and ${accounts.providerId} = 'credential' and ${accounts.password} is not null`,
    );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * `npm run create-admin -- --email …`: promotes an existing user to admin, or creates one,
 * and returns a one-time set-password link.
 */
export async function createOrPromoteAdmin(
  services: Services,
  input: { email: string; firstName?: string; lastName?: string },
): Promise<{ created: boolean; link: string }> {
  const { id, created } = await ensureUser(services, {
    email: input.email,
    firstName: input.firstName ?? "Admin",
    lastName: input.lastName ?? "Parley",
    role: ROLE.TEACHER | ROLE.ADMIN,
  });
  if (!created) {
    await services.db
      .update(userData)
      .set({ role: sql`${userData.role} | ${ROLE.ADMIN}` })
      .where(eq(userData.userId, id));
  }
  return { created, link: await issueSetPasswordLink(services, input.email) };
}

export type AdminRightsOutcome = { ok: true } | { ok: false; reason: "self" | "no-user" };

/**
 * An administrator gives another account administrator rights, or takes them away (the ADMIN
 * bit of the role; the other bits are kept). Nobody changes their own rights here, so the
 * panel cannot lock its last administrator out; `npm run create-admin` stays the way in.
 */
export async function setAdminRights(
  services: Services,
  actorId: string,
  userId: string,
  admin: boolean,
): Promise<AdminRightsOutcome> {
  if (actorId === userId) return { ok: false, reason: "self" };
  const [row] = await services.db
    .update(userData)
    .set({
      role: admin
        ? sql`${userData.role} | ${ROLE.ADMIN}`
        : sql`${userData.role} & ~${ROLE.ADMIN}::int`,
    })
    .where(eq(userData.userId, userId))
    .returning({ role: userData.role });
  if (!row) return { ok: false, reason: "no-user" };
  services.log.info(
    { actorId, userId, admin: hasRole(row.role, ROLE.ADMIN) },
    "administrator rights changed",
  );
  return { ok: true };
}
