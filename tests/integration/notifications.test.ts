import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "@db/schema";
import { lessonReminders } from "~/features/notifications/jobs.server";
import { notify } from "~/features/notifications/notifications.server";
import { ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import type { Services } from "~/lib/services.server";
import { signedInAccount } from "../support/accounts";
import { HttpSession, locationOf } from "../support/http-session";
import { eventReader } from "../support/sse";
import { startTestApp, type TestApp } from "../support/test-app";

/** Notifications and their server-sent events (issue 9). */

const PASSWORD = "notifications test passphrase";

describe("notifications in real time", () => {
  let app: TestApp;
  let services: Services;

  const teacher = (email: string) =>
    signedInAccount(app, {
      email,
      firstName: "Nora",
      lastName: "Tify",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    services = app.services;
  });
  afterAll(() => app?.close());

  it("streams the unread count to the teacher's open pages as notifications arrive and are read", async () => {
    const { id, client } = await teacher("live@notifications.test");
    const response = await client.get("/api/events");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("content-encoding")).toBeNull();
    const events = eventReader(response);
    try {
      expect(await events.next()).toEqual({ event: "hello", data: { unread: 0 } });
      await notify(services, id, {
        kind: "school",
        messageKey: "notifications.schoolInvite",
        values: { school: "Riverside" },
        url: "/dashboard/membership",
      });
      expect(await events.next()).toMatchObject({ event: "notifications", data: { unread: 1 } });

      const page = await (await client.get("/dashboard/notifications")).text();
      expect(page).toContain("Riverside invited you to join.");
      const [row] = await services.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, id));
      await client.postForm("/dashboard/notifications", { intent: "read", id: row?.id ?? "" });
      expect(await events.next()).toMatchObject({ event: "notifications", data: { unread: 0 } });
    } finally {
      await events.close();
    }
    // The subscription ends with the connection.
    await expect.poll(() => services.realtime.connections).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "reaches a page connected to another instance sharing the PostgreSQL database",
    async () => {
      const { id } = await teacher("two-instances@notifications.test");
      const second = await startTestApp(
        { TRUSTED_PROXY_HEADER: "x-forwarded-for" },
        { sharedDatabaseUrl: app.databaseUrl },
      );
      try {
        const client = new HttpSession(second.url, { "x-forwarded-for": "10.16.5.5" });
        const signIn = await client.postForm("/auth/sign-in", {
          email: "two-instances@notifications.test",
          password: PASSWORD,
        });
        expect(signIn.status).toBe(302);
        const events = eventReader(await client.get("/api/events"));
        try {
          expect(await events.next()).toEqual({ event: "hello", data: { unread: 0 } });
          // Created through the first instance; the page is connected to the second.
          await notify(services, id, { kind: "trial", messageKey: "notifications.trialEnding" });
          expect(await events.next(5000)).toMatchObject({
            event: "notifications",
            data: { unread: 1 },
          });
        } finally {
          await events.close();
        }
      } finally {
        await second.close();
      }
    },
  );

  it("keeps each teacher's notifications to themselves", async () => {
    const a = await teacher("a@notifications.test");
    const b = await teacher("b@notifications.test");
    await notify(services, a.id, { kind: "trial", messageKey: "notifications.trialEnding" });
    const [row] = await services.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, a.id));
    await b.client.postForm("/dashboard/notifications", { intent: "read", id: row?.id ?? "" });
    await b.client.postForm("/dashboard/notifications", { intent: "read-all" });
    const [after] = await services.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, row?.id ?? ""));
    expect(after?.readAt).toBeNull();
    expect(await (await b.client.get("/dashboard/notifications")).text()).not.toContain(
      "Premium access ends tomorrow",
    );
    const anonymous = new HttpSession(app.url, { "x-forwarded-for": "10.16.9.9" });
    expect((await anonymous.get("/api/events")).status).toBe(401);
    expect(locationOf(await anonymous.get("/dashboard/notifications"))).toMatch(/^\/auth\/confirm/);
  });

  it("respects the kinds a teacher switched off, and reminds once per lesson", async () => {
    const { id, client } = await teacher("prefs@notifications.test");
    const saved = await client.postForm("/dashboard/account/notifications", {
      lesson: "on",
    });
    expect(saved.status).toBe(200);
    expect(
      await notify(services, id, { kind: "exercises", messageKey: "notifications.newExercises" }),
    ).toBe(false);

    const student = await client.postForm("/dashboard/students/new", {
      name: "Reminder Student",
    });
    const studentId = new URL(locationOf(student), app.url).searchParams.get("student") ?? "";
    const soon = new Date(app.clock.now().getTime() + 2 * 60 * 60 * 1000);
    await client.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
      title: "Soon lesson",
      date: soon.toISOString().slice(0, 10),
      time: soon.toISOString().slice(11, 16),
      timeZone: "UTC",
    });
    await lessonReminders(services);
    await lessonReminders(services);
    const rows = await queryRows<{ message_key: string }>(
      services.db,
      sql`select message_key from notifications where user_id = ${id}`,
    );
    expect(rows).toEqual([{ message_key: "notifications.lessonSoon" }]);
    expect(await (await client.get("/dashboard/notifications")).text()).toContain(
      "“Soon lesson” with Reminder Student starts within 24 hours.",
    );
  });
});
