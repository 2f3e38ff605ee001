import { eq } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exercises } from "@db/schema";
import type { ExerciseContent } from "~/features/library/schema";
import { buildSlides } from "~/features/library/slides";
import { freeAndPremiumTeachers } from "../support/accounts";
import type { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

// Issue 17 item 3: an exercise as a PowerPoint file, read back as PowerPoint reads it.
const PASSWORD = "a ferry captain's long slideshow";
const FREE_ROLE_PLAY = "lost-luggage-at-the-airport";
const PREMIUM_DISCUSSION = "sleep-screens-and-slow-mornings";

let app: TestApp;
let free: HttpSession;
let premium: HttpSession;

beforeAll(async () => {
  app = await startTestApp();
  ({ free, premium } = await freeAndPremiumTeachers(app, "slides", PASSWORD));
});
afterAll(async () => {
  await app?.close();
});

async function deck(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  );
  const zip = await JSZip.loadAsync(await response.arrayBuffer());
  const slideFiles = Object.keys(zip.files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
  const slides = await Promise.all(slideFiles.map((name) => zip.file(name)!.async("string")));
  const notes = await Promise.all(
    Object.keys(zip.files)
      .filter((name) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(name))
      .map((name) => zip.file(name)!.async("string")),
  );
  return { slides, notes, hasPresentation: zip.file("ppt/presentation.xml") !== null };
}

async function exerciseRow(id: string) {
  const [row] = await app.database.db.select().from(exercises).where(eq(exercises.id, id));
  return row!;
}

describe("exercise slides", () => {
  it("has a title slide with the teacher notes, then one slide per presenter card", async () => {
    const row = await exerciseRow(FREE_ROLE_PLAY);
    const expected = buildSlides(
      row.content as ExerciseContent,
      row.vocabulary as { term: string; definition: string }[],
    ).length;
    const response = await free.get(`/dashboard/exercises/${FREE_ROLE_PLAY}/slides`);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${FREE_ROLE_PLAY}.pptx"`,
    );
    const { slides, notes, hasPresentation } = await deck(response);
    expect(hasPresentation).toBe(true);
    expect(slides).toHaveLength(expected + 1);
    expect(slides[0]).toContain("Lost Luggage at the Airport");
    const all = slides.join("\n");
    expect(all).toContain("Card A");
    expect(all).toContain(
      "Describe your suitcase: colour, size, brand and anything special about it.",
    );
    expect(notes.join("\n")).toContain("Teacher notes");
  });

  it("writes the headings in the teacher's language", async () => {
    free.setCookie("parley_locale", "pl");
    try {
      const { slides } = await deck(
        await free.get(`/dashboard/exercises/${FREE_ROLE_PLAY}/slides`),
      );
      expect(slides.join("\n")).toContain("Karta A");
    } finally {
      free.setCookie("parley_locale", "en");
    }
  });

  it("is premium like the exercise itself", async () => {
    const locked = await free.get(`/dashboard/exercises/${PREMIUM_DISCUSSION}/slides`);
    expect(locked.status).toBe(403);
    expect(await locked.text()).toMatch(/part of Premium/);
    const { slides } = await deck(
      await premium.get(`/dashboard/exercises/${PREMIUM_DISCUSSION}/slides`),
    );
    expect(slides.length).toBeGreaterThan(2);
    const missing = await premium.get("/dashboard/exercises/no-such-exercise/slides");
    expect(missing.status).toBe(404);
  });
});
