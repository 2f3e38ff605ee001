import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { levelProblems, nearDuplicatePrompts, promptsOf } from "./rules";
import { currencyUse, MAX_TABOO_SETS_PER_WORD, sensitiveWithoutCare, tabooReuse } from "./variety";
import { MaterialFrontMatterSchema } from "./schema";
import { CEFR_LEVELS, EXERCISE_TYPES, lessonPlanMinutes } from "./vocabulary";
import { buildSlides } from "./slides";
import { loadExerciseFiles } from "./sync.server";
import { exerciseSetPictures } from "./set-pictures";
import { pictureSvg } from "~/lib/content/pictures.server";
import { parseFrontMatter } from "~/lib/content/front-matter";
import { FrontMatterSchemas } from "~/features/content/collections";

const exercises = loadExerciseFiles();
const materials = Object.values(
  import.meta.glob<string>("/content/library/materials/*.md", {
    eager: true,
    query: "?raw",
    import: "default",
  }),
);
const transcripts = Object.values(
  import.meta.glob<string>("/content/transcript/*.md", {
    eager: true,
    query: "?raw",
    import: "default",
  }),
);

describe("the seed library", () => {
  it("has at least 400 exercises, 40 per level, 30 topics and 8 types", () => {
    expect(exercises.length).toBeGreaterThanOrEqual(400);
    for (const level of CEFR_LEVELS)
      expect(exercises.filter((e) => e.level === level).length, level).toBeGreaterThanOrEqual(40);
    expect(new Set(exercises.flatMap((e) => e.topics)).size).toBeGreaterThanOrEqual(30);
    const types = new Set(exercises.map((e) => e.content.type));
    expect(types.size).toBeGreaterThanOrEqual(8);
    for (const type of types) expect(EXERCISE_TYPES).toContain(type);
  });

  it("makes about one in five items free", () => {
    const share = exercises.filter((e) => e.isFree).length / exercises.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.25);
  });

  it("has no duplicate titles", () => {
    const titles = exercises.map((e) => e.title.trim().toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("follows the level rules (short concrete prompts at A1, no debates below B1, richer prompts at C1–C2)", () => {
    const problems = exercises.flatMap((e) => levelProblems(e).map((p) => `${e.slug}: ${p}`));
    expect(problems).toEqual([]);
  });

  it("has no near-duplicate prompts across exercises", () => {
    expect(
      nearDuplicatePrompts(exercises).map((d) => `${d.a.slug} ~ ${d.b.slug}: ${d.a.prompt}`),
    ).toEqual([]);
  });

  it(`uses no taboo word twice at one level, nor in more than ${MAX_TABOO_SETS_PER_WORD} taboo sets`, () => {
    expect(
      tabooReuse(exercises).map(
        (r) => `${r.word}: ${r.sets.map((s) => `${s.level} ${s.slug}`).join(", ")}`,
      ),
    ).toEqual([]);
    // The check itself: a word repeated at one level is caught.
    const taboo = exercises.find((e) => e.content.type === "taboo")!;
    expect(tabooReuse([taboo, { ...taboo, slug: "copy" }]).length).toBeGreaterThan(0);
  });

  it("names prices in at least eight currencies, none in more than half of the exercises with prices", () => {
    const { withPrices, byCurrency } = currencyUse(exercises);
    expect(Object.keys(byCurrency).length, JSON.stringify(byCurrency)).toBeGreaterThanOrEqual(8);
    for (const [currency, count] of Object.entries(byCurrency))
      expect(count / withPrices, `${currency}: ${count} of ${withPrices}`).toBeLessThanOrEqual(0.5);
  });

  it("gives every exercise on a sensitive subject a tip on handling it with care", () => {
    expect(sensitiveWithoutCare(exercises).map((e) => `${e.slug}: ${e.subject}`)).toEqual([]);
    const grief = {
      ...exercises[0]!,
      summary: "Students talk about grief.",
      teacherNotes: { ...exercises[0]!.teacherNotes, tips: [], steps: ["Discuss."] },
    };
    expect(sensitiveWithoutCare([grief])).toHaveLength(1);
  });

  it("gives every exercise teacher notes, vocabulary and presentable cards", () => {
    for (const e of exercises) {
      expect(e.teacherNotes.steps.length, e.slug).toBeGreaterThanOrEqual(3);
      expect(e.vocabulary.length, e.slug).toBeGreaterThanOrEqual(4);
      expect(promptsOf(e).length, e.slug).toBeGreaterThan(0);
      expect(buildSlides(e.content, e.vocabulary).length, e.slug).toBeGreaterThanOrEqual(3);
    }
  });

  it("has at least 80 valid materials, every type, about one in five free", () => {
    expect(materials.length).toBeGreaterThanOrEqual(80);
    const parsed = materials.map((m) => MaterialFrontMatterSchema.parse(parseFrontMatter(m).data));
    expect(new Set(parsed.map((m) => m.type)).size).toBe(7);
    const free = parsed.filter((m) => m.isFree).length / parsed.length;
    expect(free).toBeGreaterThan(0.15);
    expect(free).toBeLessThan(0.25);
  });

  it("gives every material its class time, a lesson plan the time its overview states", () => {
    for (const source of materials) {
      const { data, body } = parseFrontMatter(source);
      const m = MaterialFrontMatterSchema.parse(data);
      expect(m.durationMinutes, m.slug).toBeGreaterThanOrEqual(5);
      if (m.type === "lesson-plan") expect(lessonPlanMinutes(body), m.slug).toBe(m.durationMinutes);
    }
  });

  it("has at least 12 audio tracks with transcripts", () => {
    expect(transcripts.length).toBeGreaterThanOrEqual(12);
    for (const source of transcripts)
      expect(FrontMatterSchemas.transcript.safeParse(parseFrontMatter(source).data).success).toBe(
        true,
      );
  });

  it("shows a picture that exists on every card of the picture flashcard sets", () => {
    const emoji = JSON.parse(
      readFileSync(
        createRequire(import.meta.url).resolve("@iconify-json/fluent-emoji-flat/icons.json"),
        "utf8",
      ),
    ) as { icons: Record<string, unknown> };
    const own = Object.keys(
      import.meta.glob("/content/pictures/*.svg", {
        eager: true,
        query: "?raw",
        import: "default",
      }),
    ).map((file) =>
      file
        .split("/")
        .pop()!
        .replace(/\.svg$/, ""),
    );
    const pictured = materials.filter((source) => source.includes("| # | Picture |"));
    expect(pictured.length).toBeGreaterThanOrEqual(4);
    for (const source of pictured) {
      const cards = source.split("\n").filter((line) => /^\| \d+ \|/.test(line));
      for (const card of cards) {
        const match = /^\| \d+ \| !\[([^\]]+)\]\(\/pictures\/([a-z0-9-]+)\.svg\) \|/.exec(card);
        expect(match, card).not.toBeNull();
        const name = match![2]!;
        expect(own.includes(name) || name in emoji.icons, name).toBe(true);
      }
    }
  });

  it("gives every story prompt one to three pictures, and every picture an exercise names exists", async () => {
    const stories = exercises.filter((e) => e.content.type === "story");
    expect(stories.length).toBeGreaterThanOrEqual(30);
    for (const e of stories)
      if (e.content.type === "story")
        e.content.prompts.forEach((p, i) =>
          expect(p.pictures?.length ?? 0, `${e.slug} prompt ${i + 1}`).toBeGreaterThanOrEqual(1),
        );
    const named = exercises.flatMap((e) =>
      exerciseSetPictures(e).map(({ path, picture }) => ({ at: `${e.slug} ${path}`, picture })),
    );
    expect(named.filter((n) => n.at.includes("showPictures")).length).toBeGreaterThanOrEqual(20);
    const missing: string[] = [];
    for (const name of new Set(named.map((n) => n.picture.name)))
      if ((await pictureSvg(name)) === null)
        missing.push(
          ...named.filter((n) => n.picture.name === name).map((n) => `${n.at}: ${name}`),
        );
    expect(missing).toEqual([]);
    for (const { at, picture } of named) expect(picture.alt.length, at).toBeLessThanOrEqual(120);
  });

  it("links every track to at least one exercise of its level, and only to tracks that exist", () => {
    const trackLevels = new Map(
      Object.entries(
        import.meta.glob<string>("/content/transcript/*.md", {
          eager: true,
          query: "?raw",
          import: "default",
        }),
      ).map(([file, source]) => [
        file.split("/").pop()!.replace(/\.md$/, ""),
        String(parseFrontMatter(source).data.level),
      ]),
    );
    const linked = exercises.filter((e) => e.listening);
    for (const e of linked) {
      expect(trackLevels.has(e.listening!), `${e.slug} → ${e.listening}`).toBe(true);
      expect(trackLevels.get(e.listening!), e.slug).toBe(e.level);
    }
    expect(new Set(linked.map((e) => e.listening))).toEqual(new Set(trackLevels.keys()));
  });
});
