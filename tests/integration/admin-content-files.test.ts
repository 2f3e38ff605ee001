import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncContent } from "~/features/content/store.server";
import { syncLibrary } from "~/features/library/sync.server";
import { ROLE } from "~/lib/auth/roles";
import { adminAndTeacher, signedInAccount } from "../support/accounts";
import { type HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 15 items 3 and 4 (decision record 014): listening tracks (audio uploaded and checked,
 * transcript edited) and the Feature Lab's changelog are managed in the admin panel. A change
 * is a content file kept in the database over the bundled ones, so teachers see it at once,
 * on every instance, and no start or deploy undoes it.
 */

const PASSWORD = "content files passphrase";
const TRACK_MP3 = "content/audio/a2-voicemail-saturday-plans.mp3";

const NEW_TRACK = {
  slug: "b1-lost-luggage",
  "record.title": "Lost luggage at the airport",
  "record.description":
    "Sam reports a missing suitcase at the airport desk: what it looks like and where to send it.",
  "record.level": "B1",
  "record.topics[]": "travel",
  "record.voices[]": "Sam\nAgent",
  "record.isFree": "on",
  "record.publishedAt": "2026-12-09",
  body: "## Transcript\n\nSAM: Hello, my suitcase didn't come off the plane from Lisbon.\n\nAGENT: I'm sorry to hear that. Can you describe it?\n\n## Before you listen\n\n1. Have you ever lost your luggage?",
};

describe("listening tracks and the changelog in the admin panel", () => {
  let app: TestApp;
  let admin: HttpSession;
  let teacher: HttpSession;
  let mp3: Uint8Array<ArrayBuffer>;

  const upload = (bytes: Uint8Array<ArrayBuffer>, name: string, client = admin) => {
    const body = new FormData();
    body.set("kind", "audio");
    body.set("file", new Blob([bytes]), name);
    return client.fetch("/admin/media", { method: "POST", body, headers: { origin: app.url } });
  };

  beforeAll(async () => {
    app = await startTestApp();
    ({ admin, teacher } = await adminAndTeacher(app, "content-files.test", PASSWORD));
    mp3 = new Uint8Array(await readFile(TRACK_MP3));
  });
  afterAll(async () => {
    await app?.close();
  });

  it("checks an uploaded track's type, size and length, and plays it to admins only", async () => {
    const answer = await upload(mp3, "voicemail.mp3");
    expect(answer.status).toBe(201);
    const stored = (await answer.json()) as { src: string; durationSeconds: number };
    expect(stored.src).toMatch(/^\/media\/[a-f0-9]{24}\.mp3$/);
    expect(stored.durationSeconds).toBeGreaterThanOrEqual(65);
    expect(stored.durationSeconds).toBeLessThanOrEqual(75);

    const file = stored.src.slice("/media/".length);
    const played = await admin.get(`/admin/media/${file}`, { range: "bytes=0-99" });
    expect(played.status).toBe(206);
    expect(played.headers.get("content-type")).toBe("audio/mpeg");
    expect(played.headers.get("content-range")).toBe(`bytes 0-99/${mp3.length}`);
    expect((await teacher.get(`/admin/media/${file}`)).status).toBe(302);
    // Audio is never served as a public picture.
    expect((await teacher.get(stored.src)).status).toBe(404);

    const text = await upload(new TextEncoder().encode("not audio at all"), "notes.mp3");
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({
      error: "Send an MP3, Ogg or M4A audio file.",
      code: "type",
    });
    const short = await upload(mp3.slice(0, 20_000), "short.mp3");
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error: "A listening track lasts from 10 seconds to 15 minutes.",
      code: "duration",
    });
    expect((await upload(new Uint8Array(0), "empty.mp3")).status).toBe(400);
    expect((await upload(mp3, "voicemail.mp3", teacher)).status).toBe(302);
  });

  it("creates a track from the editor that a teacher finds, plays and reads", async () => {
    const stored = (await (await upload(mp3, "voicemail.mp3")).json()) as {
      src: string;
      durationSeconds: number;
    };
    // Refused with the fields' own messages and nothing stored.
    const empty = await admin.postForm("/admin/audio/new", {
      intent: "save",
      ...NEW_TRACK,
      "record.title": "",
      "record.topics[]": "",
      "record.audio": stored.src,
      "record.durationSeconds": String(stored.durationSeconds),
    });
    expect(empty.status).toBe(400);
    expect((await teacher.get("/dashboard/listening")).status).toBe(200);
    expect(await (await teacher.get("/dashboard/listening?level=B1")).text()).not.toContain(
      "Lost luggage",
    );
    const created = await admin.postForm("/admin/audio/new", {
      intent: "save",
      ...NEW_TRACK,
      "record.audio": stored.src,
      "record.durationSeconds": String(stored.durationSeconds),
    });
    expect(created.status).toBe(302);
    expect(locationOf(created)).toBe("/admin/audio/b1-lost-luggage?done=created");
    const again = await admin.postForm("/admin/audio/new", {
      intent: "save",
      ...NEW_TRACK,
      "record.audio": stored.src,
      "record.durationSeconds": String(stored.durationSeconds),
    });
    expect(again.status).toBe(400);

    const page = await (await teacher.get("/dashboard/listening?track=b1-lost-luggage")).text();
    expect(page).toContain("Lost luggage at the airport");
    expect(page).toContain("my suitcase didn");
    const audio = await teacher.get("/dashboard/listening/b1-lost-luggage/audio", {
      range: "bytes=10-19",
    });
    expect(audio.status).toBe(206);
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(mp3.slice(10, 20));
    expect((await admin.get("/admin/audio")).status).toBe(200);
    expect(await (await admin.get("/admin/audio")).text()).toContain("Lost luggage at the airport");
  });

  it("keeps an edit to a bundled track through a restart, and schedules and deletes tracks", async () => {
    const track = "a1-my-family-photo";
    const editor = await (await admin.get(`/admin/audio/${track}`)).text();
    expect(editor).toContain("My family photo");
    const saved = await admin.postForm(`/admin/audio/${track}`, {
      intent: "save",
      "record.title": "My family photo (new recording)",
      "record.description":
        "Lucy describes a photo from her grandmother's birthday: who is in it and what they do.",
      "record.level": "A1",
      "record.topics[]": "family",
      "record.voices[]": "Lucy",
      "record.audio": "/audio/a1-my-family-photo.mp3",
      "record.durationSeconds": "60",
      "record.publishedAt": "2025-03-18",
      body: "## Transcript\n\nHi, I'm Lucy. This is a photo of my family at my grandmother's birthday party.",
    });
    expect(saved.status).toBe(200);
    // What a start does: the bundled files come in again, and the edit stays.
    await syncLibrary(app.database.db, app.clock.now());
    await syncContent(app.database);
    const listening = await (await admin.get(`/dashboard/listening?track=${track}`)).text();
    expect(listening).toContain("My family photo (new recording)");

    // A date ahead schedules a track: teachers neither see nor hear it until then.
    const scheduled = await admin.postForm("/admin/audio/b1-lost-luggage", {
      intent: "save",
      ...NEW_TRACK,
      "record.publishedAt": "2026-12-20",
      "record.audio": "/audio/a2-voicemail-saturday-plans.mp3",
      "record.durationSeconds": "60",
    });
    expect(scheduled.status).toBe(200);
    expect(await (await teacher.get("/dashboard/listening?level=B1")).text()).not.toContain(
      "Lost luggage",
    );
    expect((await teacher.get("/dashboard/listening/b1-lost-luggage/audio")).status).toBe(404);
    // Nor through the content API, whose transcript collection follows the same dates.
    const dump = await teacher.get("/api/content/transcript/sql_dump.txt");
    expect(dump.status).toBe(200);
    const dumped = await dump.text();
    expect(dumped).toContain("Ordering at a café");
    expect(dumped).not.toContain("Lost luggage");

    const unconfirmed = await admin.postForm("/admin/audio/b1-lost-luggage", { intent: "delete" });
    expect(unconfirmed.status).toBe(400);
    const deleted = await admin.postForm("/admin/audio/b1-lost-luggage", {
      intent: "delete",
      confirm: "on",
    });
    expect(locationOf(deleted)).toBe("/admin/audio?done=deleted");
    expect((await admin.get("/admin/audio/b1-lost-luggage")).status).toBe(404);
    // A bundled track deleted in the panel stays deleted through a start.
    const bundled = await admin.postForm("/admin/audio/b2-phones-at-school", {
      intent: "delete",
      confirm: "on",
    });
    expect(bundled.status).toBe(302);
    await syncLibrary(app.database.db, app.clock.now());
    await syncContent(app.database);
    expect(await (await admin.get("/admin/audio")).text()).not.toContain("phones-at-school");
    expect((await teacher.get("/dashboard/listening/b2-phones-at-school/audio")).status).toBe(404);
  });

  it("publishes, schedules, edits and deletes Feature Lab entries", async () => {
    const entry = {
      intent: "save",
      slug: "2026-12-09-track-editor",
      "record.title": "Listening tracks you can edit",
      "record.description": "Administrators now upload audio and edit transcripts in the panel.",
      "record.publishedAt": "2026-12-09",
      "record.tags": "Audio, admin",
      body: "Upload an **MP3** and write the transcript; teachers hear it at once.",
    };
    const bad = await admin.postForm("/admin/changelog/new", { ...entry, "record.tags": "a" });
    expect(bad.status).toBe(400);
    const created = await admin.postForm("/admin/changelog/new", entry);
    expect(locationOf(created)).toBe("/admin/changelog/2026-12-09-track-editor?done=created");
    const lab = await (await teacher.get("/dashboard/features")).text();
    expect(lab).toContain("Listening tracks you can edit");
    expect(lab).toContain("<strong>MP3</strong>");

    const later = await admin.postForm("/admin/changelog/2026-12-09-track-editor", {
      ...entry,
      "record.publishedAt": "2026-12-24",
    });
    expect(later.status).toBe(200);
    expect(await (await teacher.get("/dashboard/features")).text()).not.toContain(
      "Listening tracks you can edit",
    );
    expect(await (await admin.get("/admin/changelog")).text()).toContain("2026-12-24");

    const deleted = await admin.postForm("/admin/changelog/2026-12-09-track-editor", {
      intent: "delete",
      confirm: "on",
    });
    expect(locationOf(deleted)).toBe("/admin/changelog?done=deleted");
    expect((await teacher.get("/admin/changelog")).status).toBe(302);
    expect((await teacher.postForm("/admin/changelog/new", entry)).status).toBe(302);
  });

  it("serves the flashcards' pictures as inert SVG: our drawings and the emoji set, nothing else", async () => {
    for (const name of ["fridge", "camel"]) {
      const picture = await teacher.get(`/pictures/${name}.svg`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(picture.headers.get("content-security-policy")).toMatch(/script-src 'self'[^;]*;/);
      expect(picture.headers.get("content-security-policy")).not.toMatch(
        /script-src[^;]*unsafe-inline/,
      );
      const svg = await picture.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<script|on[a-z]+=/i);
    }
    for (const bad of [
      "no-such-picture.svg",
      "camel.png",
      "..%2Fpackage.json.svg",
      "Camel.svg",
      "constructor.svg",
    ])
      expect((await teacher.get(`/pictures/${bad}`)).status, bad).toBe(404);
    const page = await (
      await teacher.get("/dashboard/materials/animals-and-habitats-flashcards")
    ).text();
    expect(page).toContain(
      '<img src="/pictures/camel.svg" alt="camel" width="64" height="64" loading="lazy" decoding="async" class="content-picture">',
    );
  });

  it.runIf(process.env.DATABASE_URL)(
    "shows a new changelog entry on another instance sharing the database, without a restart",
    async () => {
      const other = await startTestApp(
        {},
        { sharedDatabaseUrl: app.databaseUrl, clock: app.clock },
      );
      try {
        const visitor = (
          await signedInAccount(other, {
            email: "second@content-files.test",
            role: ROLE.TEACHER,
            password: PASSWORD,
          })
        ).client;
        expect(await (await visitor.get("/dashboard/features")).text()).not.toContain(
          "Shared across servers",
        );
        const created = await admin.postForm("/admin/changelog/new", {
          intent: "save",
          slug: "2026-12-09-shared",
          "record.title": "Shared across servers",
          "record.description": "An entry written on one server and read on another one.",
          "record.publishedAt": "2026-12-01",
          "record.tags": "admin",
          body: "Every server reads the same entries from the database.",
        });
        expect(created.status).toBe(302);
        await expect
          .poll(async () => (await visitor.get("/dashboard/features")).text(), { timeout: 5000 })
          .toContain("Shared across servers");
      } finally {
        await other.close();
      }
    },
  );
});
