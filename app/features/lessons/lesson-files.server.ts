import {
  addExerciseSlides,
  exerciseForViewer,
  materialForViewer,
  newDeck,
  plainSlide,
  textStyles,
  viewerFor,
  type ExerciseView,
} from "~/features/library/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Services } from "~/lib/services.server";
import { dataKey, type Translate } from "~/lib/i18n/translate";
import type { ReaderLocale } from "~/lib/pdf/request.server";
import { PdfWriter, type Paper } from "~/lib/pdf/writer.server";
import { getLesson, type LessonView } from "./lessons.server";

/**
 * A whole lesson plan to take into class (issue 17 items 2 and 3): as a PowerPoint deck (the
 * lesson's title, then every exercise's cards in order, a slide per material and per step of
 * the teacher's own) and as a printable PDF plan (times, aims, steps, notes and homework).
 * Exercises the teacher may not open (Premium, after a plan ended) are named, not shown.
 */

interface LessonFiles {
  lesson: LessonView;
  /** The lesson's exercises as the teacher may see them, by id. */
  exercises: Map<string, ExerciseView>;
  materials: Map<string, { title: string; summary: string; type: string; locked: boolean }>;
}

/** The teacher's own lesson with its items as the teacher may open them; null if not theirs. */
export async function lessonFiles(
  services: Services,
  user: SessionUser,
  id: string,
): Promise<LessonFiles | null> {
  const lesson = await getLesson(services, user.id, id);
  if (!lesson) return null;
  const viewer = await viewerFor(services.db, user, services.clock.now());
  const exercises = new Map<string, ExerciseView>();
  const materials: LessonFiles["materials"] = new Map();
  for (const item of lesson.items) {
    if (item.exerciseId && !exercises.has(item.exerciseId)) {
      const exercise = await exerciseForViewer(services.db, item.exerciseId, viewer);
      if (exercise) exercises.set(item.exerciseId, exercise);
    }
    if (item.materialId && !materials.has(item.materialId)) {
      const material = await materialForViewer(services.db, item.materialId, viewer);
      if (material) materials.set(item.materialId, material);
    }
  }
  return { lesson, exercises, materials };
}

function when(lesson: LessonView, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: lesson.timeZone,
  }).format(new Date(lesson.startsAt));
}

export async function lessonDeck(
  files: LessonFiles,
  t: Translate,
  locale: string,
  rtl: boolean,
): Promise<Buffer> {
  const { lesson } = files;
  const pptx = newDeck(lesson.title, `${lesson.student.name} · ${when(lesson, locale)}`);
  const { chrome, english } = textStyles(rtl);
  const body = { x: 0.7, w: 11.9, color: "0F172A", valign: "top" } as const;

  const title = plainSlide(pptx);
  title.addText(lesson.title, { ...chrome, ...body, y: 1.6, h: 1.4, fontSize: 40, bold: true });
  title.addText(
    [lesson.student.name, when(lesson, locale), t("lessons.total", { count: lesson.minutes })].join(
      " · ",
    ),
    { ...chrome, ...body, y: 3.2, h: 0.8, fontSize: 20, color: "475569" },
  );
  title.addText(
    lesson.items.map((item, i) => ({
      text: `${i + 1}. ${item.title} (${t("library.minutes", { count: item.minutes })})`,
      options: { breakLine: true },
    })),
    { ...chrome, ...body, y: 4.2, h: 2.8, fontSize: 16, fit: "shrink" },
  );
  if (lesson.notes) title.addNotes(lesson.notes);

  for (const item of lesson.items) {
    const exercise = item.exerciseId ? files.exercises.get(item.exerciseId) : undefined;
    if (exercise?.content) {
      await addExerciseSlides(pptx, exercise, t, rtl);
      continue;
    }
    const slide = plainSlide(pptx);
    const material = item.materialId ? files.materials.get(item.materialId) : undefined;
    const isText = item.kind === "step";
    slide.addText(isText ? t("lessons.kind.step") : item.title, {
      ...(isText ? chrome : english),
      ...body,
      y: 0.9,
      h: 1.2,
      fontSize: 32,
      bold: true,
    });
    slide.addText(t("library.minutes", { count: item.minutes }), {
      ...chrome,
      ...body,
      y: 2.1,
      h: 0.5,
      fontSize: 16,
      color: "1D35D7",
    });
    const text = isText
      ? item.text
      : material
        ? material.locked
          ? t("lessons.filesLocked")
          : material.summary
        : exercise
          ? t("lessons.filesLocked")
          : "";
    if (text)
      slide.addText(text, {
        ...(isText || !material || material.locked ? chrome : english),
        ...body,
        y: 2.8,
        h: 4.2,
        fontSize: 22,
        fit: "shrink",
      });
  }
  return (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
}

export async function lessonPdf(
  files: LessonFiles,
  paper: Paper,
  t: Translate,
  locale: ReaderLocale,
): Promise<Buffer> {
  const { lesson } = files;
  const w = new PdfWriter({
    paper,
    locale: locale.code,
    dir: locale.dir,
    title: lesson.title,
    header: t("lessons.planHeader"),
    pageLabel: (page, total) => t("pdf.page", { page, total }),
  });
  const brand = "#1d35d7";
  const muted = "#475569";
  w.text(lesson.title, { size: 20, style: "bold", chrome: true });
  w.space(2);
  w.text(
    [
      lesson.student.name,
      when(lesson, locale.code),
      t("lessons.total", { count: lesson.minutes }),
    ].join(" · "),
    { size: 11, chrome: true, color: muted },
  );
  w.space(10);

  let clock = 0;
  for (const [i, item] of lesson.items.entries()) {
    const exercise = item.exerciseId ? files.exercises.get(item.exerciseId) : undefined;
    const material = item.materialId ? files.materials.get(item.materialId) : undefined;
    w.ensure(80);
    w.rule();
    w.space(6);
    // "0–10 min": where the item sits in the lesson.
    w.text(
      `${i + 1} · ${t("lessons.fromTo", { from: clock, to: clock + item.minutes })}${
        item.level ? ` · ${item.level}` : ""
      }${
        item.kind === "material" && material
          ? ` · ${t(dataKey(`materials.typeName.${material.type}`))}`
          : exercise
            ? ` · ${t(dataKey(`library.type.${exercise.type}`))}`
            : ""
      }`,
      { size: 9.5, chrome: true, color: brand, style: "bold" },
    );
    clock += item.minutes;
    if (item.kind === "step") {
      w.text(item.text, { size: 12, chrome: true });
      w.space(8);
      continue;
    }
    w.text(item.title, { size: 13, style: "bold" });
    if (exercise?.teacherNotes) {
      w.text(`${t("presenter.aim")}: ${exercise.teacherNotes.aim}`, { size: 10.5, color: muted });
      exercise.teacherNotes.steps.forEach((step, k) => {
        w.ensure(14);
        w.textAt(`${k + 1}.`, w.y, { size: 10.5, color: brand, indent: 4 });
        w.text(step, { size: 10.5, indent: 22 });
      });
    } else if (material && !material.locked) {
      w.text(material.summary, { size: 10.5, color: muted });
    } else {
      w.text(t("lessons.filesLocked"), { size: 10.5, chrome: true, color: muted });
    }
    w.space(8);
  }

  for (const [label, text] of [
    [t("lessons.notes"), lesson.notes],
    [t("lessons.homework"), lesson.homework],
  ] as const) {
    if (!text.trim()) continue;
    w.ensure(60);
    w.rule();
    w.space(6);
    w.text(label, { size: 12, style: "bold", chrome: true, color: brand });
    // The teacher's own words, in the teacher's language and direction.
    w.text(text, { size: 11, chrome: true });
    w.space(8);
  }
  return w.finish();
}
