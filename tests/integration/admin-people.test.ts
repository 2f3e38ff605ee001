import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "@db/schema";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import type { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 15 item 6: an operator helps people from the admin panel — one user's page (plan,
 * school, devices, activity, mails), their roles changed with a confirmation, their devices
 * signed out, a mail sent again — and moderates reviews, which the public rating follows.
 */

const PASSWORD = "people admin passphrase";

describe("people in the admin panel", () => {
  let app: TestApp;
  let admin: HttpSession;
  let adminId: string;
  let teacher: HttpSession;
  let teacherId: string;
  let other: HttpSession;

  beforeAll(async () => {
    // One published review is enough for the home page to show the collected rating.
    app = await startTestApp({ PUBLIC_RATING_MIN_REVIEWS: "1" });
    const a = await signedInAccount(app, {
      email: "owner@people.test",
      role: ROLE.TEACHER | ROLE.ADMIN,
      password: PASSWORD,
    });
    const t = await signedInAccount(app, {
      email: "maria@people.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
      firstName: "Maria",
      lastName: "Nowak",
    });
    const o = await signedInAccount(app, {
      email: "other@people.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    ({ client: admin, id: adminId } = a);
    ({ client: teacher, id: teacherId } = t);
    other = o.client;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows one user's plan, devices and mails to administrators only", async () => {
    const page = await admin.get(`/admin/user/${teacherId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("maria@people.test");
    expect(html).toContain("Free plan");
    expect(html).toContain("Signed in on 1 device");
    expect((await teacher.get(`/admin/user/${teacherId}`)).status).toBe(302);
    expect((await admin.get("/admin/user/no-such-user")).status).toBe(404);
    // Reached from the users list.
    expect(await (await admin.get("/admin/users?q=maria")).text()).toContain(
      `href="/admin/user/${teacherId}"`,
    );
  });

  it("changes roles only with a confirmation, never one's own, never to none", async () => {
    const to = `/admin/user/${teacherId}`;
    expect((await teacher.get("/admin")).status).toBe(302);
    const unconfirmed = await admin.postForm(to, { intent: "roles", teacher: "on", admin: "on" });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Tick the box to confirm the new roles.");
    const none = await admin.postForm(to, { intent: "roles", confirm: "on" });
    expect(none.status).toBe(400);
    const own = await admin.postForm(`/admin/user/${adminId}`, {
      intent: "roles",
      teacher: "on",
      confirm: "on",
    });
    expect(own.status).toBe(400);
    const granted = await admin.postForm(to, {
      intent: "roles",
      teacher: "on",
      admin: "on",
      confirm: "on",
    });
    expect(granted.status).toBe(200);
    expect((await teacher.get("/admin")).status).toBe(200);
    const taken = await admin.postForm(to, { intent: "roles", teacher: "on", confirm: "on" });
    expect(taken.status).toBe(200);
    expect((await teacher.get("/admin")).status).toBe(302);
    expect(
      (await teacher.postForm(to, { intent: "roles", admin: "on", confirm: "on" })).status,
    ).toBe(302);
    expect(await (await admin.get("/admin/audit?action=role.change")).text()).toContain(
      "owner@people.test",
    );
  });

  it("sends one of the user's mails again, and nobody else's", async () => {
    await app.services.mail.send({
      kind: "welcome",
      to: "maria@people.test",
      subject: "Welcome to Parley, Maria",
      text: "Hello Maria",
      html: "<p>Hello Maria</p>",
    });
    await app.services.mail.send({
      kind: "welcome",
      to: "other@people.test",
      subject: "Welcome to Parley",
      text: "Hello",
      html: "<p>Hello</p>",
    });
    const mails = await app.services.db.select().from(mailOutbox);
    const mine = mails.find((m) => m.to === "maria@people.test")!;
    const theirs = mails.find((m) => m.to === "other@people.test")!;
    expect(await (await admin.get(`/admin/user/${teacherId}`)).text()).toContain(
      "Welcome to Parley, Maria",
    );
    const resent = await admin.postForm(`/admin/user/${teacherId}`, {
      intent: "resend",
      mailId: String(mine.id),
    });
    expect(resent.status).toBe(200);
    const copies = await app.services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "maria@people.test"));
    expect(copies.map((m) => m.subject)).toEqual([
      "Welcome to Parley, Maria",
      "Welcome to Parley, Maria",
    ]);
    const wrong = await admin.postForm(`/admin/user/${teacherId}`, {
      intent: "resend",
      mailId: String(theirs.id),
    });
    expect(wrong.status).toBe(404);
    for (const mailId of ["x", "1e20", "99999999999999999999", "-1"])
      expect(
        (await admin.postForm(`/admin/user/${teacherId}`, { intent: "resend", mailId })).status,
        mailId,
      ).toBe(404);
  });

  it("hides a review from the public rating and shows it again", async () => {
    const review = { rating: "2", text: "Good start, needs more audio.", consentToPublish: "on" };
    expect((await other.postForm("/r/review", review)).status).toBe(200);
    const rated = '"ratingCount":1';
    expect(await (await admin.get("/")).text()).toContain(rated);
    const list = await (await admin.get("/admin/reviews")).text();
    expect(list).toContain("Good start, needs more audio.");
    expect(list).toContain("Public rating: 2 from 1 reviews");
    const id = /name="id" value="(\d+)"/.exec(list)?.[1];
    expect(id).toBeDefined();

    expect((await teacher.postForm("/admin/reviews", { intent: "hide", id: id! })).status).toBe(
      302,
    );
    const hidden = await admin.postForm("/admin/reviews", { intent: "hide", id: id! });
    expect(hidden.status).toBe(200);
    expect(await (await admin.get("/")).text()).not.toContain(rated);
    expect((await admin.postForm("/admin/reviews", { intent: "hide", id: id! })).status).toBe(404);
    expect((await admin.postForm("/admin/reviews", { intent: "nonsense", id: id! })).status).toBe(
      400,
    );
    for (const huge of ["1e300", "99999999999999999999"])
      expect((await admin.postForm("/admin/reviews", { intent: "hide", id: huge })).status).toBe(
        400,
      );
    expect((await admin.postForm("/admin/reviews", { intent: "show", id: id! })).status).toBe(200);
    expect(await (await admin.get("/")).text()).toContain(rated);
  });

  it("signs a user out of every device", async () => {
    expect((await teacher.get("/dashboard")).status).toBe(200);
    const ended = await admin.postForm(`/admin/user/${teacherId}`, { intent: "sessions" });
    expect(ended.status).toBe(200);
    expect(await ended.text()).toContain("Signed out of 1 device.");
    expect((await teacher.get("/dashboard")).status).toBe(302);
  });
});
