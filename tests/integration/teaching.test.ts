import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import type { Services } from "~/lib/services.server";
import { HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/** Students and lessons over HTTP (issue 9), and who may see what. */

const PASSWORD = "teaching test passphrase";

describe("students and lessons", () => {
  let app: TestApp;
  let services: Services;
  let n = 0;
  let a: HttpSession;
  let b: HttpSession;

  async function teacher(email: string) {
    await ensureUser(services, {
      email,
      firstName: email.split("@")[0] ?? "T",
      lastName: "Teacher",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    const client = new HttpSession(app.url, { "x-forwarded-for": `10.14.0.${++n}` });
    expect((await client.postForm("/auth/sign-in", { email, password: PASSWORD })).status).toBe(
      302,
    );
    return client;
  }

  async function addStudent(client: HttpSession, fields: Record<string, string>) {
    const res = await client.postForm("/dashboard/students/new", fields);
    expect(res.status).toBe(302);
    return new URL(locationOf(res), app.url).searchParams.get("student") ?? "";
  }

  async function exerciseIds(count: number, level = "B1") {
    const rows = await queryRows<{ id: string }>(
      services.db,
      sql`select id from exercises where level = ${level} and is_free order by id limit ${count}`,
    );
    return rows.map((r) => r.id);
  }

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    services = app.services;
    a = await teacher("anna@teaching.test");
    b = await teacher("bruno@teaching.test");
  });
  afterAll(() => app?.close());

  it("takes each roster form at its own address; the page itself has no action", async () => {
    const old = await a.postForm("/dashboard/students", { intent: "create", name: "Old Post" });
    expect(old.status).toBe(405);
    await old.arrayBuffer();
    expect(await (await a.get("/dashboard/students")).text()).not.toContain("Old Post");
    // An edit sent without JavaScript answers with the same student's page, "Saved" in it.
    const id = await addStudent(a, { name: "Nina Form" });
    const saved = await a.postForm(`/dashboard/students/update?student=${id}`, {
      id,
      name: "Nina Forms",
    });
    expect(saved.status).toBe(200);
    const html = await saved.text();
    expect(html).toContain("Nina Forms");
    expect(html).toContain('id="history"');
    expect(html).toContain("Saved.");
  });

  it("keeps a roster: add, validate, search, edit, archive and restore", async () => {
    const bad = await a.postForm("/dashboard/students/new", {
      name: "",
      email: "not-an-email",
      level: "Z9",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("The field is required");
    expect(html).toContain("Not a valid e-mail address");
    expect(html).toContain("Choose a level from A1 to C2");

    const id = await addStudent(a, {
      name: "Karolina Wiśniewska",
      email: "karolina@example.com",
      level: "b2",
      goals: "Job interviews in English by March",
      tags: "business, Interview; business",
      notes: "Loves cycling",
    });
    const page = await (await a.get(`/dashboard/students?student=${id}`)).text();
    expect(page).toContain("Karolina Wiśniewska");
    expect(page).toContain("Job interviews in English by March");
    const [row] = await queryRows<{ level: string; tags: string[] }>(
      services.db,
      sql`select level, tags from students where id = ${id}`,
    );
    expect(row).toEqual({ level: "B2", tags: ["business", "interview"] });

    expect(await (await a.get("/dashboard/students?q=interview")).text()).toContain("Karolina");
    expect(await (await a.get("/dashboard/students?q=nobody")).text()).not.toContain("Karolina");

    const edit = await a.postForm("/dashboard/students/update", {
      id,
      name: "Karolina W.",
      level: "C1",
    });
    expect(edit.status).toBe(200);
    expect(await (await a.get("/dashboard/students")).text()).toContain("Karolina W.");

    await a.postForm("/dashboard/students/archive", { intent: "archive", id });
    expect(await (await a.get("/dashboard/students")).text()).not.toContain("Karolina W.");
    expect(await (await a.get("/dashboard/students?archived=1")).text()).toContain("Karolina W.");
    await a.postForm("/dashboard/students/archive", { intent: "restore", id });
    expect(await (await a.get("/dashboard/students")).text()).toContain("Karolina W.");
  });

  it("imports a CSV: previews every row, reports bad rows and imports the good ones", async () => {
    const csv = [
      "Name;Email;Level;Goals;Tags",
      'Jan Nowak;jan@example.com;A2;"Travel; small talk";holiday',
      ";nobody@example.com;B1;;",
      "Ewa Lis;ewa@;B1;;",
      "Olek Kot;;X1;;",
      '"Maria ""Mary"" Zając";;c1;IELTS 7.0;exam',
    ].join("\r\n");
    const preview = await a.postForm("/dashboard/students/import-check", { csv });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("2 students are ready to import.");
    expect(html).toContain("3 rows have problems and will be skipped.");
    expect(html).toMatch(/>3<\/td>.*Name: The field is required/s);
    expect(html).toContain("Email (optional): Not a valid e-mail address");
    expect(html).toContain("Level: Choose a level from A1 to C2");
    // Nothing is written by the preview.
    expect(await (await a.get("/dashboard/students")).text()).not.toContain("Jan Nowak");

    const done = await a.postForm("/dashboard/students/import", { csv });
    expect(await done.text()).toContain("2 students imported.");
    const roster = await (await a.get("/dashboard/students")).text();
    expect(roster).toContain("Jan Nowak");
    expect(roster).toContain("Maria &quot;Mary&quot; Zając");
    expect(roster).not.toContain("Olek Kot");

    const noHeader = await a.postForm("/dashboard/students/import-check", {
      csv: "just,some,values",
    });
    expect(noHeader.status).toBe(400);
  });

  it("takes each lesson form at its own address; the lesson page itself has no action", async () => {
    const studentId = await addStudent(a, { name: "Ola Forms", level: "A2" });
    const created = await a.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
      title: "Forms lesson",
      date: "2026-12-04",
      time: "09:00",
      timeZone: "UTC",
    });
    const lessonPath = locationOf(created);
    // The old one-action post with an intent changes nothing.
    const old = await a.postForm(lessonPath, { intent: "delete" });
    expect(old.status).toBe(405);
    await old.arrayBuffer();
    expect((await a.get(lessonPath)).status).toBe(200);
    // Details sent without JavaScript: the lesson's page, "Saved" in it, in run mode when the
    // form was sent from there.
    const fields = { title: "Forms lesson 2", date: "2026-12-04", time: "09:00", timeZone: "UTC" };
    const saved = await a.postForm(`${lessonPath}/details`, fields);
    expect(saved.status).toBe(200);
    const html = await saved.text();
    expect(html).toContain("Forms lesson 2");
    expect(html).toContain('id="details"');
    expect(html).toContain("Saved.");
    const step = { text: "Warm-up", minutes: "5" };
    expect((await a.postForm(`${lessonPath}/add-step`, step)).status).toBe(200);
    const finished = await a.postForm(`${lessonPath}/status?run=0`, { intent: "done" });
    expect(await finished.text()).toContain('data-testid="run-lesson"');
    const anonymous = new HttpSession(app.url, { "x-forwarded-for": "10.14.9.8" });
    const forms = ["add-item", "add-step", "minutes", "item", "details", "status"];
    for (const form of [...forms, "duplicate", "delete"]) {
      const refused = await anonymous.postForm(`${lessonPath}/${form}`, {});
      expect(refused.status, form).toBe(302);
      expect(locationOf(refused), form).toMatch(/^\/auth\//);
    }
  });

  it("plans a lesson from the picker, marks exercises used before, duplicates and runs it", async () => {
    const studentId = await addStudent(a, { name: "Piotr Zieliński", level: "B1" });
    expect((await a.get("/dashboard/lessons/new")).status).toBe(302);
    const created = await a.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
      title: "Travel talk",
      date: "2026-12-01",
      time: "18:00",
      timeZone: "Europe/Warsaw",
    });
    expect(created.status).toBe(302);
    const lessonPath = locationOf(created);
    const [first, second] = await exerciseIds(2);
    for (const [form, fields] of [
      ["add-item", { intent: "add-exercise", exerciseId: first ?? "" }],
      ["add-step", { text: "Warm-up: weekend news", minutes: "5" }],
      ["add-item", { intent: "add-exercise", exerciseId: second ?? "" }],
    ] as const)
      expect((await a.postForm(`${lessonPath}/${form}`, fields)).status).toBe(200);
    // The same exercise twice is refused with a message, and the plan keeps one.
    const twice = await a.postForm(`${lessonPath}/add-item`, {
      intent: "add-exercise",
      exerciseId: first ?? "",
    });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("That is already in this lesson.");
    const [lessonRow] = await queryRows<{ starts_at: Date; time_zone: string }>(
      services.db,
      sql`select starts_at, time_zone from lessons where id = ${lessonPath.split("/").pop()}`,
    );
    expect(new Date(lessonRow?.starts_at ?? 0).toISOString()).toBe("2026-12-01T17:00:00.000Z");

    const itemIds = await queryRows<{ id: string; kind: string }>(
      services.db,
      sql`select id, kind from lesson_items where lesson_id = ${lessonPath.split("/").pop()} order by position`,
    );
    expect(itemIds.map((i) => i.kind)).toEqual(["exercise", "step", "exercise"]);
    await a.postForm(`${lessonPath}/item`, { intent: "up", itemId: itemIds[1]?.id ?? "" });
    await a.postForm(`${lessonPath}/minutes`, { itemId: itemIds[1]?.id ?? "", minutes: "7" });
    const page = await (await a.get(lessonPath)).text();
    const [firstExercise] = await queryRows<{ title: string }>(
      services.db,
      sql`select title from exercises where id = ${first}`,
    );
    const plan = page.slice(page.indexOf('id="plan"'));
    expect(plan.indexOf("Warm-up: weekend news")).toBeGreaterThan(0);
    expect(plan.indexOf("Warm-up: weekend news")).toBeLessThan(
      plan.indexOf(firstExercise?.title ?? "missing"),
    );
    expect(page).toMatch(/minutes in total/);

    // The next lesson: the picker hides exercises used with this student, or marks them.
    const duplicate = await a.postForm(`${lessonPath}/duplicate`, {});
    const nextPath = locationOf(duplicate);
    expect(nextPath).not.toBe(lessonPath);
    const nextPage = await (await a.get(nextPath)).text();
    expect(nextPage).toContain("used on");
    const picker = await (await a.get(`${nextPath}?pick=exercise&level=B1&fresh=0`)).text();
    expect(picker).toContain("used on");
    const fresh = await (await a.get(`${nextPath}?pick=exercise&level=B1`)).text();
    const [firstTitle] = await queryRows<{ title: string }>(
      services.db,
      sql`select title from exercises where id = ${first}`,
    );
    // (The duplicated plan itself lists it; the picker below it must not offer it.)
    const section = (html: string) =>
      html.slice(html.indexOf('id="picker"'), html.indexOf('id="details"'));
    expect(section(fresh)).not.toContain(firstTitle?.title ?? "missing");
    expect(section(picker)).toContain(firstTitle?.title ?? "missing");

    const run = await (await a.get(`${lessonPath}?run=0`)).text();
    expect(run).toContain("1 of 3");
    expect(run).toContain("Warm-up: weekend news");

    const [total] = await queryRows<{ minutes: number }>(
      services.db,
      sql`select sum(minutes)::int as minutes from lesson_items where lesson_id = ${lessonPath.split("/").pop()}`,
    );
    const list = await (await a.get("/dashboard/lessons")).text();
    expect(list).toContain("Travel talk");
    expect(list).toContain(`${total?.minutes} minutes in total`);
    expect(list).toContain("3 items");
    expect(await (await a.get("/dashboard/students?q=Piotr")).text()).toContain("2 lessons");
    expect(list).toContain("Piotr Zieliński");
    const student = await (await a.get(`/dashboard/students?student=${studentId}`)).text();
    expect(student).toContain("Exercises already used");
    expect(student).toContain(firstTitle?.title ?? "missing");
  });

  it("offers materials with their own minutes and what the student already had, hiding those by default", async () => {
    const studentId = await addStudent(a, { name: "Marta Lis", level: "B1" });
    const plan = async (title: string, date: string) => {
      const created = await a.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
        title,
        date,
        time: "17:00",
        timeZone: "Europe/Warsaw",
      });
      expect(created.status).toBe(302);
      return locationOf(created);
    };
    /** The picker's row of one result (its <li>), or null when the picker does not offer it. */
    const pickerRow = (html: string, title: string) => {
      const picker = html.slice(html.indexOf('id="picker"'), html.indexOf('id="details"'));
      const at = picker.indexOf(title);
      return at < 0
        ? null
        : picker.slice(picker.lastIndexOf("<li", at), picker.indexOf("</li>", at));
    };
    // Two B1 materials whose minutes (from their content) are not the old flat 10.
    const [material, other] = await queryRows<{ id: string; title: string; minutes: number }>(
      services.db,
      sql`select id, title, duration_minutes as minutes from materials
          where level = 'B1' and duration_minutes <> 10 and title !~ '[&<>"'']'
          order by duration_minutes desc, title limit 2`,
    );
    if (!material || !other) throw new Error("no B1 materials");
    expect(material.minutes).not.toBe(other.minutes);

    const first = await plan("Materials 1", "2026-12-07");
    const offered = await (await a.get(`${first}?pick=material`)).text();
    expect(offered).toContain("Only materials not used with Marta Lis");
    for (const m of [material, other]) {
      const row = pickerRow(offered, m.title);
      expect(row, m.title).toContain(`${m.minutes} min`);
      expect(row, m.title).not.toContain("used on");
    }
    // Added to the plan, the material takes its own minutes.
    expect(
      (await a.postForm(`${first}/add-item`, { intent: "add-material", materialId: material.id }))
        .status,
    ).toBe(200);
    const [item] = await queryRows<{ minutes: number }>(
      services.db,
      sql`select minutes from lesson_items where lesson_id = ${first.split("/").pop()}`,
    );
    expect(item?.minutes).toBe(material.minutes);
    expect((await a.postForm(`${first}/status`, { intent: "done" })).status).toBe(200);

    // The next lesson: the material is hidden unless asked for, then marked as used.
    const second = await plan("Materials 2", "2026-12-14");
    const fresh = await (await a.get(`${second}?pick=material`)).text();
    expect(pickerRow(fresh, material.title)).toBeNull();
    expect(pickerRow(fresh, other.title)).not.toBeNull();
    const all = await (await a.get(`${second}?pick=material&fresh=0`)).text();
    expect(pickerRow(all, material.title)).toContain("used on");
    expect(pickerRow(all, other.title)).not.toContain("used on");
    // The plan of the next lesson marks it too, when it is added again.
    await a.postForm(`${second}/add-item`, { intent: "add-material", materialId: material.id });
    const secondPlan = await (await a.get(second)).text();
    expect(
      secondPlan.slice(secondPlan.indexOf('id="plan"'), secondPlan.indexOf('id="details"')),
    ).toContain("used on");
  });

  it("never lets one teacher see or change another teacher's students or lessons", async () => {
    const studentId = await addStudent(a, { name: "Secret Student", level: "A2" });
    const lesson = await a.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
      title: "Private lesson",
      date: "2026-12-02",
      time: "10:00",
      timeZone: "UTC",
    });
    const lessonPath = locationOf(lesson);
    const [exercise] = await exerciseIds(1, "A2");

    const attempts: [string, Promise<Response>][] = [
      ["read student", b.get(`/dashboard/students?student=${studentId}`)],
      [
        "update student",
        b.postForm("/dashboard/students/update", { id: studentId, name: "Hacked" }),
      ],
      [
        "archive student",
        b.postForm("/dashboard/students/archive", { intent: "archive", id: studentId }),
      ],
      ["plan for student", b.get(`/dashboard/lessons/new?studentId=${studentId}`)],
      [
        "create lesson",
        b.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
          title: "x",
          date: "2026-12-03",
          time: "10:00",
          timeZone: "UTC",
        }),
      ],
      ["read lesson", b.get(lessonPath)],
      [
        "add to lesson",
        b.postForm(`${lessonPath}/add-item`, {
          intent: "add-exercise",
          exerciseId: exercise ?? "",
        }),
      ],
      [
        "rename lesson",
        b.postForm(`${lessonPath}/details`, {
          title: "Hacked",
          date: "2026-12-02",
          time: "10:00",
          timeZone: "UTC",
        }),
      ],
      ["duplicate lesson", b.postForm(`${lessonPath}/duplicate`, {})],
      ["delete lesson", b.postForm(`${lessonPath}/delete`, {})],
      ["guess an id", b.get("/dashboard/lessons/00000000-0000-0000-0000-000000000000")],
    ];
    for (const [what, response] of attempts) {
      const answer = await response;
      expect(answer.status, what).toBe(404);
      // One 404 everywhere (issue 20): the spec's page, naming the address asked for.
      expect(await answer.text(), what).toMatch(/Page Not Found: \/dashboard\/(students|lessons)/);
    }
    const lists = await Promise.all([
      (await b.get("/dashboard/students")).text(),
      (await b.get("/dashboard/lessons")).text(),
      (await b.get("/dashboard")).text(),
    ]);
    for (const html of lists) {
      expect(html).not.toContain("Secret Student");
      expect(html).not.toContain("Private lesson");
    }
    const [row] = await queryRows<{ name: string; archived_at: Date | null }>(
      services.db,
      sql`select name, archived_at from students where id = ${studentId}`,
    );
    expect(row).toEqual({ name: "Secret Student", archived_at: null });
    expect(await (await a.get(lessonPath)).text()).toContain("Private lesson");

    const anonymous = new HttpSession(app.url, { "x-forwarded-for": "10.14.9.9" });
    expect(locationOf(await anonymous.get(lessonPath))).toMatch(/^\/auth\/confirm/);
  });
});
