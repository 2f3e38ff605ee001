import { z } from "~/lib/zod";
import { ExerciseSchema, MaterialFrontMatterSchema } from "./schema";
import type { ExerciseType } from "./vocabulary";

/**
 * The admin editors' forms (issue 15): every field is named by its path in the record the
 * content files use ("record.content.cards.2.word"), so the same schemas check a form and a
 * file. Shared by the browser (its own check before sending) and the server.
 */

const PUBLICATION_STATUSES = ["draft", "published"] as const;

const freeUntil = z.iso.date().nullable();

export const ExerciseEditorSchema = z.object({
  record: ExerciseSchema,
  status: z.enum(PUBLICATION_STATUSES),
  isFresh: z.boolean(),
  freeUntil,
});

export const MaterialEditorSchema = z.object({
  record: MaterialFrontMatterSchema,
  body: z.string().trim().min(20).max(60_000),
  status: z.enum(PUBLICATION_STATUSES),
});

const checked = (value: unknown) => value === "on" || value === "1" || value === "true";
const asNumber = (value: unknown) =>
  typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

/** The form tree as the exercise schema reads it: numbers, booleans, an empty date as none. */
export function exerciseInput(tree: Record<string, unknown>): Record<string, unknown> {
  const record = { ...((tree.record as Record<string, unknown>) ?? {}) };
  record.durationMinutes = asNumber(record.durationMinutes);
  record.isFree = checked(record.isFree);
  record.languageFocus ??= {};
  const focus = record.languageFocus as Record<string, unknown>;
  focus.functions ??= [];
  return {
    record,
    status: tree.status ?? "draft",
    isFresh: checked(tree.isFresh),
    freeUntil: tree.freeUntil ?? null,
  };
}

/** As exerciseInput, for a material. */
export function materialInput(tree: Record<string, unknown>): Record<string, unknown> {
  const record = { ...((tree.record as Record<string, unknown>) ?? {}) };
  record.durationMinutes = asNumber(record.durationMinutes);
  record.isFree = checked(record.isFree);
  return { record, body: tree.body ?? "", status: tree.status ?? "draft" };
}

/** One field of a type's content: a line, a paragraph, a box of lines, a group or a list. */
export type ContentField =
  | { kind: "text"; name: string; long?: boolean; optional?: boolean; label?: string }
  | { kind: "lines"; name: string; optional?: boolean }
  | { kind: "group"; name: string; fields: ContentField[] }
  | { kind: "list"; name: string; min: number; max: number; fields: ContentField[] };

const text = (
  name: string,
  more: { long?: boolean; optional?: boolean; label?: string } = {},
): ContentField => ({
  kind: "text",
  name,
  ...more,
});
const lines = (name: string, optional = false): ContentField => ({
  kind: "lines",
  name,
  optional,
});
const list = (name: string, min: number, max: number, fields: ContentField[]): ContentField => ({
  kind: "list",
  name,
  min,
  max,
  fields,
});
const card = (name: string): ContentField => ({
  kind: "group",
  name,
  fields: [text("role"), text("situation", { long: true }), lines("tasks")],
});

/** Pictures of the bundled set, by name (/pictures/<name>.svg), each with its alt text. */
const pictures = (name: string, max: number): ContentField =>
  list(name, 0, max, [
    text("name", { label: "pictureName" }),
    text("alt", { label: "pictureAlt" }),
  ]);

/** The content editor of each exercise type, in the order of the schema (./schema.ts). */
export const CONTENT_FIELDS: Record<ExerciseType, ContentField[]> = {
  discussion: [list("questions", 6, 16, [text("question"), lines("followUps")])],
  "role-play": [
    text("setting", { long: true }),
    card("cardA"),
    card("cardB"),
    lines("usefulLanguage"),
  ],
  debate: [
    text("motion"),
    lines("forArguments"),
    lines("againstArguments"),
    lines("usefulLanguage"),
  ],
  taboo: [list("cards", 8, 24, [text("word"), lines("forbidden")])],
  "would-you-rather": [
    list("pairs", 6, 16, [text("optionA"), text("optionB"), text("followUp", { optional: true })]),
  ],
  story: [
    list("prompts", 4, 12, [
      text("prompt", { long: true }),
      lines("mustInclude", true),
      pictures("pictures", 3),
    ]),
  ],
  "problem-solving": [
    text("scenario", { long: true }),
    text("task"),
    list("items", 4, 12, [text("name"), text("note", { optional: true })]),
    lines("questions"),
  ],
  "agree-disagree": [
    list("statements", 6, 16, [text("statement"), text("followUp", { optional: true })]),
  ],
  "find-someone-who": [list("prompts", 8, 16, [text("prompt"), text("followUp")])],
};

/** The pictures the teacher notes ask to show, shared by every type. */
export const SHOW_PICTURES_FIELD: ContentField = pictures("showPictures", 6);

/** The vocabulary list, shared by every type. */
export const VOCABULARY_FIELD: ContentField = list("vocabulary", 4, 16, [
  text("term"),
  text("definition"),
]);
