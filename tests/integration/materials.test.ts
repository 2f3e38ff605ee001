import { sql } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites } from "@db/schema";
import { ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import { addDays } from "~/lib/time";
import { signedInAccount } from "../support/accounts";
import { type HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

const PASSWORD = "materials test passphrase";
const PAGE_SIZE = 24;

/**
 * The materials library works like the exercises' (issue 21 item 9): counts beside every
 * filter value, pages, favorites of its own, and Add to lesson from a material's page, each
 * scoped to the teacher who asks.
 */
describe("the materials library", () => {
  let app: TestApp;
  let anna: { id: string; client: HttpSession };
  let bruno: { id: string; client: HttpSession };

  beforeAll(async () => {
    app = await startTestApp();
    anna = await signedInAccount(app, {
      email: "anna@materials.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    bruno = await signedInAccount(app, {
      email: "bruno@materials.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
  });
  afterAll(() => app?.close());

  async function page(client: HttpSession, path: string, status = 200) {
    const res = await client.get(path);
    expect(res.status, path).toBe(status);
    return new JSDOM(await res.text()).window.document;
  }

  /** "84 materials" → 84. */
  const total = (doc: Document) =>
    Number(doc.getElementById("results-heading")?.textContent?.replace(/\D/g, ""));
  const cards = (doc: Document) =>
    [...doc.querySelectorAll("[data-testid=results] a[data-result]")].map((a) =>
      a.getAttribute("href"),
    );
  /** The count printed beside each value of a filter group. */
  function counts(doc: Document, name: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const input of doc.querySelectorAll<HTMLInputElement>(`input[name=${name}]`)) {
      const label = input.closest("label");
      out[input.value] = Number(label?.querySelector(".tabular-nums")?.textContent);
    }
    return out;
  }
  async function countBy(column: "level" | "type", where = sql`true`) {
    const rows = await queryRows<{ key: string; n: number }>(
      app.services.db,
      sql`select ${sql.raw(column)} as key, count(*)::int as n from materials where ${where} group by 1`,
    );
    return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
  }
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

  it("shows a count beside every filter value, each group's ignoring its own choice", async () => {
    const all = await page(anna.client, "/dashboard/materials");
    const byType = await countBy("type");
    const byLevel = await countBy("level");
    const everything = sum(byType);
    expect(everything).toBeGreaterThanOrEqual(80);
    expect(total(all)).toBe(everything);
    expect(counts(all, "type")).toMatchObject(byType);
    expect(counts(all, "level")).toMatchObject(byLevel);
    // Every material has topics, so the topic group offers some (and only real ones).
    expect(Object.keys(counts(all, "topic")).length).toBeGreaterThan(5);
    const free = await queryRows<{ n: number }>(
      app.services.db,
      sql`select count(*)::int as n from materials where is_free`,
    );
    expect(counts(all, "free")).toEqual({ "1": Number(free[0]?.n) });

    // Two types at once: the results are both; the type group still shows every type's
    // own count (choosing another adds it), the level group counts within those types.
    const two = await page(anna.client, "/dashboard/materials?type=flashcards&type=board-game");
    const chosen = sql`type in ('flashcards', 'board-game')`;
    expect(total(two)).toBe((byType.flashcards ?? 0) + (byType["board-game"] ?? 0));
    expect(counts(two, "type")).toMatchObject(byType);
    expect(counts(two, "level")).toMatchObject(await countBy("level", chosen));
    // Its chips remove one filter each and go back to the first page.
    const chips = [...two.querySelectorAll("ul[aria-label='Active filters'] a")];
    expect(chips.map((a) => a.getAttribute("aria-label"))).toEqual([
      "Remove Flashcards",
      "Remove Board game",
    ]);
    expect(chips[0]?.getAttribute("href")).toBe("/dashboard/materials?type=board-game");

    // A level within them: the type counts now count that level only.
    const b1 = await page(anna.client, "/dashboard/materials?type=flashcards&level=B1");
    expect(counts(b1, "type")).toMatchObject(await countBy("type", sql`level = 'B1'`));
    expect(total(b1)).toBe(counts(b1, "type").flashcards);
    expect(b1.querySelector("label[for=library-filters-toggle]")?.textContent).toContain("2");

    // Words are searched too, and the counts follow them.
    const words = await page(anna.client, "/dashboard/materials?q=travel");
    expect(total(words)).toBeGreaterThan(0);
    expect(total(words)).toBeLessThan(everything);
    expect(sum(counts(words, "level"))).toBe(total(words));
  });

  it("pages by the exercises' page size and shows the last page for one past the end", async () => {
    const everything = sum(await countBy("type"));
    const pages = Math.ceil(everything / PAGE_SIZE);
    const first = await page(anna.client, "/dashboard/materials");
    expect(cards(first)).toHaveLength(PAGE_SIZE);
    expect(first.querySelector("nav[aria-label='Result pages']")?.textContent).toContain(
      `Page 1 of ${pages}`,
    );
    const second = await page(anna.client, "/dashboard/materials?page=2");
    expect(cards(second)).toHaveLength(PAGE_SIZE);
    expect(cards(second)).not.toContain(cards(first)[0]);
    const last = await page(anna.client, `/dashboard/materials?page=${pages}`);
    expect(cards(last)).toHaveLength(everything - (pages - 1) * PAGE_SIZE);
    const past = await page(anna.client, "/dashboard/materials?page=999");
    expect(cards(past)).toEqual(cards(last));
    expect(past.querySelector("nav[aria-label='Result pages']")?.textContent).toContain(
      `Page ${pages} of ${pages}`,
    );
    // Bad values are ignored, never a 500.
    const bad = await page(
      anna.client,
      "/dashboard/materials?page=abc&type=karaoke&level=Z9&topic=nope&free=yes&q=%27%20%26%20%7C%20!",
    );
    expect(total(bad)).toBe(everything);
    expect((await anna.client.get(`/dashboard/materials?q=${"a".repeat(10_000)}`)).status).toBe(
      200,
    );
    expect((await anna.client.get("/dashboard/materials.data?page=-1&type=x")).status).toBe(200);
  });

  it("stars materials per teacher, locked ones too, and refuses bad or unknown ids", async () => {
    const [locked, open] = await Promise.all([
      queryRows<{ id: string; title: string }>(
        app.services.db,
        sql`select id, title from materials where not is_free order by id limit 1`,
      ),
      queryRows<{ id: string; title: string }>(
        app.services.db,
        sql`select id, title from materials where is_free order by id limit 1`,
      ),
    ]);
    const lockedId = locked[0]!.id;
    const openId = open[0]!.id;
    const ids = async (client: HttpSession) =>
      (await (await client.get("/api/favorites")).json()) as {
        favorites: string[];
        materials: string[];
      };
    expect(await ids(anna.client)).toEqual({ favorites: [], materials: [] });

    // Anna, on the free plan, stars a premium material as she can a premium exercise.
    const starred = await anna.client.postJson("/api/favorites", {
      materialId: lockedId,
      favorite: true,
    });
    expect(starred.status).toBe(200);
    expect(await starred.json()).toEqual({ materialId: lockedId, favorite: true });
    // The page's own form (the star's fetcher) sends the same as a form.
    expect(
      (
        await anna.client.postForm("/api/favorites", {
          materialId: openId,
          favorite: "true",
        })
      ).status,
    ).toBe(200);
    expect((await ids(anna.client)).materials.sort()).toEqual([lockedId, openId].sort());
    expect((await ids(anna.client)).favorites).toEqual([]);
    expect(
      (await bruno.client.postJson("/api/favorites", { materialId: openId, favorite: true }))
        .status,
    ).toBe(200);

    // Her favorites page lists them (plain links), without the locked body; the star is on.
    const list = await page(anna.client, "/dashboard/favorites");
    const section = list.querySelector("[data-testid=favorite-materials]");
    expect(section?.querySelector("h2")?.textContent).toBe("Materials");
    expect(
      [...(section?.querySelectorAll("a") ?? [])].map((a) => a.getAttribute("href")).sort(),
    ).toEqual([`/dashboard/materials/${lockedId}`, `/dashboard/materials/${openId}`].sort());
    const materialPage = await page(anna.client, `/dashboard/materials/${openId}`);
    expect(materialPage.querySelector("button[aria-pressed]")?.getAttribute("aria-pressed")).toBe(
      "true",
    );
    const onlyFavorites = await page(anna.client, "/dashboard/materials?favorites=1");
    expect(total(onlyFavorites)).toBe(2);

    // Bad input is a 400 with a readable body; an unknown material a 404.
    for (const body of [
      { materialId: "", favorite: true },
      { materialId: "x".repeat(101), favorite: true },
      { materialId: openId, exerciseId: "some-exercise", favorite: true },
      { favorite: true },
      { materialId: openId, favorite: "maybe" },
    ]) {
      const res = await anna.client.postJson("/api/favorites", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
    const unknown = await anna.client.postJson("/api/favorites", {
      materialId: "no-such-material",
      favorite: true,
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No material with that id." });

    // Unstarring is Anna's alone: Bruno's star on the same material stays.
    expect(
      (await anna.client.postJson("/api/favorites", { materialId: openId, favorite: false }))
        .status,
    ).toBe(200);
    expect((await ids(anna.client)).materials).toEqual([lockedId]);
    expect((await ids(bruno.client)).materials).toEqual([openId]);

    // The table itself holds one item per row, once per teacher.
    await expect(app.database.db.insert(favorites).values({ userId: anna.id })).rejects.toThrow();
    await expect(
      app.database.db
        .insert(favorites)
        .values({ userId: anna.id, materialId: lockedId, exerciseId: null }),
    ).rejects.toThrow();
  });

  it("adds a material to the teacher's own upcoming lesson once, and starts a new one with it", async () => {
    const [material] = await queryRows<{ id: string; title: string }>(
      app.services.db,
      sql`select id, title from materials order by id limit 1`,
    );
    const materialPath = `/dashboard/materials/${material!.id}`;
    const tomorrow = addDays(app.clock.now(), 1).toISOString().slice(0, 10);
    async function lessonOf(client: HttpSession, student: string, title: string) {
      const created = await client.postForm("/dashboard/students/new", {
        name: student,
      });
      const studentId = new URL(locationOf(created), app.url).searchParams.get("student") ?? "";
      const lesson = await client.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
        title,
        date: tomorrow,
        time: "10:00",
        timeZone: "UTC",
      });
      return { studentId, lessonId: locationOf(lesson).split("/").pop() ?? "" };
    }
    const mine = await lessonOf(anna.client, "Ola Material", "Flashcards with Ola");
    const theirs = await lessonOf(bruno.client, "Piotr Material", "Bruno's lesson");

    // The panel lists Anna's upcoming lesson (not Bruno's) with an Add button.
    const panel = await page(anna.client, `${materialPath}?add=lesson`);
    const choices = panel.querySelector("[data-testid=lesson-choices]");
    expect(choices?.textContent).toContain("Flashcards with Ola");
    expect(choices?.textContent).not.toContain("Bruno's lesson");
    expect(choices?.querySelector("input[name=lessonId]")?.getAttribute("value")).toBe(
      mine.lessonId,
    );

    const add = (client: HttpSession, lessonId: string) =>
      client.postForm(`${materialPath}?add=lesson`, { intent: "add-to-lesson", lessonId });
    const added = await add(anna.client, mine.lessonId);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Added to “Flashcards with Ola”.");
    const plan = await page(anna.client, `/dashboard/lessons/${mine.lessonId}`);
    expect(plan.querySelector(`a[href='${materialPath}']`)?.textContent).toBe(material!.title);

    // Twice: refused with a message, and the panel marks the lesson as the picker does.
    const twice = await add(anna.client, mine.lessonId);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("That is already in this lesson.");
    const marked = await page(anna.client, `${materialPath}?add=lesson`);
    expect(marked.querySelector("[data-testid=lesson-chosen]")?.textContent).toBe("In this lesson");
    expect(marked.querySelector("[data-testid=lesson-choices] button")).toBeNull();

    // Someone else's lesson is not found, and stays as it was; bad input is a 400.
    expect((await add(anna.client, theirs.lessonId)).status).toBe(404);
    const brunosPlan = await queryRows<{ n: number }>(
      app.services.db,
      sql`select count(*)::int as n from lesson_items where lesson_id = ${theirs.lessonId}`,
    );
    expect(Number(brunosPlan[0]?.n)).toBe(0);
    expect((await add(anna.client, "")).status).toBe(400);
    expect(
      (
        await anna.client.postForm("/dashboard/materials/no-such-material?add=lesson", {
          intent: "add-to-lesson",
          lessonId: mine.lessonId,
        })
      ).status,
    ).toBe(404);

    // "New lesson with this material": the new lesson's plan starts with it.
    const form = await page(
      anna.client,
      `/dashboard/lessons/new?studentId=${mine.studentId}&materialId=${material!.id}`,
    );
    expect(form.querySelector("[data-testid=starts-with]")?.textContent).toBe(
      `The plan starts with “${material!.title}”.`,
    );
    const created = await anna.client.postForm(
      `/dashboard/lessons/new?studentId=${mine.studentId}&materialId=${material!.id}`,
      {
        title: "Second lesson with Ola",
        date: tomorrow,
        time: "12:00",
        timeZone: "UTC",
        materialId: material!.id,
      },
    );
    expect(created.status).toBe(302);
    const second = await page(anna.client, locationOf(created));
    expect(second.querySelector(`a[href='${materialPath}']`)?.textContent).toBe(material!.title);

    // A lesson marked done is no longer offered.
    await anna.client.postForm(`/dashboard/lessons/${mine.lessonId}/status`, { intent: "done" });
    const after = await page(anna.client, `${materialPath}?add=lesson`);
    expect(after.querySelector("[data-testid=lesson-choices]")?.textContent).not.toContain(
      "Flashcards with Ola",
    );
  });
});
