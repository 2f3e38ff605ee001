import { expect } from "vitest";
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
