import type { ExerciseContent, SetPicture } from "./schema";

/**
 * An exercise as a sequence of cards for the class screen. Each type has its natural
 * unit: one question, one role card, one taboo word, one statement…
 */
export type Slide =
  | { kind: "vocabulary"; items: { term: string; definition: string }[] }
  | { kind: "question"; index: number; total: number; text: string; followUps: string[] }
  | { kind: "setting"; text: string }
  | { kind: "role"; card: "A" | "B"; role: string; situation: string; tasks: string[] }
  | { kind: "language"; items: string[] }
  | { kind: "motion"; text: string }
  | { kind: "arguments"; side: "for" | "against"; items: string[] }
  | { kind: "taboo"; index: number; total: number; word: string; forbidden: string[] }
  | {
      kind: "choice";
      index: number;
      total: number;
      optionA: string;
      optionB: string;
      followUp?: string;
    }
  | {
      kind: "story";
      index: number;
      total: number;
      text: string;
      mustInclude: string[];
      /** The scene's pictures (the bundled set), shown with the prompt. */
      pictures: SetPicture[];
    }
  | { kind: "scenario"; text: string }
  | { kind: "ranking"; task: string; items: { name: string; note?: string }[] }
  | { kind: "discussion"; items: string[] }
  | { kind: "statement"; index: number; total: number; text: string; followUp?: string }
  | { kind: "find"; index: number; total: number; text: string; followUp: string };

export function buildSlides(
  content: ExerciseContent,
  vocabulary: { term: string; definition: string }[],
): Slide[] {
  const slides: Slide[] = [];
  if (vocabulary.length > 0) slides.push({ kind: "vocabulary", items: vocabulary });
  switch (content.type) {
    case "discussion":
      content.questions.forEach((q, i, all) =>
        slides.push({
          kind: "question",
          index: i + 1,
          total: all.length,
          text: q.question,
          followUps: q.followUps,
        }),
      );
      break;
    case "role-play":
      slides.push({ kind: "setting", text: content.setting });
      slides.push({ kind: "role", card: "A", ...content.cardA });
      slides.push({ kind: "role", card: "B", ...content.cardB });
      slides.push({ kind: "language", items: content.usefulLanguage });
      break;
    case "debate":
      slides.push({ kind: "motion", text: content.motion });
      slides.push({ kind: "arguments", side: "for", items: content.forArguments });
      slides.push({ kind: "arguments", side: "against", items: content.againstArguments });
      slides.push({ kind: "language", items: content.usefulLanguage });
      break;
    case "taboo":
      content.cards.forEach((c, i, all) =>
        slides.push({
          kind: "taboo",
          index: i + 1,
          total: all.length,
          word: c.word,
          forbidden: c.forbidden,
        }),
      );
      break;
    case "would-you-rather":
      content.pairs.forEach((p, i, all) =>
        slides.push({
          kind: "choice",
          index: i + 1,
          total: all.length,
          optionA: p.optionA,
          optionB: p.optionB,
          followUp: p.followUp,
        }),
      );
      break;
    case "story":
      content.prompts.forEach((p, i, all) =>
        slides.push({
          kind: "story",
          index: i + 1,
          total: all.length,
          text: p.prompt,
          mustInclude: p.mustInclude ?? [],
          pictures: p.pictures ?? [],
        }),
      );
      break;
    case "problem-solving":
      slides.push({ kind: "scenario", text: content.scenario });
      slides.push({ kind: "ranking", task: content.task, items: content.items });
      slides.push({ kind: "discussion", items: content.questions });
      break;
    case "agree-disagree":
      content.statements.forEach((s, i, all) =>
        slides.push({
          kind: "statement",
          index: i + 1,
          total: all.length,
          text: s.statement,
          followUp: s.followUp,
        }),
      );
      break;
    case "find-someone-who":
      content.prompts.forEach((p, i, all) =>
        slides.push({
          kind: "find",
          index: i + 1,
          total: all.length,
          text: p.prompt,
          followUp: p.followUp,
        }),
      );
      break;
  }
  return slides;
}

/** The next slide index for a key, or null when the key is not a navigation key. */
export function slideForKey(key: string, current: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
    case "PageDown":
    case " ":
    case "Enter":
      return Math.min(count - 1, current + 1);
    case "ArrowLeft":
    case "ArrowUp":
    case "PageUp":
    case "Backspace":
      return Math.max(0, current - 1);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
