import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addItem, createLesson } from "~/features/lessons/lessons.server";
import { StudentSchema } from "~/features/students/schemas";
import { createStudent } from "~/features/students/students.server";
import { freeAndPremiumTeachers } from "../support/accounts";
import type { HttpSession } from "../support/http-session";
import { allText, readPdf } from "../support/pdf";
import { startTestApp, type TestApp } from "../support/test-app";

// Issue 17 items 2 and 3: printable PDFs of exercises, materials and lessons, and a lesson's
// slides; premium as viewing is, a lesson only for its teacher, bad choices a 400.
const PASSWORD = "a printer's patient paper tray";
const FREE_ROLE_PLAY = "lost-luggage-at-the-airport";
const PREMIUM_DISCUSSION = "sleep-screens-and-slow-mornings";
const FREE_FLASHCARDS = "animals-and-habitats-flashcards";
const PREMIUM_FLASHCARDS = "kitchen-and-food-basics-flashcards";

let app: TestApp;
let free: HttpSession;
let premium: HttpSession;
let premiumId: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ free, premium, premiumId } = await freeAndPremiumTeachers(app, "downloads", PASSWORD));
});
afterAll(async () => {
  await app?.close();
});

async function pdf(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return readPdf(new Uint8Array(await response.arrayBuffer()));
}

describe("exercise PDFs", () => {
  it("gives the student cards and the teacher notes apart, on the paper asked for", async () => {
    const cards = await pdf(
      await free.get(`/dashboard/exercises/${FREE_ROLE_PLAY}/pdf?part=cards&paper=letter`),
    );
    expect(cards[0]).toMatchObject({ width: 612, height: 792 });
    expect(allText(cards)).toContain("Describe your suitcase: colour, size, brand");
    const response = await free.get(`/dashboard/exercises/${FREE_ROLE_PLAY}/pdf?part=notes`);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${FREE_ROLE_PLAY}-notes-a4.pdf"`,
    );
    const notes = await pdf(response);
    expect(notes[0]).toMatchObject({ width: 595, height: 842 });
    expect(allText(notes)).toContain("Teacher notes");
    expect(allText(notes)).not.toContain("Describe your suitcase");
  });

  it("is premium like the exercise itself", async () => {
    const locked = await free.get(`/dashboard/exercises/${PREMIUM_DISCUSSION}/pdf?part=cards`);
    expect(locked.status).toBe(403);
    expect(await locked.text()).toMatch(/part of Premium/);
    const open = await pdf(await premium.get(`/dashboard/exercises/${PREMIUM_DISCUSSION}/pdf`));
    expect(open.length).toBeGreaterThan(0);
    expect((await premium.get("/dashboard/exercises/no-such-exercise/pdf")).status).toBe(404);
  });

  it("answers a choice it does not know with a 400 that says what it takes", async () => {
    const paper = await free.get(`/dashboard/exercises/${FREE_ROLE_PLAY}/pdf?paper=a3`);
    expect(paper.status).toBe(400);
    expect(await paper.text()).toContain('"paper" must be one of: a4, letter');
    const part = await free.get(`/dashboard/exercises/${FREE_ROLE_PLAY}/pdf?part=answers`);
    expect(part.status).toBe(400);
    expect(await part.text()).toContain('"part" must be one of: cards, notes');
  });
});

describe("material PDFs", () => {
  it("sets a flashcard set's table with its words; premium like the material", async () => {
    const pages = await pdf(await free.get(`/dashboard/materials/${FREE_FLASHCARDS}/pdf`));
    const text = allText(pages);
    expect(text).toContain("A camel can walk for days without water.");
    // The picture goes with its description (hidden text under it): "camel" three times on
    // its row, the picture's, the word's and the example's, where the text alone has two.
    expect(text.match(/\bcamel\b/gi)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect((await free.get(`/dashboard/materials/${PREMIUM_FLASHCARDS}/pdf`)).status).toBe(403);
    expect(
      allText(await pdf(await premium.get(`/dashboard/materials/${PREMIUM_FLASHCARDS}/pdf`))),
    ).toContain("bread");
  });
});

describe("lesson files", () => {
  async function lesson() {
    const studentId = await createStudent(
      app.services,
      premiumId,
      StudentSchema.parse({ name: "Ana Kovač", level: "B1" }),
    );
    const id = (await createLesson(app.services, premiumId, studentId, {
      title: "Airports and complaints",
      startsAt: new Date("2026-12-03T09:00:00Z"),
      timeZone: "Europe/Warsaw",
    }))!;
    await addItem(app.services, premiumId, id, { kind: "exercise", exerciseId: FREE_ROLE_PLAY });
    await addItem(app.services, premiumId, id, {
      kind: "step",
      text: "Feedback on polite complaints",
      minutes: 10,
    });
    await addItem(app.services, premiumId, id, { kind: "material", materialId: FREE_FLASHCARDS });
    return id;
  }

  it("gives the teacher the whole lesson as slides and as a PDF plan; others get 404", async () => {
    const id = await lesson();
    const response = await premium.get(`/dashboard/lessons/${id}/slides`);
    expect(response.status).toBe(200);
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const slides = await Promise.all(
      Object.keys(zip.files)
        .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
        .map((name) => zip.file(name)!.async("string")),
    );
    const all = slides.join("\n");
    expect(all).toContain("Airports and complaints");
    expect(all).toContain("Lost Luggage at the Airport");
    expect(all).toContain("Feedback on polite complaints");
    expect(all).toContain("Animals and Their Habitats Flashcards");
    // The exercise's cards are in the deck, one slide each, after the lesson's title slide.
    expect(slides.length).toBeGreaterThan(5);

    const plan = allText(await pdf(await premium.get(`/dashboard/lessons/${id}/pdf?part=plan`)));
    expect(plan).toContain("Airports and complaints");
    expect(plan).toContain("Ana Kovač");
    expect(plan).toContain("Feedback on polite complaints");
    expect(plan).toContain("Warm up: ask the class if their luggage has ever been lost");

    expect((await free.get(`/dashboard/lessons/${id}/slides`)).status).toBe(404);
    expect((await free.get(`/dashboard/lessons/${id}/pdf`)).status).toBe(404);
    expect((await premium.get(`/dashboard/lessons/${"x".repeat(300)}/pdf`)).status).toBe(404);
    expect((await premium.get(`/dashboard/lessons/${id}/pdf?paper=a5`)).status).toBe(400);
  });
});
