import { describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import ar from "../../../locales/ar.json";
import { createTranslator } from "~/lib/i18n/translate";
import { exerciseCardsPdf, exerciseNotesPdf } from "./exercise-pdf.server";
import type { ExerciseView } from "./library.server";
import type { Exercise } from "./schema";
import { loadExerciseFiles } from "./sync.server";
import { readPdf } from "../../../tests/support/pdf";

/** A bundled exercise as an open (unlocked) view. */
function view(e: Exercise): ExerciseView {
  return {
    id: e.slug,
    title: e.title,
    summary: e.summary,
    level: e.level,
    type: e.content.type,
    durationMinutes: e.durationMinutes,
    topics: e.topics,
    grouping: e.grouping,
    isFree: e.isFree,
    isFresh: false,
    freeExpiresAt: null,
    locked: false,
    favorite: false,
    schoolFavorite: null,
    skillFocus: e.skillFocus,
    grammar: e.languageFocus.grammar ?? null,
    functions: e.languageFocus.functions ?? [],
    vocabularyFocus: e.languageFocus.vocabulary ?? null,
    audience: e.audience,
    publishedAt: e.publishedAt,
    content: e.content,
    teacherNotes: e.teacherNotes,
    vocabulary: e.vocabulary,
    picture: null,
    listening: null,
  };
}

const exercises = loadExerciseFiles();
const story = exercises.find((e) => e.content.type === "story")!;
const rolePlay = exercises.find((e) => e.content.type === "role-play" && e.level === "B1")!;
const english = { code: "en", dir: "ltr" } as const;

describe("exercise PDFs", () => {
  it("prints the student cards with the exercise's words, on A4", async () => {
    const t = createTranslator("en", en);
    const pages = await readPdf(await exerciseCardsPdf(view(story), "a4", t, english));
    expect(pages[0]).toMatchObject({ width: 595, height: 842 });
    const all = pages.map((p) => p.text).join(" ");
    expect(all).toContain(story.title);
    if (story.content.type !== "story") throw new Error("not a story");
    for (const prompt of story.content.prompts) {
      expect(all).toContain(prompt.prompt);
      // Its pictures, each with its description.
      for (const picture of prompt.pictures ?? []) expect(all).toContain(picture.alt);
    }
    expect(all).toContain("Student cards");
    expect(pages.at(-1)?.text).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it("prints the teacher notes apart from the cards, on US Letter", async () => {
    const t = createTranslator("en", en);
    const pages = await readPdf(await exerciseNotesPdf(view(rolePlay), "letter", t, english));
    expect(pages[0]).toMatchObject({ width: 612, height: 792 });
    const all = pages.map((p) => p.text).join(" ");
    expect(all).toContain(rolePlay.teacherNotes.aim);
    for (const step of rolePlay.teacherNotes.steps) expect(all).toContain(step);
    if (rolePlay.content.type !== "role-play") throw new Error("not a role play");
    // The role cards are the students' part: not in the teacher's file.
    expect(all).not.toContain(rolePlay.content.cardA.situation);
  });

  it("sets the headings in the reader's language and script (Arabic, right to left)", async () => {
    const t = createTranslator("ar", ar);
    const pages = await readPdf(
      await exerciseNotesPdf(view(rolePlay), "a4", t, { code: "ar", dir: "rtl" }),
    );
    const all = pages.map((p) => p.text).join(" ");
    expect(all).toContain(rolePlay.teacherNotes.aim);
    // Shaped Arabic does not read back letter for letter (Noto draws the dots as glyphs of
    // their own), so: Arabic letters are there and no message key was left untranslated.
    expect(all).toMatch(/[\u0621-\u064a]{3}/u);
    expect(all).not.toMatch(/\b(pdf|presenter|library)\.[a-z]/iu);
  });
});
