import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { type HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";
import { DAY_MS } from "~/lib/time";

/** The dashboard's "Upcoming lessons" as a teacher sees it (issue 13 item 11, issue 21 item 4). */
describe("upcoming lessons on the dashboard", () => {
  let app: TestApp;
  let client: HttpSession;
  const PASSWORD = "upcoming lessons passphrase";

  beforeAll(async () => {
    app = await startTestApp();
    ({ client } = await signedInAccount(app, {
      email: "uma@lessons.test",
      firstName: "Uma",
      lastName: "Teacher",
      role: ROLE.TEACHER,
      password: PASSWORD,
    }));
  });
  afterAll(() => app?.close());

  async function dashboard() {
    const res = await client.get("/dashboard");
    expect(res.status).toBe(200);
    return new JSDOM(await res.text()).window.document;
  }

  it("lists a planned lesson once, and drops it when the teacher marks it done", async () => {
    const EMPTY = "Plan lessons for your students and the next ones will appear here.";
    const empty = await dashboard();
    expect(empty.body.textContent).toContain(EMPTY);

    const student = await client.postForm("/dashboard/students/new", {
      name: "Ola Upcoming",
    });
    const studentId = new URL(locationOf(student), app.url).searchParams.get("student") ?? "";
    const tomorrow = new Date(app.clock.now().getTime() + DAY_MS);
    const created = await client.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
      title: "Conditionals warm-up",
      date: tomorrow.toISOString().slice(0, 10),
      time: "10:00",
      timeZone: "UTC",
    });
    expect(created.status).toBe(302);
    const lessonPath = locationOf(created);

    const planned = await dashboard();
    const headings = [...planned.querySelectorAll("h2")].map((h) => h.textContent);
    expect(headings).toContain("Your next lessons");
    expect(headings).not.toContain("Upcoming lessons");
    expect(planned.body.textContent).toContain("Conditionals warm-up");
    expect(planned.body.textContent).not.toContain(EMPTY);
    const ids = [...planned.querySelectorAll("[id]")].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);

    expect((await client.postForm(`${lessonPath}/status`, { intent: "done" })).status).toBeLessThan(
      400,
    );
    const after = await dashboard();
    expect(after.body.textContent).not.toContain("Conditionals warm-up");
    const past = await (await client.get("/dashboard/lessons")).text();
    expect(past).toContain("Conditionals warm-up");
  });
});
