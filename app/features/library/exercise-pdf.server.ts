import { dataKey, type Translate } from "~/lib/i18n/translate";
import { svgPictures } from "~/lib/content/pictures.server";
import type { ReaderLocale } from "~/lib/pdf/request.server";
import { PdfWriter, type Paper } from "~/lib/pdf/writer.server";
import type { ExerciseView } from "./library.server";
import { cardText, ENGLISH_HEADINGS } from "./slide-text";
import { buildSlides } from "./slides";

/**
 * An exercise as two printable PDFs (issue 17 item 2): the student cards, one dashed box per
 * presenter card to cut out, and the teacher notes (aim, steps, tips, language focus, key
 * vocabulary). The exercise is English, set left to right; the headings, labels and page
 * numbers are in the teacher's language and direction.
 */

export type ExercisePdfPart = "cards" | "notes";
export const EXERCISE_PDF_PARTS: readonly ExercisePdfPart[] = ["cards", "notes"];

const MUTED = "#475569";
const BRAND = "#1d35d7";

function writer(
  exercise: ExerciseView,
  header: string,
  paper: Paper,
  t: Translate,
  locale: ReaderLocale,
): PdfWriter {
  return new PdfWriter({
    paper,
    locale: locale.code,
    dir: locale.dir,
    title: `${exercise.title} · ${header}`,
    header,
    pageLabel: (page, total) => t("pdf.page", { page, total }),
  });
}

/** Level, type and time, then the title and summary. */
function titleBlock(w: PdfWriter, exercise: ExerciseView, t: Translate) {
  w.text(
    [
      exercise.level,
      t(dataKey(`library.type.${exercise.type}`)),
      t("library.minutes", { count: exercise.durationMinutes }),
    ].join(" · "),
    { size: 10, chrome: true, color: BRAND, style: "bold" },
  );
  w.space(4);
  w.text(exercise.title, { size: 20, style: "bold" });
  w.space(2);
  w.text(exercise.summary, { size: 11, color: MUTED });
  w.space(12);
}

export async function exerciseCardsPdf(
  exercise: ExerciseView,
  paper: Paper,
  t: Translate,
  locale: ReaderLocale,
): Promise<Buffer> {
  if (!exercise.content) throw new Error("A locked exercise has no cards");
  const w = writer(exercise, t("pdf.studentCards"), paper, t, locale);
  titleBlock(w, exercise, t);
  w.text(t("pdf.cutOut"), { size: 9, chrome: true, color: MUTED });
  w.space(8);

  const pad = 12;
  const inner = { indent: pad, width: w.columnWidth - pad };
  for (const slide of buildSlides(exercise.content, exercise.vocabulary ?? [])) {
    const card = cardText(slide, t);
    const art = await svgPictures(card.pictures ?? []);
    const headingOptions = {
      ...inner,
      size: 15,
      style: "bold",
      chrome: !ENGLISH_HEADINGS.has(slide.kind),
    } as const;
    const lineOptions = { ...inner, indent: pad + (card.bullets ? 14 : 0), size: 12 };
    const artSize = 96;
    const height =
      2 * pad +
      (card.counter ? w.heightOf(card.counter, { ...inner, size: 9, chrome: true }) : 0) +
      w.heightOf(card.heading, headingOptions) +
      (art.length > 0 ? artSize + 12 : 0) +
      card.lines.reduce((sum, line) => sum + w.heightOf(line, lineOptions) + 3, 4);
    w.ensure(height);
    const top = w.y;
    w.space(pad);
    if (card.counter) w.text(card.counter, { ...inner, size: 9, chrome: true, color: MUTED });
    w.text(card.heading, headingOptions);
    if (art.length > 0) {
      w.space(6);
      w.pictures(art, artSize, pad);
    }
    w.space(4);
    for (const line of card.lines) {
      if (card.bullets) w.textAt("•", w.y, { ...inner, size: 12, color: BRAND });
      w.text(line, lineOptions);
      w.space(3);
    }
    w.space(pad);
    w.cutBox(top, w.y);
    w.space(10);
  }
  return w.finish();
}

export async function exerciseNotesPdf(
  exercise: ExerciseView,
  paper: Paper,
  t: Translate,
  locale: ReaderLocale,
): Promise<Buffer> {
  const notes = exercise.teacherNotes;
  if (!exercise.content || !notes) throw new Error("A locked exercise has no teacher notes");
  const w = writer(exercise, t("presenter.teacherNotes"), paper, t, locale);
  titleBlock(w, exercise, t);

  const heading = (text: string) => {
    w.space(8);
    w.ensure(60);
    w.text(text, { size: 13, style: "bold", chrome: true, color: BRAND });
    w.space(3);
  };
  const label = (name: string, value: string) => {
    // The label stays with (the first line of) its value.
    w.ensure(34);
    w.text(name, { size: 9, chrome: true, color: MUTED, style: "bold" });
    w.text(value, { size: 11 });
    w.space(4);
  };

  w.text(
    [
      exercise.grouping.map((g) => t(dataKey(`library.grouping.${g}`))).join(", "),
      exercise.skillFocus.map((s) => t(dataKey(`library.skill.${s}`))).join(", "),
    ]
      .filter(Boolean)
      .join(" · "),
    { size: 10, chrome: true, color: MUTED },
  );

  heading(t("presenter.aim"));
  w.text(notes.aim, { size: 11 });

  heading(t("pdf.steps"));
  notes.steps.forEach((step, i) => {
    w.ensure(16);
    w.textAt(`${i + 1}.`, w.y, { size: 11, style: "bold", color: BRAND });
    w.text(step, { size: 11, indent: 18 });
    w.space(4);
  });

  const show = await svgPictures(exercise.showPictures ?? []);
  if (show.length > 0) {
    heading(t("presenter.picturesToShow"));
    w.pictures(show, 72);
  }

  if (notes.tips.length > 0) {
    heading(t("presenter.tips"));
    for (const tip of notes.tips) {
      w.ensure(16);
      w.textAt("•", w.y, { size: 11, color: BRAND });
      w.text(tip, { size: 11, indent: 14 });
      w.space(3);
    }
  }

  if (exercise.grammar || exercise.functions.length > 0 || exercise.vocabularyFocus) {
    heading(t("pdf.languageFocus"));
    if (exercise.grammar) label(t("pdf.grammar"), exercise.grammar);
    if (exercise.functions.length > 0) label(t("pdf.functions"), exercise.functions.join("; "));
    if (exercise.vocabularyFocus) label(t("pdf.vocabularyFocus"), exercise.vocabularyFocus);
  }

  if (exercise.vocabulary && exercise.vocabulary.length > 0) {
    heading(t("presenter.vocabulary"));
    for (const item of exercise.vocabulary) {
      w.text([{ text: item.term, style: "bold" }, { text: ` — ${item.definition}` }], {
        size: 11,
      });
      w.space(3);
    }
  }
  return w.finish();
}
