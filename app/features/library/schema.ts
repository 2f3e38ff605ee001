import { z } from "~/lib/zod";
import { PICTURE_NAME } from "~/lib/content/picture-set";
import {
  AUDIENCES,
  CEFR_LEVELS,
  GROUPINGS,
  MATERIAL_TYPES,
  SKILL_FOCUS,
  SLUG_RE,
  TOPICS,
} from "./vocabulary";

/**
 * The exercise and material library as teachers plan with it: level, topic, time, group
 * size, skill focus, and the student-facing content structured by exercise type.
 * These schemas validate the data files in content/library and shape the database rows.
 */

const text = (max: number) => z.string().trim().min(2).max(max);

const QuestionSchema = z.object({
  question: text(240),
  followUps: z.array(text(200)).min(1).max(4),
});

/**
 * A picture of the bundled set (issue 17 item 1): one of our own drawings or a Fluent Emoji
 * Flat icon, by name (served at /pictures/<name>.svg; the content check refuses a name that
 * is neither), with the English text read in its place.
 */
const SetPictureSchema = z
  .object({ name: z.string().regex(PICTURE_NAME).max(60), alt: text(120) })
  .strict();
export type SetPicture = z.infer<typeof SetPictureSchema>;

const RoleCardSchema = z.object({
  role: text(80),
  situation: text(600),
  tasks: z.array(text(200)).min(2).max(6),
});

const ExerciseContentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("discussion"), questions: z.array(QuestionSchema).min(6).max(16) }),
  z.object({
    type: z.literal("role-play"),
    setting: text(500),
    cardA: RoleCardSchema,
    cardB: RoleCardSchema,
    usefulLanguage: z.array(text(140)).min(3).max(12),
  }),
  z.object({
    type: z.literal("debate"),
    motion: text(200),
    forArguments: z.array(text(300)).min(3).max(8),
    againstArguments: z.array(text(300)).min(3).max(8),
    usefulLanguage: z.array(text(140)).min(3).max(12),
  }),
  z.object({
    type: z.literal("taboo"),
    cards: z
      .array(z.object({ word: text(40), forbidden: z.array(text(40)).min(3).max(5) }))
      .min(8)
      .max(24),
  }),
  z.object({
    type: z.literal("would-you-rather"),
    pairs: z
      .array(z.object({ optionA: text(200), optionB: text(200), followUp: text(200).optional() }))
      .min(6)
      .max(16),
  }),
  z.object({
    type: z.literal("story"),
    prompts: z
      .array(
        z.object({
          prompt: text(400),
          mustInclude: z.array(text(60)).max(5).optional(),
          /** What the prompt's scene shows, large on the class screen. */
          pictures: z.array(SetPictureSchema).min(1).max(3).optional(),
        }),
      )
      .min(4)
      .max(12),
  }),
  z.object({
    type: z.literal("problem-solving"),
    scenario: text(900),
    task: text(300),
    items: z
      .array(z.object({ name: text(100), note: text(240).optional() }))
      .min(4)
      .max(12),
    questions: z.array(text(240)).min(2).max(6),
  }),
  z.object({
    type: z.literal("agree-disagree"),
    statements: z
      .array(z.object({ statement: text(240), followUp: text(200).optional() }))
      .min(6)
      .max(16),
  }),
  z.object({
    type: z.literal("find-someone-who"),
    prompts: z
      .array(z.object({ prompt: text(160), followUp: text(200) }))
      .min(8)
      .max(16),
  }),
]);
export type ExerciseContent = z.infer<typeof ExerciseContentSchema>;

/** A picture from the admin panel's media library, with the text read in its place. */
const PictureSchema = z
  .object({
    src: z.string().regex(/^\/media\/[a-f0-9]{24}\.webp$/),
    alt: text(200),
  })
  .strict();
export type Picture = z.infer<typeof PictureSchema>;

export const ExerciseSchema = z
  .object({
    slug: z.string().regex(SLUG_RE).max(80),
    title: text(90),
    summary: text(280),
    level: z.enum(CEFR_LEVELS),
    topics: z.array(z.enum(TOPICS)).min(1).max(3),
    skillFocus: z.array(z.enum(SKILL_FOCUS)).min(1).max(3),
    languageFocus: z.object({
      grammar: text(120).optional(),
      functions: z.array(text(120)).max(4).optional(),
      vocabulary: text(120).optional(),
    }),
    durationMinutes: z.number().int().min(5).max(60),
    grouping: z.array(z.enum(GROUPINGS)).min(1).max(4),
    audience: z.array(z.enum(AUDIENCES)).min(1).max(3),
    teacherNotes: z.object({
      aim: text(300),
      steps: z.array(text(400)).min(3).max(8),
      tips: z.array(text(300)).max(5).default([]),
    }),
    /** The pictures the teacher notes ask the teacher to show (or draw) in class. */
    showPictures: z.array(SetPictureSchema).min(1).max(6).optional(),
    content: ExerciseContentSchema,
    vocabulary: z
      .array(z.object({ term: text(60), definition: text(200) }))
      .min(4)
      .max(16),
    isFree: z.boolean(),
    publishedAt: z.iso.date(),
    picture: PictureSchema.optional(),
    /** The listening track the exercise goes with (its id), shown as a link to it. */
    listening: z.string().regex(SLUG_RE).max(80).optional(),
  })
  .strict();
export type Exercise = z.infer<typeof ExerciseSchema>;

/** Front matter of a material Markdown file; the body is the printable content. */
export const MaterialFrontMatterSchema = z
  .object({
    slug: z.string().regex(SLUG_RE).max(80),
    title: text(90),
    summary: text(280),
    type: z.enum(MATERIAL_TYPES),
    level: z.enum(CEFR_LEVELS),
    topics: z.array(z.enum(TOPICS)).min(1).max(3),
    /**
     * Class time the material takes as written (a lesson plan: its whole lesson; a set of
     * warmers: one warmer); a lesson plan's "Time" row must say the same.
     */
    durationMinutes: z.number().int().min(5).max(120),
    isFree: z.boolean(),
    publishedAt: z.iso.date(),
    picture: PictureSchema.optional(),
  })
  .strict();
export type MaterialFrontMatter = z.infer<typeof MaterialFrontMatterSchema>;
