import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exercises, materials } from "@db/schema";
import { exportLibrary } from "~/features/library/export.server";
import {
  loadExerciseFiles,
  loadMaterialFiles,
  parseExerciseFiles,
  parseMaterialFile,
  syncLibrary,
} from "~/features/library/sync.server";
import { ROLE } from "~/lib/auth/roles";
import { DAY_MS } from "~/lib/time";
import { adminAndTeacher, signedInAccount } from "../support/accounts";
import { type HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 15 items 1 and 2: the library is managed in the admin panel. The database owns every
 * item once imported (decision record 013): the seed never overwrites an administrator's edit
 * nor brings back what they deleted; content/library stays the seed and the export format.
 */

const PASSWORD = "library admin passphrase";

/** The fields the editor sends for a record, named as the editor names them. */
function editorFields(value: unknown, prefix = "", out: Record<string, string> = {}) {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === "string")) out[`${prefix}[]`] = value.join("\n");
    else value.forEach((v, i) => editorFields(v, `${prefix}.${i}`, out));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) editorFields(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof value === "boolean") {
    if (value) out[prefix] = "on";
  } else if (value !== null && value !== undefined) out[prefix] = String(value);
  return out;
}

const NEW_EXERCISE = {
  slug: "weekend-plans-chat",
  title: "Weekend plans chat",
  summary: "Pairs ask each other about their plans for the weekend and report back to the class.",
  level: "A2",
  topics: ["daily-life", "hobbies-and-free-time"],
  skillFocus: ["fluency"],
  languageFocus: { grammar: "going to for plans", functions: ["asking about plans"] },
  durationMinutes: 15,
  grouping: ["pairs"],
  audience: ["teens", "adults"],
  teacherNotes: {
    aim: "Students talk about future plans with going to.",
    steps: ["Model one question.", "Pairs ask and answer.", "Two pairs report back."],
    tips: [],
  },
  content: {
    type: "discussion",
    questions: [
      "What are you going to do on Saturday morning?",
      "Who are you going to see this weekend?",
      "Are you going to cook anything special?",
      "Where are you going to go on Sunday?",
      "What are you going to watch or read?",
      "What is the best part of your weekend going to be?",
    ].map((question) => ({ question, followUps: ["Why?"] })),
  },
  vocabulary: [
    { term: "plan", definition: "something you have decided to do" },
    { term: "lie in", definition: "to stay in bed later than usual" },
    { term: "catch up", definition: "to meet someone and talk about recent news" },
    { term: "chill out", definition: "to relax" },
  ],
  isFree: true,
  publishedAt: "2026-12-09",
};

describe("library management in the admin panel", () => {
  let app: TestApp;
  let admin: HttpSession;
  let teacher: HttpSession;
  let exportDir = "";

  beforeAll(async () => {
    app = await startTestApp();
    ({ admin, teacher } = await adminAndTeacher(app, "library-admin.test", PASSWORD));
    exportDir = await mkdtemp(join(tmpdir(), "parley-export-"));
  });
  afterAll(async () => {
    await rm(exportDir, { recursive: true, force: true });
    await app?.close();
  });

  it("exports the imported library in content/library's format, item for item", async () => {
    const written = await exportLibrary(app.database.db, exportDir);
    const files: Record<string, unknown> = {};
    for (const level of await readdir(join(exportDir, "exercises"))) {
      const file = join(exportDir, "exercises", level, "library.json");
      files[file] = JSON.parse(await readFile(file, "utf8"));
    }
    const exported = parseExerciseFiles(files);
    const original = loadExerciseFiles();
    expect(written.exercises).toBe(original.length);
    const bySlug = (a: { slug: string }, b: { slug: string }) => a.slug.localeCompare(b.slug);
    expect(exported.sort(bySlug)).toEqual(original.sort(bySlug));

    const materialFiles = await readdir(join(exportDir, "materials"));
    const exportedMaterials = await Promise.all(
      materialFiles.map(async (f) =>
        parseMaterialFile(f, await readFile(join(exportDir, "materials", f), "utf8")),
      ),
    );
    const key = (m: { record: { slug: string } }) => m.record.slug;
    const sorted = <T extends { record: { slug: string } }>(list: T[]) =>
      [...list].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sorted(exportedMaterials)).toEqual(sorted(loadMaterialFiles()));
  });

  it("lists, filters and pages the library for an admin only", async () => {
    const page = await admin.get("/admin/exercises/taboo?level=B1&status=published&q=a");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="admin-library-list"');
    const b1Taboo = loadExerciseFiles().filter(
      (e) => e.level === "B1" && e.content.type === "taboo",
    );
    expect(b1Taboo.length).toBeGreaterThan(0);
    expect(html).toContain(b1Taboo[0]!.title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    // Nonsense filters are ignored, never an error.
    expect(
      (await admin.get("/admin/exercises/nonsense?level=Z9&page=-4&status=%E2%98%83")).status,
    ).toBe(200);
    expect((await admin.get("/admin/materials/all?page=999999")).status).toBe(200);
    // A teacher is sent away from every admin page and action.
    expect((await teacher.get("/admin/exercises/all")).status).toBe(302);
    expect((await teacher.get(`/admin/exercise/${b1Taboo[0]!.slug}`)).status).toBe(302);
    const refused = await teacher.postForm(`/admin/exercise/${b1Taboo[0]!.slug}`, {
      intent: "delete",
      confirm: "on",
    });
    expect(refused.status).toBe(302);
    expect(locationOf(refused)).not.toContain("/admin");
    const [still] = await app.database.db
      .select({ id: exercises.id })
      .from(exercises)
      .where(eq(exercises.id, b1Taboo[0]!.slug));
    expect(still).toBeDefined();
  });

  it("refuses a form with mistakes with 400 and messages by field, keeping what was typed", async () => {
    const fields = editorFields({
      record: { ...NEW_EXERCISE, content: { type: "discussion", questions: [] }, title: "x" },
      status: "draft",
    });
    const answer = await admin.postForm("/admin/exercises/discussion/new", fields);
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("Some fields need attention.");
    expect(html).toContain("Minimum required length is 2 chars");
    expect(html).toContain("Add at least 6");
    expect(html).toContain("going to for plans");
    // An unknown type has no editor.
    expect((await admin.get("/admin/exercises/essay/new")).status).toBe(404);
  });

  it("creates a draft only admins see, schedules it, and teachers find it from its moment", async () => {
    const created = await admin.postForm(
      "/admin/exercises/discussion/new",
      editorFields({ record: NEW_EXERCISE, status: "draft", isFresh: true }),
    );
    expect(created.status).toBe(302);
    expect(locationOf(created)).toBe("/admin/exercise/weekend-plans-chat?done=created");
    // The same slug again is refused.
    const again = await admin.postForm(
      "/admin/exercises/discussion/new",
      editorFields({ record: NEW_EXERCISE, status: "draft" }),
    );
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This address is taken.");

    const exercisePage = "/dashboard/exercises/weekend-plans-chat";
    expect((await teacher.get(exercisePage)).status).toBe(404);
    expect((await admin.get(`${exercisePage}?preview=1`)).status).toBe(200);
    expect((await teacher.get(`${exercisePage}?preview=1`)).status).toBe(404);

    // Published for the day after tomorrow: scheduled.
    const later = new Date(app.clock.now().getTime() + 2 * DAY_MS).toISOString().slice(0, 10);
    const saved = await admin.postForm("/admin/exercise/weekend-plans-chat", {
      intent: "save",
      ...editorFields({
        record: { ...NEW_EXERCISE, publishedAt: later },
        status: "published",
        isFresh: true,
      }),
    });
    expect(saved.status).toBe(200);
    const list = await (await admin.get("/admin/exercises/all?status=scheduled")).text();
    expect(list).toContain("Weekend plans chat");
    expect((await teacher.get(exercisePage)).status).toBe(404);
    const search = "/dashboard/exercises?q=weekend+plans+chat";
    expect(await (await teacher.get(search)).text()).not.toContain("Weekend plans chat");

    app.clock.set(new Date(`${later}T09:00:01Z`));
    expect((await teacher.get(exercisePage)).status).toBe(200);
    expect(await (await teacher.get(search)).text()).toContain("Weekend plans chat");
    app.clock.set(new Date(`${NEW_EXERCISE.publishedAt}T10:00:00Z`));
  });

  it("keeps every change as a revision and restores any of them", async () => {
    const [first] = loadExerciseFiles();
    const id = first!.slug;
    const fields = editorFields({
      record: { ...first, title: "Renamed by the editor" },
      status: "published",
      isFresh: false,
    });
    const saved = await admin.postForm(`/admin/exercise/${id}`, { intent: "save", ...fields });
    expect(saved.status).toBe(200);
    const page = await (await admin.get(`/admin/exercise/${id}`)).text();
    expect(page).toContain("Imported from the content files");
    expect(page).toContain("Edited");
    expect(page).toContain("Renamed by the editor");
    expect(page).toContain(first!.title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));

    // A start's seed leaves the edited exercise as the administrator left it.
    await syncLibrary(app.database.db, app.clock.now());
    const [row] = await app.database.db.select().from(exercises).where(eq(exercises.id, id));
    expect(row?.title).toBe("Renamed by the editor");

    const importRevision = /name="revision" value="(\d+)"/g;
    const ids = [...page.matchAll(importRevision)].map((m) => Number(m[1]));
    const oldest = Math.min(...ids);
    const restored = await admin.postForm(`/admin/exercise/${id}`, {
      intent: "restore",
      revision: String(oldest),
    });
    expect(restored.status).toBe(302);
    const [back] = await app.database.db.select().from(exercises).where(eq(exercises.id, id));
    expect(back?.title).toBe(first!.title);
    // A revision of another item is not this item's.
    const wrong = await admin.postForm(`/admin/exercise/weekend-plans-chat`, {
      intent: "restore",
      revision: String(oldest),
    });
    expect(wrong.status).toBe(404);
  });

  it("unpublishes, duplicates and deletes; the seed does not bring a deleted item back", async () => {
    const material = loadMaterialFiles()[0]!.record;
    const path = `/admin/material/${material.slug}`;
    expect((await admin.postForm(path, { intent: "unpublish" })).status).toBe(200);
    expect((await teacher.get(`/dashboard/materials/${material.slug}`)).status).toBe(404);
    expect((await admin.postForm(path, { intent: "publish" })).status).toBe(200);
    expect((await teacher.get(`/dashboard/materials/${material.slug}`)).status).toBe(200);

    const copy = await admin.postForm(path, { intent: "duplicate" });
    expect(copy.status).toBe(302);
    expect(locationOf(copy)).toBe(`/admin/material/${material.slug}-copy?done=duplicated`);
    const [copied] = await app.database.db
      .select()
      .from(materials)
      .where(eq(materials.id, `${material.slug}-copy`));
    expect(copied?.status).toBe("draft");

    // Deleting needs the confirmation box.
    expect((await admin.postForm(path, { intent: "delete" })).status).toBe(400);
    const deleted = await admin.postForm(path, { intent: "delete", confirm: "on" });
    expect(deleted.status).toBe(302);
    await syncLibrary(app.database.db, app.clock.now());
    const gone = await app.database.db
      .select()
      .from(materials)
      .where(eq(materials.id, material.slug));
    expect(gone).toHaveLength(0);
    const list = await (await admin.get("/admin/materials/all")).text();
    expect(list).toContain("Deleted items");
    const revision = new RegExp(
      `action="/admin/material/${material.slug}"[^>]*>\\s*<input[^>]*value="restore"[^>]*>\\s*<input[^>]*name="revision" value="(\\d+)"`,
    ).exec(list);
    expect(revision).not.toBeNull();
    const restored = await admin.postForm(path, { intent: "restore", revision: revision![1]! });
    expect(restored.status).toBe(302);
    expect((await teacher.get(`/dashboard/materials/${material.slug}`)).status).toBe(200);

    // Unknown intents and items answer 4xx with a message.
    expect((await admin.postForm(path, { intent: "explode" })).status).toBe(400);
    expect(
      (await admin.postForm("/admin/material/no-such-item", { intent: "publish" })).status,
    ).toBe(404);
    expect((await admin.get("/admin/material/no-such-item")).status).toBe(404);
  });

  it("takes a picture: checked, resized to WebP, served with ranges and long caching, shown with its text", async () => {
    const png = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: { r: 30, g: 90, b: 200 } },
    })
      .png()
      .toBuffer()
      .then((b) => new Uint8Array(b));
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string, client = admin) => {
      const body = new FormData();
      body.set("file", new Blob([bytes]), name);
      return client.fetch("/admin/media", {
        method: "POST",
        body,
        headers: { origin: app.url },
      });
    };
    const answer = await upload(png, "sky.png");
    expect(answer.status).toBe(201);
    const picture = (await answer.json()) as { src: string; width: number; height: number };
    expect(picture.src).toMatch(/^\/media\/[a-f0-9]{24}\.webp$/);
    expect([picture.width, picture.height]).toEqual([1600, 800]);

    const served = await teacher.get(picture.src);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const whole = new Uint8Array(await served.arrayBuffer());
    expect(String.fromCharCode(...whole.subarray(8, 12))).toBe("WEBP");
    const part = await teacher.get(picture.src, { range: "bytes=0-11" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-11/${whole.length}`);
    expect((await teacher.get(picture.src, { range: `bytes=${whole.length}-` })).status).toBe(416);
    expect((await teacher.get("/media/not-a-picture.webp")).status).toBe(404);

    // Not a picture, a picture that is not one, nothing, and someone who is not an admin.
    const refused = await upload(new TextEncoder().encode("<svg onload=alert(1)>"), "x.svg");
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({ error: "Send a JPEG, PNG or WebP picture." });
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect((await upload(broken, "broken.png")).status).toBe(400);
    expect((await upload(new Uint8Array(0), "empty.png")).status).toBe(400);
    expect((await upload(png, "sky.png", teacher)).status).toBe(302);
    // A picture over 10 MB is refused by its size; a request over the upload limit unread.
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(png.subarray(0, 64));
    const tooLarge = await upload(big, "big.png");
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: "The picture is larger than 10 MB." });
    const huge = await admin.fetch("/admin/media", {
      method: "POST",
      body: new Uint8Array(26 * 1024 * 1024),
      headers: { origin: app.url, "content-type": "multipart/form-data; boundary=x" },
    });
    expect(huge.status).toBe(413);

    // The exercise gets the picture; without its text the editor refuses it.
    const record = { ...NEW_EXERCISE, picture: { src: picture.src, alt: "" } };
    const missingAlt = await admin.postForm("/admin/exercise/weekend-plans-chat", {
      intent: "save",
      ...editorFields({ record, status: "published", isFresh: true }),
    });
    expect(missingAlt.status).toBe(400);
    const alt = "Two friends planning a weekend trip on a map";
    const saved = await admin.postForm("/admin/exercise/weekend-plans-chat", {
      intent: "save",
      ...editorFields({
        record: { ...record, picture: { src: picture.src, alt } },
        status: "published",
        isFresh: true,
      }),
    });
    expect(saved.status).toBe(200);
    const page = await (await teacher.get("/dashboard/exercises/weekend-plans-chat")).text();
    expect(page).toContain(`src="${picture.src}" alt="${alt}"`);
  });

  it("links an exercise to the listening track it goes with, and only to one that exists", async () => {
    const to = "/admin/exercise/weekend-plans-chat";
    const editor = await (await admin.get(to)).text();
    expect(editor).toContain('<option value="a2-voicemail-saturday-plans">');
    const record = { ...NEW_EXERCISE, listening: "no-such-track" };
    const unknown = await admin.postForm(to, {
      intent: "save",
      ...editorFields({ record, status: "published", isFresh: true }),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("There is no such listening track.");
    const linked = await admin.postForm(to, {
      intent: "save",
      ...editorFields({
        record: { ...record, listening: "a2-voicemail-saturday-plans" },
        status: "published",
        isFresh: true,
      }),
    });
    expect(linked.status).toBe(200);
    const page = await (await teacher.get("/dashboard/exercises/weekend-plans-chat")).text();
    expect(page).toContain('href="/dashboard/listening?track=a2-voicemail-saturday-plans"');
  });

  it("keeps a story's pictures and the pictures to show through the editor, and only pictures that exist", async () => {
    const story = loadExerciseFiles().find((e) => e.slug === "the-dog-and-the-birthday-cake")!;
    if (story.content.type !== "story") throw new Error("not a story");
    const to = "/admin/exercise/the-dog-and-the-birthday-cake";
    const editor = await (await admin.get(to)).text();
    expect(editor).toContain('name="record.content.prompts.0.pictures.0.name"');
    expect(editor).toContain('value="birthday-cake"');
    expect(editor).toContain('name="record.showPictures.1.alt"');

    const first = story.content.prompts[0]!;
    const renamed = {
      ...story,
      content: {
        ...story.content,
        prompts: [
          { ...first, pictures: [{ name: "no-such-picture", alt: "a cake" }] },
          ...story.content.prompts.slice(1),
        ],
      },
    };
    const unknown = await admin.postForm(to, {
      intent: "save",
      ...editorFields({ record: renamed, status: "published", isFresh: false }),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("There is no picture with this name.");

    const showPictures = [{ name: "birthday-cake", alt: "a cake with six candles" }];
    const saved = await admin.postForm(to, {
      intent: "save",
      ...editorFields({ record: { ...story, showPictures }, status: "published", isFresh: false }),
    });
    expect(saved.status).toBe(200);
    const [row] = await app.database.db
      .select({ content: exercises.content, showPictures: exercises.showPictures })
      .from(exercises)
      .where(eq(exercises.id, story.slug));
    expect(row?.showPictures).toEqual(showPictures);
    expect(row?.content).toEqual(story.content);
    const page = await (await teacher.get(`/dashboard/exercises/${story.slug}`)).text();
    expect(page).toContain('src="/pictures/birthday-cake.svg" alt="a cake with six candles"');
    expect(page).toContain(`alt="${first.pictures![0]!.alt}"`);
  });

  it.runIf(process.env.DATABASE_URL)(
    "shows an admin's edit to a teacher on another instance sharing the database",
    async () => {
      const other = await startTestApp(
        {},
        { sharedDatabaseUrl: app.databaseUrl, clock: app.clock },
      );
      try {
        const visitor = (
          await signedInAccount(other, {
            email: "second@library-admin.test",
            role: ROLE.TEACHER,
            password: PASSWORD,
          })
        ).client;
        const search = "/dashboard/exercises?q=weekend+plans+chat";
        const drafted = await admin.postForm("/admin/exercise/weekend-plans-chat", {
          intent: "unpublish",
        });
        expect(drafted.status).toBe(200);
        await expect
          .poll(async () => (await visitor.get(search)).text(), { timeout: 5000 })
          .not.toContain("Weekend plans chat");
        const published = await admin.postForm("/admin/exercise/weekend-plans-chat", {
          intent: "save",
          ...editorFields({ record: NEW_EXERCISE, status: "published", isFresh: true }),
        });
        expect(published.status).toBe(200);
        await expect
          .poll(async () => (await visitor.get(search)).text(), { timeout: 5000 })
          .toContain("Weekend plans chat");
      } finally {
        await other.close();
      }
    },
  );
});
