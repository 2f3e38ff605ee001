import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import type { Services } from "~/lib/services.server";
import { signedInAccount } from "../support/accounts";
import { solvedCaptcha } from "../support/captcha";
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

  it("shows staff each writer's bot-score marker and parity discount; a captcha score replaces it", async () => {
    const teacher = await account("parity@support.test", ROLE.TEACHER);
    const admin = await account("staff3@support.test", ROLE.TEACHER | ROLE.ADMIN);
    const setScore = (rcs: number | null, country: string) =>
      services.db.execute(
        sql`update user_data set rcs = ${rcs}, country_code = ${country} where user_id = ${teacher.id}`,
      );
    const storedScore = async () =>
      (
        await queryRows<{ rcs: number | null }>(
          services.db,
          sql`select rcs from user_data where user_id = ${teacher.id}`,
        )
      )[0]?.rcs;
    await setScore(0.15, "IN");
    expect(
      (await teacher.client.postJson("/api/support", { body: "Is there a discount for India?" }))
        .status,
    ).toBe(201);
    const signals = async () => {
      const page = await (await admin.client.get(`/admin/support?user=${teacher.id}`)).text();
      const of = (id: string) =>
        [
          ...page.matchAll(
            new RegExp(`data-testid="${id}"[^>]*>(?:<span[^>]*></span>)?(.*?)</span>`, "g"),
          ),
        ].map((m) => m[1]!.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, ""));
      return { markers: of("bot-marker"), discounts: of("parity-discount"), page };
    };
    let seen = await signals();
    // Inbox entry and conversation both carry it: 0.15 is orange (≤ 0.3), band 0.1–0.2 is 50 %.
    expect(seen.markers).toEqual(["High bot risk (0.15)", "High bot risk (0.15)"]);
    expect(seen.discounts).toEqual(["Parity discount 50%", "Parity discount 50%"]);
    expect(seen.page).toContain("India");

    await setScore(0.05, "IN"); // a likely bot: red, and no discount
    seen = await signals();
    expect(seen.page).toContain('data-marker="red"');
    expect(seen.discounts).toEqual(["No parity discount"]);

    await setScore(0.15, "UA"); // Ukraine is never in a parity group
    seen = await signals();
    expect(seen.discounts).toEqual(["No parity discount"]);

    // §7: the browser reports a captcha it ran; only the user's own id, a real token.
    await setScore(0.15, "IN");
    const forOther = await teacher.client.postJson("/api/rcs/result", {
      token: "x",
      action: "session",
      userId: admin.id,
    });
    expect(forOther.status).toBe(403);
    const bad = await teacher.client.postJson("/api/rcs/result", {
      token: "not a solved challenge",
      action: "session",
      userId: teacher.id,
    });
    expect(await bad.json()).toEqual({ rcs: 0.1 });
    expect(await storedScore()).toBeCloseTo(0.1);
    const solved = await teacher.client.postJson("/api/rcs/result", {
      token: await solvedCaptcha(teacher.client),
      action: "session",
      userId: teacher.id,
      rcs: 0, // the client's own figure is not trusted
    });
    expect(await solved.json()).toEqual({ rcs: 0.9 });
    expect(await storedScore()).toBeCloseTo(0.9);
    seen = await signals();
    expect(seen.markers).toEqual(["Bot score 0.90"]);
    expect(seen.discounts).toEqual(["No parity discount"]);
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

describe("captcha score when the provider cannot be asked", () => {
  let app: TestApp;
  beforeAll(async () => {
    // reCAPTCHA configured, but its address answers nothing here: verification fails.
    app = await startTestApp({
      RECAPTCHA_SECRET_KEY: "test-secret",
      RECAPTCHA_SITE_KEY: "test-site",
    });
  });
  afterAll(() => app?.close());

  it("answers rcs -1 and keeps the stored score (spec §7: only 0 or more replaces it)", async () => {
    const teacher = await signedInAccount(app, {
      email: "offline@support.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    await app.services.db.execute(
      sql`update user_data set rcs = 0.42 where user_id = ${teacher.id}`,
    );
    const answer = await teacher.client.postJson("/api/rcs/result", {
      token: "a-token-nobody-can-check",
      action: "session",
      userId: teacher.id,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ rcs: -1 });
    const [row] = await queryRows<{ rcs: number }>(
      app.services.db,
      sql`select rcs from user_data where user_id = ${teacher.id}`,
    );
    expect(row?.rcs).toBeCloseTo(0.42);
  });
});
