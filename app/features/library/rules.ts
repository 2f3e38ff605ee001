import type { Exercise } from "./schema";
import type { CefrLevel } from "./vocabulary";

/**
 * Level rules for the seed library: what a working teacher expects of prompts at each
 * level. A1 prompts are short and concrete; C1–C2 prompts carry nuance.
 */
const MAX_PROMPT_WORDS: Record<CefrLevel, number> = {
  A1: 12,
  A2: 16,
  B1: 24,
  B2: 30,
  C1: 40,
  C2: 45,
};
const MIN_AVERAGE_PROMPT_WORDS: Partial<Record<CefrLevel, number>> = {
  B2: 8,
  C1: 9,
  C2: 10,
};
/** Debates need more language than beginners have. */
const DEBATE_MIN_LEVEL: CefrLevel = "B1";
const LEVEL_INDEX: Record<CefrLevel, number> = { A1: 0, A2: 1, B1: 2, B2: 3, C1: 4, C2: 5 };

function wordCount(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

/** The student-facing prompts of an exercise (what the level rules and duplicate check read). */
export function promptsOf(exercise: Exercise): string[] {
  const c = exercise.content;
  switch (c.type) {
    case "discussion":
      return c.questions.map((q) => q.question);
    case "role-play":
      return [...c.cardA.tasks, ...c.cardB.tasks];
    case "debate":
      return [c.motion];
    case "taboo":
      return c.cards.map((card) => card.word);
    case "would-you-rather":
      return c.pairs.flatMap((p) => [p.optionA, p.optionB]);
    case "story":
      return c.prompts.map((p) => p.prompt);
    case "problem-solving":
      return c.questions;
    case "agree-disagree":
      return c.statements.map((s) => s.statement);
    case "find-someone-who":
      return c.prompts.map((p) => p.prompt);
  }
}

/** Prompts subject to the per-level length limit (taboo words and long scenarios excluded). */
function lengthCheckedPrompts(exercise: Exercise): string[] {
  const c = exercise.content;
  if (c.type === "taboo" || c.type === "story" || c.type === "role-play") return [];
  return promptsOf(exercise);
}

export function levelProblems(exercise: Exercise): string[] {
  const problems: string[] = [];
  const max = MAX_PROMPT_WORDS[exercise.level];
  const checked = lengthCheckedPrompts(exercise);
  for (const prompt of checked) {
    if (wordCount(prompt) > max)
      problems.push(`prompt longer than ${max} words for ${exercise.level}: "${prompt}"`);
  }
  const minAverage = MIN_AVERAGE_PROMPT_WORDS[exercise.level];
  if (minAverage && checked.length > 0) {
    const average = checked.reduce((n, p) => n + wordCount(p), 0) / checked.length;
    if (average < minAverage)
      problems.push(
        `prompts average ${average.toFixed(1)} words; ${exercise.level} needs at least ${minAverage}`,
      );
  }
  if (
    exercise.content.type === "debate" &&
    LEVEL_INDEX[exercise.level] < LEVEL_INDEX[DEBATE_MIN_LEVEL]
  ) {
    problems.push(`debates start at ${DEBATE_MIN_LEVEL}`);
  }
  return problems;
}

function normalizePrompt(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function shingles(text: string): Set<string> {
  const words = normalizePrompt(text).split(" ");
  const result = new Set<string>();
  if (words.length < 3) {
    result.add(words.join(" "));
    return result;
  }
  for (let i = 0; i + 3 <= words.length; i++) result.add(words.slice(i, i + 3).join(" "));
  return result;
}

export interface NearDuplicate {
  a: { slug: string; prompt: string };
  b: { slug: string; prompt: string };
  similarity: number;
}

/**
 * Prompts of different exercises that are the same or nearly the same (word-trigram Jaccard
 * similarity ≥ threshold). Taboo words are excluded: the same word may well appear twice.
 */
export function nearDuplicatePrompts(exercises: Exercise[], threshold = 0.7): NearDuplicate[] {
  const items: { slug: string; prompt: string; set: Set<string> }[] = [];
  for (const exercise of exercises) {
    if (exercise.content.type === "taboo") continue;
    for (const prompt of promptsOf(exercise))
      items.push({ slug: exercise.slug, prompt, set: shingles(prompt) });
  }
  const index = new Map<string, number[]>();
  items.forEach((item, i) => {
    for (const s of item.set) {
      const list = index.get(s) ?? [];
      list.push(i);
      index.set(s, list);
    }
  });
  const seen = new Set<string>();
  const found: NearDuplicate[] = [];
  for (const list of index.values()) {
    if (list.length > 60) continue; // a phrase this common ("do you think") says nothing
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) {
        const i = list[x] as number;
        const j = list[y] as number;
        const a = items[i]!;
        const b = items[j]!;
        if (a.slug === b.slug) continue;
        const key = `${i}:${j}`;
        if (seen.has(key)) continue;
        seen.add(key);
        let shared = 0;
        for (const s of a.set) if (b.set.has(s)) shared++;
        const similarity = shared / (a.set.size + b.set.size - shared);
        if (similarity >= threshold)
          found.push({
            a: { slug: a.slug, prompt: a.prompt },
            b: { slug: b.slug, prompt: b.prompt },
            similarity,
          });
      }
    }
  }
  return found;
}
