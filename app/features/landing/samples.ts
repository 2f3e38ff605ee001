import type { ExerciseContent } from "~/features/library";

/** The first few prompts of an exercise, as a teacher would read them on the board. */
export function previewLines(content: ExerciseContent, max = 3): string[] {
  switch (content.type) {
    case "discussion":
      return content.questions.slice(0, max).map((q) => q.question);
    case "role-play":
      return [content.setting, `A: ${content.cardA.role}`, `B: ${content.cardB.role}`].slice(
        0,
        max,
      );
    case "debate":
      return [content.motion, ...content.forArguments.slice(0, max - 1)];
    case "taboo":
      return content.cards.slice(0, max).map((c) => `${c.word} — ${c.forbidden.join(", ")}`);
    case "would-you-rather":
      return content.pairs.slice(0, max).map((p) => `${p.optionA} / ${p.optionB}`);
    case "story":
      return content.prompts.slice(0, max).map((p) => p.prompt);
    case "problem-solving":
      return [content.scenario, content.task].slice(0, max);
    case "agree-disagree":
      return content.statements.slice(0, max).map((s) => s.statement);
    case "find-someone-who":
      return content.prompts.slice(0, max).map((p) => `… ${p.prompt}`);
  }
}
