import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { userData } from "@db/schema";
import { ROLE } from "~/lib/auth/roles";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { HttpSession } from "./http-session";
import type { TestApp } from "./test-app";

let clients = 0;

/**
 * An account created directly in the database and signed in over HTTP, each from its own
 * client address (so per-address sign-in limits never meet between tests).
 */
export async function signedInAccount(
  app: TestApp,
  input: { email: string; role: number; password: string; firstName?: string; lastName?: string },
): Promise<{ id: string; client: HttpSession }> {
  const { id } = await ensureUser(app.services, {
    email: input.email,
    firstName: input.firstName ?? input.email.split("@")[0] ?? "User",
    lastName: input.lastName ?? "Tester",
    role: input.role,
    password: input.password,
  });
  clients += 1;
  const client = new HttpSession(app.url, {
    "x-forwarded-for": `10.200.${Math.floor(clients / 250)}.${clients % 250}`,
  });
  const signIn = await client.postForm("/auth/sign-in", {
    email: input.email,
    password: input.password,
  });
  expect(signIn.status).toBe(302);
  return { id, client };
}

/**
 * Two signed-in teachers: one on the free plan, one with a week of trial left (premium), for
 * tests of what premium opens.
 */
export async function freeAndPremiumTeachers(
  app: TestApp,
  label: string,
  password: string,
): Promise<{ free: HttpSession; premium: HttpSession; freeId: string; premiumId: string }> {
  const free = await signedInAccount(app, {
    email: `free-${label}@school.test`,
    role: ROLE.TEACHER,
    password,
  });
  const premium = await signedInAccount(app, {
    email: `premium-${label}@school.test`,
    role: ROLE.TEACHER,
    password,
  });
  await app.database.db
    .update(userData)
    .set({ trialExpiresAt: new Date(app.clock.now().getTime() + 7 * 24 * 3600_000) })
    .where(eq(userData.userId, premium.id));
  return { free: free.client, premium: premium.client, freeId: free.id, premiumId: premium.id };
}

/**
 * An administrator (owner@<domain>) and a teacher (teacher@<domain>), both signed in: for the
 * admin panel's tests, which check that a teacher is refused what the administrator may do.
 */
export async function adminAndTeacher(app: TestApp, domain: string, password: string) {
  const admin = await signedInAccount(app, {
    email: `owner@${domain}`,
    role: ROLE.TEACHER | ROLE.ADMIN,
    password,
  });
  const teacher = await signedInAccount(app, {
    email: `teacher@${domain}`,
    role: ROLE.TEACHER,
    password,
  });
  return { admin: admin.client, teacher: teacher.client };
}
