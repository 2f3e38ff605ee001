import type { Exercise } from "./schema";

/**
 * Variety checks over the library (issue 18 item 4): taboo words not recycled level after
 * level, prices in many currencies rather than euros by default, and a care tip wherever an
 * exercise raises a subject that can be personal for someone in the room.
 */

/** The most taboo sets one word may appear in, across all levels. */
export const MAX_TABOO_SETS_PER_WORD = 3;

interface TabooReuse {
  word: string;
  sets: { slug: string; level: string }[];
}

/** Taboo words used twice at one level, or in more than MAX_TABOO_SETS_PER_WORD sets. */
export function tabooReuse(exercises: Exercise[]): TabooReuse[] {
  const sets = new Map<string, { slug: string; level: string }[]>();
  for (const exercise of exercises) {
    if (exercise.content.type !== "taboo") continue;
    for (const card of exercise.content.cards) {
      const word = card.word.trim().toLowerCase();
      const list = sets.get(word) ?? [];
      list.push({ slug: exercise.slug, level: exercise.level });
      sets.set(word, list);
    }
  }
  return [...sets]
    .filter(([, list]) => {
      const levels = list.map((s) => s.level);
      return list.length > MAX_TABOO_SETS_PER_WORD || new Set(levels).size < levels.length;
    })
    .map(([word, list]) => ({ word, sets: list }));
}

/** Currencies by the ways the library writes them (symbol, name, plural). */
const CURRENCIES: Record<string, RegExp> = {
  euro: /€|\beuros?\b/i,
  "US or other dollar": /\$|\bdollars?\b/i,
  pound: /£|\bpounds?\b(?! of\b)/i,
  yen: /¥|\byen\b/i,
  rupee: /₹|\brupees?\b/i,
  peso: /\bpesos?\b/i,
  złoty: /\bzłoty\b|\bzł\b/i,
  naira: /₦|\bnaira\b/i,
  rand: /\brand\b/i,
  real: /R\$|\breais\b/i,
  lira: /₺|\blira\b/i,
  shilling: /\bshillings?\b/i,
  won: /₩|\bwon\b(?= \d)/i,
};

/** How many exercises name a price in each currency, and how many name any price. */
export function currencyUse(exercises: Exercise[]): {
  withPrices: number;
  byCurrency: Record<string, number>;
} {
  const byCurrency: Record<string, number> = {};
  let withPrices = 0;
  for (const exercise of exercises) {
    const text = JSON.stringify(exercise);
    const named = Object.entries(CURRENCIES).filter(([, pattern]) => pattern.test(text));
    if (named.length > 0) withPrices++;
    for (const [currency] of named) byCurrency[currency] = (byCurrency[currency] ?? 0) + 1;
  }
  return { withPrices, byCurrency };
}

/**
 * Subjects that can be personal for a student in the room. A taboo set is judged by its cards'
 * words only (its forbidden words are clues, not subjects).
 */
const SENSITIVE =
  /\b(grief|grieving|bereave\w*|funerals?|divorced?|refugees?|asylum|bull(?:y|ied|ying)|mental health|depression|loneliness|lonely|unemploy\w*|racism|discriminat\w*|eating disorders?|self-harm|abuse|serious(?:ly)? ill|illness|passed away)\b/i;

/** What a care tip says: students may pass, keep it general, nobody has to disclose. */
const CARE =
  /sensitiv|with care|personal|uncomfortable|opt out|private|\bpass\b|skip|(?:don't|do not|doesn't|does not) have to|\bchoose\b|respect|gentle|upsetting|painful|close to home|only what they want|in general|discussion general|never ask|nobody should be asked|imaginary people|take (?:the|that) card out/i;

function sensitiveSubject(exercise: Exercise): string | null {
  const content =
    exercise.content.type === "taboo"
      ? exercise.content.cards.map((card) => card.word).join(" ")
      : JSON.stringify(exercise.content);
  const match = SENSITIVE.exec(`${exercise.title} ${exercise.summary} ${content}`);
  return match ? match[0] : null;
}

/** Exercises on a sensitive subject whose teacher notes say nothing about handling it. */
export function sensitiveWithoutCare(exercises: Exercise[]): { slug: string; subject: string }[] {
  return exercises.flatMap((exercise) => {
    const subject = sensitiveSubject(exercise);
    if (!subject) return [];
    const notes = [...exercise.teacherNotes.steps, ...exercise.teacherNotes.tips].join(" ");
    return CARE.test(notes) ? [] : [{ slug: exercise.slug, subject }];
  });
}
