import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "@db/schema";
import { queryRows } from "~/lib/db.server";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { startTestApp, type TestApp } from "../support/test-app";

// The session is read in one statement with its user, school and unread count (issue 19);
// these check that the shortcut still honours what better-auth decides.
const PASSWORD = "a harbour pilot's long logbook";
const TOKEN_COOKIE = "parley.session_token";
const DAY_MS = 86_400_000;

let app: TestApp;
let accounts = 0;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function teacher() {
  accounts += 1;
  return signedInAccount(app, {
    email: `session-${accounts}@school.test`,
    role: ROLE.TEACHER,
    password: PASSWORD,
    firstName: `Orla${accounts}`,
  });
}

async function sessionExpiry(userId: string): Promise<number> {
  const [row] = await queryRows<{ expires_at: Date | string }>(
    app.database.db,
    sql`select expires_at from sessions where user_id = ${userId}`,
  );
  return new Date(row!.expires_at).getTime();
}

describe("reading the session", () => {
  it("lets a signed-in teacher in, with their unread notification count", async () => {
    const { id, client } = await teacher();
    await app.database.db.insert(notifications).values({
      id: randomUUID(),
      userId: id,
      kind: "exercises",
      messageKey: "notifications.newExercises",
      values: { count: 3 },
    });
    const page = await client.get("/dashboard");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Orla${accounts}`);
    expect(html).toMatch(/data-testid="unread-badge"[^>]*>1</);
  });

  it("refuses a session cookie whose signature was changed", async () => {
    const { client } = await teacher();
    const value = decodeURIComponent(client.cookie(TOKEN_COOKIE)!);
    const [token] = value.split(".");
    client.setCookie(TOKEN_COOKIE, encodeURIComponent(`${token}.${"A".repeat(43)}=`));
    const page = await client.get("/dashboard");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/auth\/(sign-in|confirm)\?/);
  });

  it("signs a teacher out on the next request once the session is revoked", async () => {
    const { id, client } = await teacher();
    expect((await client.get("/dashboard")).status).toBe(200);
    await app.database.db.execute(sql`delete from sessions where user_id = ${id}`);
    const page = await client.get("/dashboard");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/auth\/(sign-in|confirm)\?/);
  });

  it("still gives a session its daily refresh", async () => {
    const { id, client } = await teacher();
    // Two days into a 400-day session: better-auth moves the expiry on (update age: a day).
    await app.database.db.execute(
      sql`update sessions set expires_at = now() + interval '398 days' where user_id = ${id}`,
    );
    const before = await sessionExpiry(id);
    const page = await client.get("/dashboard");
    expect(page.status).toBe(200);
    expect(await sessionExpiry(id)).toBeGreaterThan(before + DAY_MS);
    expect(page.headers.getSetCookie().some((c) => c.startsWith(`${TOKEN_COOKIE}=`))).toBe(true);
  });

  it("ends an expired session", async () => {
    const { id, client } = await teacher();
    await app.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${id}`,
    );
    const page = await client.get("/dashboard");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/auth\/(sign-in|confirm)\?/);
  });
});
