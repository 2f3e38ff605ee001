import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userData } from "@db/schema";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

const PASSWORD = "a teapot on the admin desk";

describe("administrator rights on /admin/users", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function roleOf(userId: string): Promise<number> {
    const [row] = await app.database.db
      .select({ role: userData.role })
      .from(userData)
      .where(eq(userData.userId, userId));
    return row?.role ?? -1;
  }

  it("an administrator gives and takes back the rights, after confirming; the other roles stay", async () => {
    const admin = await signedInAccount(app, {
      email: "boss@admin-users.test",
      role: ROLE.TEACHER | ROLE.ADMIN,
      password: PASSWORD,
    });
    const teacher = await signedInAccount(app, {
      email: "helper@admin-users.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    expect(locationOf(await teacher.client.get("/admin"))).toBe("/dashboard");

    const listed = await (await admin.client.get("/admin/users?q=helper%40admin-users")).text();
    expect(listed).toContain("Make administrator");

    const unconfirmed = await admin.client.postForm("/admin/users/rights", {
      intent: "admin-rights",
      userId: teacher.id,
      admin: "1",
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Tick the confirmation box first.");
    expect(await roleOf(teacher.id)).toBe(ROLE.TEACHER);

    const granted = await admin.client.postForm("/admin/users/rights", {
      intent: "admin-rights",
      userId: teacher.id,
      admin: "1",
      confirm: "on",
    });
    expect(granted.status).toBe(200);
    expect(await granted.text()).toContain("The account now has administrator rights.");
    expect(await roleOf(teacher.id)).toBe(ROLE.TEACHER | ROLE.ADMIN);
    // The next request already sees the new role: no new sign-in needed.
    expect((await teacher.client.get("/admin")).status).toBe(200);
    const relisted = await (await admin.client.get("/admin/users?q=helper%40admin-users")).text();
    expect(relisted).toContain("Remove administrator rights");

    const removed = await admin.client.postForm("/admin/users/rights", {
      intent: "admin-rights",
      userId: teacher.id,
      admin: "0",
      confirm: "on",
    });
    expect(await removed.text()).toContain("The account&#x27;s administrator rights were removed.");
    expect(await roleOf(teacher.id)).toBe(ROLE.TEACHER);
    expect(locationOf(await teacher.client.get("/admin"))).toBe("/dashboard");
  });

  it("refuses teachers, an administrator's own rights and unknown accounts", async () => {
    const admin = await signedInAccount(app, {
      email: "chief@admin-users.test",
      role: ROLE.TEACHER | ROLE.ADMIN,
      password: PASSWORD,
    });
    const teacher = await signedInAccount(app, {
      email: "climber@admin-users.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });

    const byTeacher = await teacher.client.postForm("/admin/users/rights", {
      intent: "admin-rights",
      userId: teacher.id,
      admin: "1",
      confirm: "on",
    });
    expect(locationOf(byTeacher)).toBe("/dashboard");
    expect(await roleOf(teacher.id)).toBe(ROLE.TEACHER);

    const own = await admin.client.postForm("/admin/users/rights", {
      intent: "admin-rights",
      userId: admin.id,
      admin: "0",
      confirm: "on",
    });
    expect(own.status).toBe(409);
    expect(await own.text()).toContain("You cannot change your own administrator rights.");
    expect(await roleOf(admin.id)).toBe(ROLE.TEACHER | ROLE.ADMIN);
    // The own row offers no such button.
    const self = await (await admin.client.get("/admin/users?q=chief%40admin-users")).text();
    expect(self).not.toContain("Remove administrator rights");

    const unknown = await admin.client.postForm("/admin/users/rights", {
      intent: "admin-rights",
      userId: "no-such-user",
      admin: "1",
      confirm: "on",
    });
    expect(unknown.status).toBe(404);

    const garbage = await admin.client.postForm("/admin/users/rights", {
      intent: "admin-rights",
      userId: teacher.id,
      admin: "yes",
      confirm: "on",
    });
    expect(garbage.status).toBe(400);
  });

  it("takes each form at its own address: the page itself takes none (issue 20)", async () => {
    const admin = await signedInAccount(app, {
      email: "boss@admin-users.test",
      role: ROLE.TEACHER | ROLE.ADMIN,
      password: PASSWORD,
    });
    const teacher = await signedInAccount(app, {
      email: "hopeful@admin-users.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    const old = await admin.client.postForm("/admin/users", {
      intent: "admin-rights",
      userId: teacher.id,
      admin: "1",
      confirm: "on",
    });
    expect(old.status).toBe(405);
    expect(await roleOf(teacher.id)).toBe(ROLE.TEACHER);
    // Without JavaScript the form's route answers with the whole page, keeping the search.
    const page = await admin.client.postForm("/admin/users/rights?q=hopeful%40admin-users", {
      intent: "admin-rights",
      userId: teacher.id,
      admin: "1",
    });
    const html = await page.text();
    expect(html).toContain("Tick the confirmation box first.");
    expect(html).toContain("hopeful@admin-users.test");
    // Neither form route lets a teacher in.
    for (const form of ["/admin/users/rights", "/admin/users/access"]) {
      const answer = await teacher.client.postForm(form, { intent: "revoke", userId: teacher.id });
      expect(locationOf(answer), form).toBe("/dashboard");
    }
  });
});
