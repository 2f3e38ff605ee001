import PptxGenJS from "pptxgenjs";
import type { Translate } from "~/lib/i18n/translate";
import type { ExerciseView } from "./library.server";
import { buildSlides, type Slide } from "./slides";

/**
 * An exercise as a PowerPoint deck for the classroom screen (issue 17 item 3): a title slide
 * with the teacher notes in its speaker notes, then one slide per presenter card, with what
 * the teacher says or asks next in that slide's speaker notes. 16:9, the app's colours, plain
 * text boxes, so PowerPoint, Keynote and Google Slides open it alike. The exercise is English;
 * the headings are in the teacher's language (right to left where it is written so).
 */
const BRAND = "1D35D7";
const INK = "0F172A";
const MUTED = "475569";
const FONT = "Arial";

interface SlideText {
  heading: string;
  counter?: string;
  /** Lines of the card, in English. */
  lines: string[];
  bullets: boolean;
  notes?: string;
}

function cardText(slide: Slide, t: Translate): SlideText {
  const count = (label: string, s: { index: number; total: number }) =>
    `${label} ${s.index} / ${s.total}`;
  switch (slide.kind) {
    case "vocabulary":
      return {
        heading: t("presenter.vocabulary"),
        lines: slide.items.map((i) => `${i.term} — ${i.definition}`),
        bullets: true,
      };
    case "question":
      return {
        heading: slide.text,
        counter: count(t("presenter.question"), slide),
        lines: slide.followUps,
        bullets: true,
      };
    case "setting":
      return { heading: t("presenter.setting"), lines: [slide.text], bullets: false };
    case "role":
      return {
        heading: t("presenter.roleCard", { card: slide.card }),
        lines: [slide.role, slide.situation, ...slide.tasks],
        bullets: true,
      };
    case "language":
      return { heading: t("presenter.usefulLanguage"), lines: slide.items, bullets: true };
    case "motion":
      return { heading: t("presenter.motion"), lines: [slide.text], bullets: false };
    case "arguments":
      return {
        heading: slide.side === "for" ? t("presenter.for") : t("presenter.against"),
        lines: slide.items,
        bullets: true,
      };
    case "taboo":
      return {
        heading: slide.word,
        counter: count(t("presenter.card"), slide),
        lines: [`${t("presenter.dontSay")}: ${slide.forbidden.join(" · ")}`],
        bullets: false,
      };
    case "choice":
      return {
        heading: t("presenter.wouldYouRather"),
        counter: count(t("presenter.wouldYouRather"), slide),
        lines: [slide.optionA, t("presenter.or"), slide.optionB],
        bullets: false,
        notes: slide.followUp,
      };
    case "story":
      return {
        heading: t("presenter.story"),
        counter: count(t("presenter.story"), slide),
        lines: [slide.text, `${t("presenter.mustInclude")}: ${slide.mustInclude.join(", ")}`],
        bullets: false,
      };
    case "scenario":
      return { heading: t("presenter.scenario"), lines: [slide.text], bullets: false };
    case "ranking":
      return {
        heading: slide.task,
        lines: slide.items.map((i) => (i.note ? `${i.name} — ${i.note}` : i.name)),
        bullets: true,
      };
    case "discussion":
      return { heading: t("presenter.discuss"), lines: slide.items, bullets: true };
    case "statement":
      return {
        heading: slide.text,
        counter: count(t("presenter.statement"), slide),
        lines: [t("presenter.agreeOrDisagree")],
        bullets: false,
        notes: slide.followUp,
      };
    case "find":
      return {
        heading: slide.text,
        counter: count(t("presenter.findSomeoneWho"), slide),
        lines: [],
        bullets: false,
        notes: slide.followUp,
      };
  }
}

/** Headings that are the exercise's own words are English; the others the teacher's. */
const ENGLISH_HEADINGS = new Set<Slide["kind"]>([
  "question",
  "taboo",
  "ranking",
  "statement",
  "find",
]);

function teacherNotes(exercise: ExerciseView, t: Translate): string {
  const notes = exercise.teacherNotes;
  if (!notes) return "";
  return [
    `${t("presenter.aim")}: ${notes.aim}`,
    "",
    ...notes.steps.map((step, i) => `${i + 1}. ${step}`),
    ...(notes.tips.length > 0
      ? ["", `${t("presenter.tips")}:`, ...notes.tips.map((tip) => `• ${tip}`)]
      : []),
  ].join("\n");
}

export async function exerciseDeck(
  exercise: ExerciseView,
  t: Translate,
  rtl: boolean,
): Promise<Buffer> {
  if (!exercise.content) throw new Error("A locked exercise has no slides");
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_WIDE";
  pptx.title = exercise.title;
  pptx.company = "Parley";
  pptx.subject = `${exercise.level} · ${exercise.summary}`;
  const chrome = { fontFace: FONT, rtlMode: rtl, align: rtl ? "right" : "left" } as const;
  const english = { fontFace: FONT, lang: "en-US", align: "left" } as const;

  const title = pptx.addSlide();
  title.background = { color: "FFFFFF" };
  title.addShape("rect", { x: 0, y: 0, w: 13.33, h: 0.18, fill: { color: BRAND } });
  // The level and the time in boxes of their own: one line mixing an English level with a
  // right-to-left "15 min" comes out scrambled.
  const meta = { y: 1.2, h: 0.5, fontSize: 18, color: BRAND, bold: true } as const;
  title.addText(exercise.level, { ...english, ...meta, x: 0.7, w: 0.9 });
  title.addText(t("library.minutes", { count: exercise.durationMinutes }), {
    ...chrome,
    ...meta,
    x: 1.6,
    w: 3,
    align: "left",
  });
  title.addText(exercise.title, {
    ...english,
    x: 0.7,
    y: 1.8,
    w: 11.9,
    h: 1.6,
    fontSize: 40,
    bold: true,
    color: INK,
  });
  title.addText(exercise.summary, {
    ...english,
    x: 0.7,
    y: 3.6,
    w: 11.9,
    h: 1.8,
    fontSize: 20,
    color: MUTED,
    valign: "top",
  });
  title.addText("Parley", {
    ...english,
    x: 0.7,
    y: 6.6,
    w: 4,
    h: 0.4,
    fontSize: 14,
    color: BRAND,
    bold: true,
  });
  const notes = teacherNotes(exercise, t);
  if (notes) title.addNotes(`${t("presenter.teacherNotes")}\n\n${notes}`);

  for (const slide of buildSlides(exercise.content, exercise.vocabulary ?? [])) {
    const text = cardText(slide, t);
    const s = pptx.addSlide();
    s.background = { color: "FFFFFF" };
    s.addShape("rect", { x: 0, y: 0, w: 13.33, h: 0.18, fill: { color: BRAND } });
    if (text.counter)
      s.addText(text.counter, {
        ...chrome,
        x: 0.7,
        y: 0.45,
        w: 11.9,
        h: 0.4,
        fontSize: 14,
        color: MUTED,
      });
    s.addText(text.heading, {
      ...(ENGLISH_HEADINGS.has(slide.kind) ? english : chrome),
      x: 0.7,
      y: 0.9,
      w: 11.9,
      h: 1.4,
      fontSize: 32,
      bold: true,
      color: INK,
      fit: "shrink",
    });
    if (text.lines.length > 0)
      s.addText(
        text.lines.map((line) => ({
          text: line,
          options: { bullet: text.bullets, breakLine: true, paraSpaceAfter: 8 },
        })),
        {
          ...english,
          x: 0.7,
          y: 2.5,
          w: 11.9,
          h: 4.6,
          fontSize: 22,
          color: INK,
          valign: "top",
          fit: "shrink",
        },
      );
    if (text.notes) s.addNotes(text.notes);
  }
  return (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
}
