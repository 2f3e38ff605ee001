import { eq, sql } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { userData } from "@db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import type { Services } from "~/lib/services.server";
import { solvedCaptcha } from "../support/captcha";
import { signedInAccount } from "../support/accounts";
import { HttpSession, locationOf } from "../support/http-session";
import { linkIn, TestSmtpServer } from "../support/smtp";
import { eventReader } from "../support/sse";
import { startTestApp, type TestApp } from "../support/test-app";
import { DAY_MS } from "~/lib/time";

/** Classes: join links, student accounts, shares and the live view (issue 9). */

const PASSWORD = "classes test passphrase";

describe("classes", () => {
  let app: TestApp;
  let services: Services;
  let smtp: TestSmtpServer;

  const STUDENT_PASSWORD = "a student passphrase";

  /** The join form as a new student fills it in (consent ticked). */
  function joinForm(who: { firstName: string; lastName: string; email: string }) {
    return { ...who, password: STUDENT_PASSWORD, terms: "on" };
  }

  /**
   * A new student joins from the link and confirms the address from the mailed link, which
   * signs them in; answers the verification redirect.
   */
  async function joinAndVerify(
    client: HttpSession,
    code: string,
    who: { firstName: string; lastName: string; email: string },
  ) {
    const since = smtp.mails.length;
    const answer = await client.postForm(`/c/${code}`, joinForm(who));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(who.email);
    const mail = await smtp.waitFor(who.email, "verifyEmail", 10_000, since);
    const verified = await client.get(new URL(linkIn(mail, "/auth/verify/")).pathname);
    expect(verified.status).toBe(302);
    return verified;
  }

  /** A signed-in teacher, on a trial (premium) unless `plan` is "free". */
  async function teacher(email: string, plan: "trial" | "free" = "trial") {
    const { id, client } = await signedInAccount(app, {
      email,
      firstName: "Clara",
      lastName: "Teacher",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    if (plan === "trial") await setTrial(id, 7);
    return client;
  }

  async function setTrial(userId: string, days: number) {
    await services.db
      .update(userData)
      .set({ trialExpiresAt: new Date(app.clock.now().getTime() + days * DAY_MS) })
      .where(eq(userData.userId, userId));
  }

  async function createClass(client: HttpSession, name: string) {
    const created = await client.postForm("/dashboard/students/new-class", {
      name,
      level: "",
    });
    const classPath = locationOf(created);
    const classId = classPath.split("/").pop() ?? "";
    const [{ join_code: code } = { join_code: "" }] = await queryRows<{ join_code: string }>(
      services.db,
      sql`select join_code from classes where id = ${classId}`,
    );
    return { classPath, classId, code };
  }

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for", SMTP_URL: smtp.url });
    services = app.services;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  it("a student joins by link, sees what was shared, and follows the teacher's card live", async () => {
    const t = await teacher("clara@classes.test");
    const created = await t.postForm("/dashboard/students/new-class", {
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
    // Joining asks the student to confirm the address; until then the account opens nothing.
    const joined = await student.postForm(`/c/${code}`, {
      ...joinForm({ firstName: "Ola", lastName: "Nowak", email: "ola@classes.test" }),
    });
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain("Check your inbox");
    expect(student.cookie("parley.session_token")).toBeUndefined();
    expect(locationOf(await student.get(classPath))).toMatch(/^\/auth\/confirm/);
    const early = await student.postForm("/auth/sign-in", {
      email: "ola@classes.test",
      password: STUDENT_PASSWORD,
    });
    expect(early.status).toBe(403);
    expect(await (await t.get("/dashboard/students")).text()).not.toContain("Ola Nowak");
    const mail = await smtp.waitFor("ola@classes.test", "verifyEmail");
    const verified = await student.get(new URL(linkIn(mail, "/auth/verify/")).pathname);
    expect(locationOf(verified)).toBe("/dashboard?welcome=1");
    expect(locationOf(await student.get("/dashboard?welcome=1"))).toBe(classPath);
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
    const shared = await t.postForm(`${classPath}/share`, {
      intent: "share",
      exerciseId: exercise?.id ?? "",
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
      await t.postForm(`${classPath}/live`, { intent: "present", exerciseId: exercise?.id ?? "" });
      expect(await events.next()).toEqual({
        event: "live",
        data: { exerciseId: exercise?.id, card: 0 },
      });
      await t.postForm(`${classPath}/live`, { intent: "card", card: "1" });
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

  it("gives the teacher the full join address with a QR code, and the lesson planner's picker to share", async () => {
    const t = await teacher("picker@classes.test");
    const created = await t.postForm("/dashboard/students/new-class", {
      name: "Friday B1 club",
      level: "B1",
    });
    const classPath = locationOf(created);
    const [{ join_code: code } = { join_code: "" }] = await queryRows<{ join_code: string }>(
      services.db,
      sql`select join_code from classes where id = ${classPath.split("/").pop()}`,
    );
    // The address students open, from the configured public origin (as in mails).
    const address = `${services.env.appOrigin}/c/${code}`;
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/[A-Z0-9]{7}$/);
    const page = await (await t.get(classPath)).text();
    expect(page).toMatch(new RegExp(`data-testid="join-url"[^>]*>${address}</p>`));
    expect(page).toMatch(new RegExp(`<svg[^>]*role="img"[^>]*aria-label="QR code for ${address}"`));
    expect(page).toContain("Copy link");
    expect(page).toContain("Show full screen");
    expect(await (await t.get("/dashboard/students")).text()).toContain(address);

    // The picker: the class's level, only exercises not shared yet, one click to share.
    const pickerOf = (html: string) => {
      const at = html.indexOf('id="picker"');
      return at < 0 ? "" : html.slice(at, html.indexOf("</section>", at));
    };
    const picker = pickerOf(await (await t.get(`${classPath}?pick=exercise`)).text());
    expect(picker).toContain("Only exercises not shared with this class yet");
    expect(picker).toMatch(/<option value="B1" selected="">/);
    const offered = [...picker.matchAll(/name="exerciseId" value="([^"]+)"/g)].map((m) => m[1]);
    expect(offered.length).toBeGreaterThan(1);
    const [exercise] = await queryRows<{
      id: string;
      title: string;
      level: string;
      minutes: number;
    }>(
      services.db,
      sql`select id, title, level, duration_minutes as minutes from exercises where id = ${offered[0] ?? ""}`,
    );
    if (!exercise) throw new Error("the picker offered no exercise");
    expect(exercise.level).toBe("B1");
    const row = picker.slice(picker.lastIndexOf("<li", picker.indexOf(exercise.id)));
    expect(row.slice(0, row.indexOf("</li>"))).toContain(`${exercise.minutes} min`);
    const shared = await t.postForm(`${classPath}/share?pick=exercise`, {
      intent: "share",
      exerciseId: exercise.id,
    });
    expect(shared.status).toBe(200);
    expect(await shared.text()).toContain("The exercise is shared with the class.");
    const after = await (await t.get(`${classPath}?pick=exercise`)).text();
    expect(pickerOf(after)).not.toContain(`value="${exercise.id}"`);
    const all = pickerOf(await (await t.get(`${classPath}?pick=exercise&fresh=0`)).text());
    const sharedRow = all.slice(all.lastIndexOf("<li", all.indexOf(`value="${exercise.id}"`)));
    expect(sharedRow.slice(0, sharedRow.indexOf("</li>"))).toContain("shared on");
    const unknown = await t.postForm(`${classPath}/share`, {
      intent: "share",
      exerciseId: "no-such-exercise",
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("That exercise is not in the library.");

    // The class's student sees the exercise, and neither the picker nor the join address.
    const student = new HttpSession(app.url, { "x-forwarded-for": "10.18.4.1" });
    await joinAndVerify(student, code, {
      firstName: "Zofia",
      lastName: "Friday",
      email: "zofia@classes.test",
    });
    const studentPage = await (await student.get(`${classPath}?pick=exercise`)).text();
    expect(studentPage).toContain(exercise.title);
    expect(studentPage).not.toContain('id="picker"');
    expect(studentPage).not.toContain(address);
  });

  it("keeps classes to their teacher and their students", async () => {
    const owner = await teacher("owner@classes.test");
    const other = await teacher("other@classes.test");
    const created = await owner.postForm("/dashboard/students/new-class", {
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
      [
        "share",
        other.postForm(`${classPath}/share`, { intent: "share", exerciseId: exercise?.id ?? "" }),
      ],
      [
        "present",
        other.postForm(`${classPath}/live`, { intent: "present", exerciseId: exercise?.id ?? "" }),
      ],
      ["stream", other.get(`/api/events?class=${classId}`)],
    ] as const)
      expect((await response).status, what).toBe(404);

    // A teacher account cannot join as a student.
    const [{ join_code: code } = { join_code: "" }] = await queryRows<{ join_code: string }>(
      services.db,
      sql`select join_code from classes where id = ${classId}`,
    );
    // A student of another class cannot open this one.
    const otherClass = await other.postForm("/dashboard/students/new-class", {
      name: "Other group",
      level: "",
    });
    const [{ join_code: otherCode } = { join_code: "" }] = await queryRows<{ join_code: string }>(
      services.db,
      sql`select join_code from classes where id = ${locationOf(otherClass).split("/").pop()}`,
    );
    const outsider = new HttpSession(app.url, { "x-forwarded-for": "10.18.2.2" });
    await joinAndVerify(outsider, otherCode, {
      firstName: "Out",
      lastName: "Sider",
      email: "outsider@classes.test",
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
  it("lets a class open only what its teacher's plan opens, and shares from presentation mode", async () => {
    const free = await teacher("free@classes.test", "free");
    const { classPath, classId, code } = await createClass(free, "Free plan group");
    const student = new HttpSession(app.url, { "x-forwarded-for": "10.18.3.1" });
    await joinAndVerify(student, code, {
      firstName: "Piotr",
      lastName: "Free",
      email: "piotr@classes.test",
    });
    const [premium] = await queryRows<{ id: string; title: string; q: string }>(
      services.db,
      sql`select id, title, content->'questions'->0->>'question' as q from exercises
          where type = 'discussion' and not is_free and (free_expires_at is null or free_expires_at < now())
          limit 1`,
    );
    const [freeOne] = await queryRows<{ id: string; title: string }>(
      services.db,
      sql`select id, title from exercises where is_free limit 1`,
    );
    // A free-plan teacher cannot pass a premium exercise to the class, by either route.
    for (const fields of [
      { intent: "share", exerciseId: premium?.id ?? "", card: "" },
      { intent: "present", exerciseId: premium?.id ?? "", card: "0" },
    ]) {
      const refused = await free.postForm(
        `${classPath}/${fields.intent === "share" ? "share" : "live"}`,
        fields,
      );
      expect(refused.status, fields.intent).toBe(403);
      expect(await refused.text()).toContain("This exercise is part of Premium.");
    }
    expect(await (await student.get(`${classPath}?exercise=${premium?.id}`)).text()).not.toContain(
      premium?.q ?? "missing",
    );
    // "Share with class" from presentation mode: shares the free exercise and shows card 3.
    const stream = await student.get(`/api/events?class=${classId}`);
    const events = eventReader(stream);
    try {
      expect((await events.next()).event).toBe("hello");
      const presented = await free.postForm(`${classPath}/live`, {
        intent: "present",
        exerciseId: freeOne?.id ?? "",
        card: "2",
      });
      expect(presented.status).toBe(200);
      const seen = new Set<string>();
      for (let i = 0; i < 2; i++) seen.add(JSON.stringify(await events.next()));
      expect(seen).toContain(
        JSON.stringify({ event: "live", data: { exerciseId: freeOne?.id, card: 2 } }),
      );
    } finally {
      await events.close();
    }
    const page = await (await student.get(classPath)).text();
    expect(page).toContain('data-testid="live-view"');
    expect(page).toContain("card 3 of");
    expect(page).toContain(freeOne?.title ?? "missing");
    // Presenting it again does not list it twice.
    await free.postForm(`${classPath}/live`, {
      intent: "present",
      exerciseId: freeOne?.id ?? "",
      card: "0",
    });
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      services.db,
      sql`select count(*)::int as n from class_shares where class_id = ${classId}`,
    );
    expect(n).toBe(1);

    // With premium the teacher shares the premium exercise; when premium ends it locks again.
    const [{ id: freeId } = { id: "" }] = await queryRows<{ id: string }>(
      services.db,
      sql`select id from users where email = 'free@classes.test'`,
    );
    await setTrial(freeId, 3);
    expect(
      await (
        await free.postForm(`${classPath}/share`, {
          intent: "share",
          exerciseId: premium?.id ?? "",
        })
      ).text(),
    ).toContain("The exercise is shared with the class.");
    expect(await (await student.get(`${classPath}?exercise=${premium?.id}`)).text()).toContain(
      premium?.q ?? "missing",
    );
    await setTrial(freeId, -1);
    const lockedForStudent = await (
      await student.get(`${classPath}?exercise=${premium?.id}`)
    ).text();
    expect(lockedForStudent).not.toContain(premium?.q ?? "missing");
    expect(lockedForStudent).not.toContain(premium?.title ?? "missing");
    expect(await (await free.get(classPath)).text()).toContain("Needs Premium");
  });

  it("gives a class-join account the main sign-up's checks and answers", async () => {
    const t = await teacher("checks@classes.test");
    const { classId, code } = await createClass(t, "Checks group");
    const who = { firstName: "Zoe", lastName: "Check", email: "zoe@classes.test" };
    const post = (fields: Record<string, string>, ip: string) =>
      new HttpSession(app.url, { "x-forwarded-for": ip }).postForm(`/c/${code}`, fields);

    const common = await post({ ...joinForm(who), password: "password123" }, "10.18.4.1");
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("one of the most common");
    const { terms: _terms, ...noConsent } = joinForm(who);
    const unconsented = await post(noConsent, "10.18.4.2");
    expect(unconsented.status).toBe(400);
    const page = await (await new HttpSession(app.url).get(`/c/${code}`)).text();
    expect(page).toContain("my parent or guardian has agreed for me");
    expect(page).toContain('data-testid="captcha-status"');

    // An address that already has an account gets the same answer; the account is untouched
    // and its owner is told by mail instead.
    const fresh = await post(joinForm(who), "10.18.4.3");
    const existing = await post(joinForm({ ...who, email: "checks@classes.test" }), "10.18.4.4");
    expect(existing.status).toBe(fresh.status);
    const normalize = (html: string) =>
      html
        .replace(/[\w.-]+@classes\.test/g, "EMAIL")
        .replace(/nonce="[^"]+"/g, "")
        .replace(/"[a-zA-Z0-9_-]{20,}"/g, '""');
    expect(normalize(await existing.text())).toBe(normalize(await fresh.text()));
    await smtp.waitFor("checks@classes.test", "alreadyRegistered");
    const [teacherRow] = await queryRows<{ class_id: string | null; role: number }>(
      services.db,
      sql`select u.class_id, d.role from users u join user_data d on d.user_id = u.id where u.email = 'checks@classes.test'`,
    );
    expect(teacherRow).toEqual({ class_id: null, role: ROLE.TEACHER });

    // A solved captcha is scored like the main sign-up's; students get no trial.
    const solver = new HttpSession(app.url, { "x-forwarded-for": "10.18.4.5" });
    const captcha = await solvedCaptcha(solver);
    await solver.postForm(`/c/${code}`, {
      ...joinForm({ firstName: "Cap", lastName: "Tcha", email: "captcha@classes.test" }),
      captcha,
    });
    const [scored] = await queryRows<{ rcs: number; trial: Date | null; class_id: string }>(
      services.db,
      sql`select d.rcs, d.trial_expires_at as trial, u.class_id from users u join user_data d on d.user_id = u.id where u.email = 'captcha@classes.test'`,
    );
    expect(scored?.rcs).toBe(0.9);
    expect(scored?.class_id).toBe(classId);
    await smtp.waitFor("captcha@classes.test", "verifyEmail");
    const mail = smtp.mails.find((m) => m.to.includes("captcha@classes.test"))!;
    await solver.get(new URL(linkIn(mail, "/auth/verify/")).pathname);
    const [verified] = await queryRows<{ trial: Date | null }>(
      services.db,
      sql`select d.trial_expires_at as trial from users u join user_data d on d.user_id = u.id where u.email = 'captcha@classes.test'`,
    );
    expect(verified?.trial).toBeNull();
  });

  it("answers two joins at once without a server error", async () => {
    const t = await teacher("race@classes.test");
    const { code } = await createClass(t, "Race group");
    const join = (email: string, i: number) =>
      new HttpSession(app.url, { "x-forwarded-for": `10.18.5.${i}` }).postForm(
        `/c/${code}`,
        joinForm({ firstName: "Twin", lastName: "Race", email }),
      );
    const same = await Promise.all([join("twin@classes.test", 1), join("twin@classes.test", 2)]);
    expect(same.map((r) => r.status)).toEqual([200, 200]);
    const different = await Promise.all([
      join("first@classes.test", 3),
      join("second@classes.test", 4),
    ]);
    expect(different.map((r) => r.status)).toEqual([200, 200]);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      services.db,
      sql`select count(*)::int as n from users where email = 'twin@classes.test'`,
    );
    expect(n).toBe(1);
  });

  it("closes event streams when their session is revoked or the student leaves the class", async () => {
    const t = await teacher("streams@classes.test");
    const { classId, classPath, code } = await createClass(t, "Streams group");
    const phone = new HttpSession(app.url, { "x-forwarded-for": "10.18.6.1" });
    await joinAndVerify(phone, code, {
      firstName: "Sam",
      lastName: "Streams",
      email: "sam@classes.test",
    });
    const laptop = new HttpSession(app.url, { "x-forwarded-for": "10.18.6.2" });
    const signIn = await laptop.postForm("/auth/sign-in", {
      email: "sam@classes.test",
      password: STUDENT_PASSWORD,
    });
    expect(signIn.status).toBe(302);

    // The laptop's session is revoked from the phone: the laptop's stream ends.
    const laptopStream = eventReader(await laptop.get("/api/events"));
    expect((await laptopStream.next()).event).toBe("hello");
    const [{ id: laptopSession } = { id: "" }] = await queryRows<{ id: string }>(
      services.db,
      sql`select s.id from sessions s join users u on u.id = s.user_id
          where u.email = 'sam@classes.test' order by s.created_at desc limit 1`,
    );
    const revoked = await phone.postForm("/dashboard/account/revoke", {
      sessionId: laptopSession,
    });
    expect(revoked.status).toBe(200);
    expect((await laptopStream.next(5000)).event).toBe("end");
    await expect(laptopStream.next(5000)).rejects.toThrow("stream ended");
    expect((await laptop.get("/api/events")).status).toBe(401);

    // The phone follows the class; leaving it ends the class stream, not the account's.
    const classStream = eventReader(await phone.get(`/api/events?class=${classId}`));
    const ownStream = eventReader(await phone.get("/api/events"));
    expect((await classStream.next()).event).toBe("hello");
    expect((await ownStream.next()).event).toBe("hello");
    // The page itself takes no form (each has its own route, issue 20).
    expect((await phone.postForm(classPath, { intent: "leave" })).status).toBe(405);
    const left = await phone.postForm(`${classPath}/leave`, { intent: "leave" });
    expect(locationOf(left)).toBe("/dashboard");
    expect((await classStream.next(5000)).event).toBe("end");
    await expect(classStream.next(5000)).rejects.toThrow("stream ended");
    expect((await phone.get(`/api/events?class=${classId}`)).status).toBe(404);
    await expect(ownStream.next(1000)).rejects.toThrow("no event in time");
    await ownStream.close();
  });
  it("gives a student on a shared computer Sign out on the class page, not a way back to it (issue 21 item 5)", async () => {
    const t = await teacher("shared@classes.test");
    const { classPath, code } = await createClass(t, "Shared computer group");
    const student = new HttpSession(app.url, { "x-forwarded-for": "10.18.5.5" });
    await joinAndVerify(student, code, {
      firstName: "Sasha",
      lastName: "Shared",
      email: "sasha@classes.test",
    });
    const header = async (client: HttpSession) => {
      const res = await client.get(classPath);
      expect(res.status).toBe(200);
      const doc = new JSDOM(await res.text()).window.document;
      return doc.querySelector("header")!;
    };

    // The dashboard sends a student to the class, so "Back to dashboard" would only loop.
    expect(locationOf(await student.get("/dashboard"))).toBe(classPath);
    const own = await header(student);
    expect(own.textContent).not.toContain("Back to dashboard");
    expect([...own.querySelectorAll("a")].map((a) => a.getAttribute("href"))).not.toContain(
      "/dashboard",
    );
    const form = own.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/auth/sign-out");
    expect(form?.querySelector("button[type=submit]")?.textContent).toBe("Sign Out");

    // The button's post signs the student out: the next pupil at that computer starts clean.
    const out = await student.postForm("/auth/sign-out", {});
    expect(locationOf(out)).toBe("/auth/sign-in?signedOut=1");
    expect(locationOf(await student.get(classPath))).toMatch(/^\/auth\/confirm/);

    // The teacher keeps the way back to their dashboard.
    const teachers = await header(t);
    expect(teachers.textContent).toContain("Back to dashboard");
    expect(teachers.querySelector("form[action='/auth/sign-out']")).toBeNull();
  });
});
