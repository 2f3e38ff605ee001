/**
 * The library's vocabulary — levels, topics, exercise and material types, groupings,
 * audiences, the slug pattern — without Zod, so that pages in the browser (the library's
 * filters, level pickers) do not load the schema library for a list of words (issue 19: the
 * signed-in library page's JavaScript). The schemas that validate the content are in
 * ./schema.ts, built on these.
 */

export const CEFR_LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];

export const TOPICS = [
  "daily-life",
  "family",
  "food-and-cooking",
  "travel",
  "holidays-and-celebrations",
  "hobbies-and-free-time",
  "sport",
  "health-and-fitness",
  "work-and-careers",
  "business",
  "education",
  "technology",
  "social-media",
  "environment",
  "shopping-and-money",
  "home-and-housing",
  "cities-and-places",
  "nature-and-animals",
  "weather-and-seasons",
  "music",
  "film-and-tv",
  "books-and-reading",
  "art-and-culture",
  "science",
  "relationships",
  "fashion",
  "transport",
  "crime-and-law",
  "ethics-and-dilemmas",
  "the-future",
  "childhood-and-memories",
  "language-and-communication",
  "news-and-media",
  "psychology",
  "society-and-politics",
] as const;
export type Topic = (typeof TOPICS)[number];

export const EXERCISE_TYPES = [
  "discussion",
  "role-play",
  "debate",
  "taboo",
  "would-you-rather",
  "story",
  "problem-solving",
  "agree-disagree",
  "find-someone-who",
] as const;
export type ExerciseType = (typeof EXERCISE_TYPES)[number];

export const GROUPINGS = ["one-to-one", "pairs", "small-groups", "whole-class"] as const;
export const AUDIENCES = ["teens", "adults", "business"] as const;
export const SKILL_FOCUS = [
  "fluency",
  "accuracy",
  "vocabulary",
  "functional-language",
  "pronunciation",
  "critical-thinking",
] as const;

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const MATERIAL_TYPES = [
  "worksheet",
  "flashcards",
  "board-game",
  "phrase-bank",
  "lesson-plan",
  "cue-cards",
  "warmers",
] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

/** The minutes a lesson plan's overview table gives in its "Time" row, if it has one. */
export function lessonPlanMinutes(body: string): number | null {
  const time = /^\|\s*\*\*Time\*\*\s*\|\s*(\d+) minutes\s*\|/m.exec(body);
  return time ? Number(time[1]) : null;
}
