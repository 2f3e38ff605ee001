import PptxGenJS from "pptxgenjs";
import sharp from "sharp";
import { svgPictures } from "~/lib/content/pictures.server";
import type { Translate } from "~/lib/i18n/translate";
import type { ExerciseView } from "./library.server";
import { cardText, ENGLISH_HEADINGS, teacherNotes } from "./slide-text";
import { buildSlides } from "./slides";

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

/**
 * A card's pictures as PNG (PowerPoint, Keynote and Google Slides all show PNG; Google Slides
 * shows no SVG), 512 px square.
 */
async function pngPictures(pictures: { name: string; alt: string }[]) {
  return Promise.all(
    (await svgPictures(pictures)).map(async ({ svg, alt }) => {
      const png = await sharp(Buffer.from(svg), { density: 300 })
        .resize(512, 512, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      return { data: `image/png;base64,${png.toString("base64")}`, alt };
    }),
  );
}

/** A 16:9 deck with Parley's metadata. */
export function newDeck(title: string, subject: string): PptxGenJS {
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_WIDE";
  pptx.title = title;
  pptx.company = "Parley";
  pptx.subject = subject;
  return pptx;
}

/** Text box options for the teacher's language (its direction) and for the English. */
export function textStyles(rtl: boolean) {
  return {
    chrome: { fontFace: FONT, rtlMode: rtl, align: rtl ? "right" : "left" } as const,
    english: { fontFace: FONT, lang: "en-US", align: "left" } as const,
  };
}

/** A white slide with the brand's bar along the top. */
export function plainSlide(pptx: PptxGenJS): PptxGenJS.Slide {
  const slide = pptx.addSlide();
  slide.background = { color: "FFFFFF" };
  slide.addShape("rect", { x: 0, y: 0, w: 13.33, h: 0.18, fill: { color: BRAND } });
  return slide;
}

export async function exerciseDeck(
  exercise: ExerciseView,
  t: Translate,
  rtl: boolean,
): Promise<Buffer> {
  const pptx = newDeck(exercise.title, `${exercise.level} · ${exercise.summary}`);
  await addExerciseSlides(pptx, exercise, t, rtl);
  return (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
}

/** An exercise's title slide and cards, added to a deck (its own, or a whole lesson's). */
export async function addExerciseSlides(
  pptx: PptxGenJS,
  exercise: ExerciseView,
  t: Translate,
  rtl: boolean,
) {
  if (!exercise.content) throw new Error("A locked exercise has no slides");
  const { chrome, english } = textStyles(rtl);

  const title = plainSlide(pptx);
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
    const s = plainSlide(pptx);
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
    const art = await pngPictures(text.pictures ?? []);
    art.forEach((picture, i) =>
      s.addImage({
        data: picture.data,
        x: 0.7 + i * 2.5,
        y: 4.75,
        w: 2.2,
        h: 2.2,
        altText: picture.alt,
      }),
    );
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
          h: art.length > 0 ? 2.1 : 4.6,
          fontSize: 22,
          color: INK,
          valign: "top",
          fit: "shrink",
        },
      );
    if (text.notes) s.addNotes(text.notes);
  }
}
