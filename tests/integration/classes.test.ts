import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import type { Services } from "~/lib/services.server";
import { HttpSession, locationOf } from "../support/http-session";
import { eventReader } from "../support/sse";
import { startTestApp, type TestApp } from "../support/test-app";

/** Classes: join links, student accounts, shares and the live view (issue 9). */

const PASSWORD = "classes test passphrase";

describe("classes", () => {
  let app: TestApp;
  let services: Services;
  let n = 0;

  async function teacher(email: string) {
    await ensureUser(services, {
      email,
      firstName: "Clara",
      lastName: "Teacher",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    const client = new HttpSession(app.url, { "x-forwarded-for": `10.18.0.${++n}` });
    expect((await client.postForm("/auth/sign-in", { email, password: PASSWORD })).status).toBe(
      302,
    );
    return client;
  }

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    services = app.services;
  });
  afterAll(() => app?.close());

  it("a student joins by link, sees what was shared, and follows the teacher's card live", async () => {
    const t = await teacher("clara@classes.test");
    const created = await t.postForm("/dashboard/students", {
      intent: "create-class",
      name: "Tuesday B1 group",
      level: "B1",
    });
    const classPath = locationOf(created);
    expect(classPath).toMatch(/^\/class\/[0-9a-f-]{36}$/);
    const classId = classPath.split("/").pop() ?? "";
    const [{ join_code: code } = { join_code: "" }] = await queryRows<{ join_code: string }>(
      services.db,
      sql`select join_code from classes where id = ${classId}`,
    );

    // A new student creates an account on the join page and lands in the class.
    const student = new HttpSession(app.url, { "x-forwarded-for": "10.18.1.1" });
    const joinPage = await student.get(`/c/${code.toLowerCase()}`);
    expect(joinPage.status).toBe(200);
    expect(await joinPage.text()).toContain("Tuesday B1 group");
    const badJoin = await student.postForm(`/c/${code}`, {
      firstName: "",
      lastName: "Nowak",
      email: "nope",
      password: "short",
    });
    expect(badJoin.status).toBe(400);
    const joined = await student.postForm(`/c/${code}`, {
      firstName: "Ola",
      lastName: "Nowak",
      email: "ola@classes.test",
      password: "a student passphrase",
    });
    expect(locationOf(joined)).toBe(classPath);
    const [account] = await queryRows<{ class_id: string; role: number }>(
      services.db,
      sql`select u.class_id, d.role from users u join user_data d on d.user_id = u.id where u.email = 'ola@classes.test'`,
    );
    expect(account).toEqual({ class_id: classId, role: ROLE.STUDENT });
    expect(await (await student.get(classPath)).text()).toContain("Nothing is being presented");
    // The student is in the teacher's roster too.
    expect(await (await t.get("/dashboard/students")).text()).toContain("Ola Nowak");

    // The teacher shares an exercise and presents it; the student's stream follows.
    const [exercise] = await queryRows<{ id: string; title: string }>(
      services.db,
      sql`select id, title from exercises where type = 'discussion' and level = 'B1' and not is_free limit 1`,
    );
    const shared = await t.postForm(classPath, {
      intent: "share",
      exerciseId: `/dashboard/exercises/${exercise?.id}`,
    });
    expect(await shared.text()).toContain("The exercise is shared with the class.");
    expect(await (await student.get(classPath)).text()).toContain(exercise?.title ?? "missing");
    // The student opens the shared exercise (premium, and the student is on the free plan).
    const [firstQuestion] = await queryRows<{ q: string }>(
      services.db,
      sql`select content->'questions'->0->>'question' as q from exercises where id = ${exercise?.id}`,
    );
    const opened = await (await student.get(`${classPath}?exercise=${exercise?.id}`)).text();
    expect(opened).toContain(firstQuestion?.q ?? "missing");
    // …but not an exercise that was not shared.
    const [other] = await queryRows<{ id: string; q: string }>(
      services.db,
      sql`select id, content->'questions'->0->>'question' as q from exercises where type = 'discussion' and id <> ${exercise?.id} limit 1`,
    );
    expect(await (await student.get(`${classPath}?exercise=${other?.id}`)).text()).not.toContain(
      other?.q ?? "missing",
    );

    const stream = await student.get(`/api/events?class=${classId}`);
    expect(stream.status).toBe(200);
    const events = eventReader(stream);
    try {
      expect(await events.next()).toMatchObject({
        event: "hello",
        data: { live: { exerciseId: null } },
      });
      await t.postForm(classPath, { intent: "present", exerciseId: exercise?.id ?? "" });
      expect(await events.next()).toEqual({
        event: "live",
        data: { exerciseId: exercise?.id, card: 0 },
      });
      await t.postForm(classPath, { intent: "card", card: "1" });
      expect(await events.next()).toEqual({
        event: "live",
        data: { exerciseId: exercise?.id, card: 1 },
      });
    } finally {
      await events.close();
    }
    // A free student sees the presented premium exercise's card, because it is shared.
    const livePage = await (await student.get(classPath)).text();
    expect(livePage).toContain('data-testid="live-view"');
    expect(livePage).toContain("card 2 of");
  });

  it("keeps classes to their teacher and their students", async () => {
    const owner = await teacher("owner@classes.test");
    const other = await teacher("other@classes.test");
    const created = await owner.postForm("/dashboard/students", {
      intent: "create-class",
      name: "Private group",
      level: "",
    });
    const classPath = locationOf(created);
    const classId = classPath.split("/").pop() ?? "";
    const [exercise] = await queryRows<{ id: string }>(
      services.db,
      sql`select id from exercises limit 1`,
    );
    for (const [what, response] of [
      ["read", other.get(classPath)],
      ["share", other.postForm(classPath, { intent: "share", exerciseId: exercise?.id ?? "" })],
      ["present", other.postForm(classPath, { intent: "present", exerciseId: exercise?.id ?? "" })],
      ["stream", other.get(`/api/events?class=${classId}`)],
    ] as const)
      expect((await response).status, what).toBe(404);

    // A teacher account cannot join as a student.
    const [{ join_code: code } = { join_code: "" }] = await queryRows<{ join_code: string }>(
      services.db,
      sql`select join_code from classes where id = ${classId}`,
    );
    // A student of another class cannot open this one.
    const otherClass = await other.postForm("/dashboard/students", {
      intent: "create-class",
      name: "Other group",
      level: "",
    });
    const [{ join_code: otherCode } = { join_code: "" }] = await queryRows<{ join_code: string }>(
      services.db,
      sql`select join_code from classes where id = ${locationOf(otherClass).split("/").pop()}`,
    );
    const outsider = new HttpSession(app.url, { "x-forwarded-for": "10.18.2.2" });
    await outsider.postForm(`/c/${otherCode}`, {
      firstName: "Out",
      lastName: "Sider",
      email: "outsider@classes.test",
      password: "a student passphrase",
    });
    expect((await outsider.get(classPath)).status).toBe(404);
    expect((await outsider.get(`/api/events?class=${classId}`)).status).toBe(404);

    const teacherJoins = await other.postForm(`/c/${code}`, {});
    expect(teacherJoins.status).toBe(409);
    expect(await teacherJoins.text()).toContain("You are signed in with a teacher account.");
    expect((await new HttpSession(app.url).get("/c/NOSUCH1")).status).toBe(404);
    const anonymous = new HttpSession(app.url, { "x-forwarded-for": "10.18.9.9" });
    expect(locationOf(await anonymous.get(classPath))).toMatch(/^\/auth\/confirm/);
  });
});
