import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import type { Services } from "~/lib/services.server";
import { signedInAccount } from "../support/accounts";
import { HttpSession, locationOf } from "../support/http-session";
import { eventReader } from "../support/sse";
import { startTestApp, type TestApp } from "../support/test-app";

/** The support chat: a user writes, staff answer from /admin/support, the reply arrives live. */

const PASSWORD = "support test passphrase";

describe("support chat", () => {
  let app: TestApp;
  let services: Services;

  const account = (email: string, role: number) =>
    signedInAccount(app, { email, role, password: PASSWORD });

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    services = app.services;
  });
  afterAll(() => app?.close());

  it("carries a question to the inbox and the answer back to the teacher's open page", async () => {
    const teacher = await account("asks@support.test", ROLE.TEACHER);
    const other = await account("other@support.test", ROLE.TEACHER);
    const admin = await account("staff@support.test", ROLE.TEACHER | ROLE.ADMIN);

    expect(await (await teacher.client.get("/api/support")).json()).toEqual({ messages: [] });
    const empty = await teacher.client.postJson("/api/support", { body: "   " });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toMatch(/Write a message/);
    const notJson = await teacher.client.postJson("/api/support", "not an object");
    expect(notJson.status).toBe(400);

    const sent = await teacher.client.postJson("/api/support", {
      body: "How do I print a lesson plan for a student?",
    });
    expect(sent.status).toBe(201);
    // Nobody else reads it: not another teacher, not anonymous visitors.
    expect(await (await other.client.get("/api/support")).json()).toEqual({ messages: [] });
    expect((await new HttpSession(app.url).get("/api/support")).status).toBe(401);
    // Teachers cannot open the inbox.
    expect(locationOf(await teacher.client.get("/admin/support"))).toBe("/dashboard");

    const inbox = await (await admin.client.get("/admin/support")).text();
    expect(inbox).toContain("How do I print a lesson plan for a student?");
    expect(inbox).toContain("1 conversation is waiting for an answer.");
    expect(inbox).toContain("🌱"); // a new account (novice) is flagged on the nickname
    const conversation = await (await admin.client.get(`/admin/support?user=${teacher.id}`)).text();
    expect(conversation).toContain('data-testid="support-conversation"');

    // The teacher's page is open (event stream) when staff answer.
    const stream = await teacher.client.get("/api/events");
    const events = eventReader(stream);
    try {
      expect((await events.next()).event).toBe("hello");
      const badReply = await admin.client.postForm("/admin/support", {
        intent: "reply",
        userId: teacher.id,
        body: "",
      });
      expect(badReply.status).toBe(400);
      const unknown = await admin.client.postForm("/admin/support", {
        intent: "reply",
        userId: "no-such-user",
        body: "Hello?",
      });
      expect(unknown.status).toBe(404);
      const replied = await admin.client.postForm("/admin/support", {
        intent: "reply",
        userId: teacher.id,
        body: "Open the lesson and press Print: the plan fits one A4 page.",
      });
      expect(replied.status).toBe(200);
      const seen = [await events.next(), await events.next()];
      expect(seen.map((e) => e.event).sort()).toEqual(["notifications", "support"]);
      expect(seen.find((e) => e.event === "support")?.data).toMatchObject({
        author: "staff",
        body: "Open the lesson and press Print: the plan fits one A4 page.",
      });
    } finally {
      await events.close();
    }
    // A teacher's own admin-only request is refused; a teacher cannot answer as staff.
    expect(
      locationOf(
        await teacher.client.postForm("/admin/support", {
          intent: "reply",
          userId: other.id,
          body: "I am staff now",
        }),
      ),
    ).toBe("/dashboard");

    const thread = (await (await teacher.client.get("/api/support")).json()) as {
      messages: { author: string; body: string }[];
    };
    expect(thread.messages.map((m) => m.author)).toEqual(["user", "staff"]);
    const [note] = await queryRows<{ kind: string; url: string }>(
      services.db,
      sql`select kind, url from notifications where user_id = ${teacher.id}`,
    );
    expect(note).toEqual({ kind: "support", url: "?chat=1" });
    // The conversation is part of "Download all my data".
    const exported = (await (await teacher.client.get("/dashboard/account/export")).json()) as {
      supportMessages: { author: string; body: string }[];
      notifications: { kind: string }[];
      students: unknown[];
    };
    expect(exported.supportMessages.map((m) => m.author)).toEqual(["user", "staff"]);
    expect(exported.notifications.map((x) => x.kind)).toEqual(["support"]);
    expect(exported.students).toEqual([]);
    const answered = await (await admin.client.get("/admin/support")).text();
    expect(answered).toContain("0 conversations are waiting for an answer.");
  });

  it("does not notify a teacher who switched support notifications off", async () => {
    const teacher = await account("quiet@support.test", ROLE.TEACHER);
    const admin = await account("staff2@support.test", ROLE.TEACHER | ROLE.ADMIN);
    await services.db.execute(
      sql`update user_data set notifications_off = array['support'] where user_id = ${teacher.id}`,
    );
    await teacher.client.postJson("/api/support", { body: "Quick question." });
    await admin.client.postForm("/admin/support", {
      intent: "reply",
      userId: teacher.id,
      body: "Quick answer.",
    });
    const rows = await queryRows<{ n: number }>(
      services.db,
      sql`select count(*)::int as n from notifications where user_id = ${teacher.id}`,
    );
    expect(rows[0]?.n).toBe(0);
    const thread = (await (await teacher.client.get("/api/support")).json()) as {
      messages: unknown[];
    };
    expect(thread.messages).toHaveLength(2);
  });

  it("limits a user to 30 messages an hour (429 with Retry-After)", async () => {
    const teacher = await account("chatty@support.test", ROLE.TEACHER);
    for (let i = 0; i < 30; i++)
      expect((await teacher.client.postJson("/api/support", { body: `Message ${i}` })).status).toBe(
        201,
      );
    const refused = await teacher.client.postJson("/api/support", { body: "One more" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/many messages/);
  });
});
