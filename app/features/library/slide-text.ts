import type { Translate } from "~/lib/i18n/translate";
import type { ExerciseView } from "./library.server";
import type { Slide } from "./slides";

/**
 * What each presenter card says, as plain text in the reader's language around the
 * exercise's English: shared by the PowerPoint deck and the printable cards.
 */
export interface SlideText {
  heading: string;
  counter?: string;
  /** Lines of the card, in English. */
  lines: string[];
  bullets: boolean;
  notes?: string;
  /** Pictures the card shows (a picture story's scene). */
  pictures?: { name: string; alt: string }[];
}

export function cardText(slide: Slide, t: Translate): SlideText {
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
        lines: [
          slide.text,
          ...(slide.mustInclude.length > 0
            ? [`${t("presenter.mustInclude")}: ${slide.mustInclude.join(", ")}`]
            : []),
        ],
        bullets: false,
        pictures: slide.pictures,
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
export const ENGLISH_HEADINGS = new Set<Slide["kind"]>([
  "question",
  "taboo",
  "ranking",
  "statement",
  "find",
]);

export function teacherNotes(exercise: ExerciseView, t: Translate): string {
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
