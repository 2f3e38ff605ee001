import { describe, expect, it } from "vitest";
import english from "../../../locales/en.json";
import { formTree } from "~/lib/forms";
import { exerciseRecord } from "./editing.server";
import {
  CONTENT_FIELDS,
  ExerciseEditorSchema,
  exerciseInput,
  SHOW_PICTURES_FIELD,
} from "./editor-form";
import type { Exercise } from "./schema";
import { exerciseSetPictures } from "./set-pictures";
import { buildSlides } from "./slides";
import { exerciseRow, loadExerciseFiles } from "./sync.server";
import type { ContentField } from "./editor-form";

/**
 * Issue 17 item 1: a story prompt's pictures and an exercise's pictures to show survive the
 * admin editor (the form, the schema, the database row and back), and reach the cards.
 */

/** The form the editor sends for a record, each field named as the editor names it. */
function editorForm(value: unknown): FormData {
  const form = new FormData();
  const add = (v: unknown, prefix: string): void => {
    if (Array.isArray(v)) {
      if (v.every((x) => typeof x === "string")) form.append(`${prefix}[]`, v.join("\n"));
      else v.forEach((x, i) => add(x, `${prefix}.${i}`));
    } else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) add(x, prefix ? `${prefix}.${k}` : k);
    else if (typeof v === "boolean") {
      if (v) form.append(prefix, "on");
    } else if (v !== null && v !== undefined) form.append(prefix, String(v));
  };
  add(value, "");
  return form;
}

function save(record: Exercise) {
  const form = editorForm({ record, status: "published", isFresh: false });
  return ExerciseEditorSchema.safeParse(exerciseInput(formTree(form)));
}

const story = loadExerciseFiles().find((e) => e.slug === "the-dog-and-the-birthday-cake")!;

describe("pictures through the admin editor", () => {
  it("has a story with prompt pictures and pictures to show to start from", () => {
    expect(story.content.type).toBe("story");
    expect(story.showPictures?.length).toBeGreaterThan(0);
    expect(exerciseSetPictures(story).length).toBeGreaterThan(story.showPictures!.length);
  });

  it("keeps a story's prompt pictures and the pictures to show when it is saved", () => {
    const saved = save(story);
    expect(saved.success, JSON.stringify(saved.error?.issues)).toBe(true);
    const record = saved.data!.record;
    expect(record).toEqual(story);
    // The row the save writes, read back as the editor and the export read it.
    const row = {
      ...exerciseRow(record, new Date("2026-12-01T10:00:00Z")),
      status: "published",
      editedAt: new Date(),
      updatedAt: new Date(),
    };
    expect(row.showPictures).toEqual(story.showPictures);
    expect(exerciseRecord(row)).toEqual(story);
  });

  it("drops a picture the editor removed, and refuses an empty or badly named one", () => {
    if (story.content.type !== "story") throw new Error("not a story");
    const prompts = story.content.prompts.map((p, i) =>
      i === 0 ? { prompt: p.prompt, mustInclude: p.mustInclude } : p,
    );
    const fewer = save({
      ...story,
      showPictures: undefined,
      content: { ...story.content, prompts },
    });
    expect(fewer.success).toBe(true);
    const kept = fewer.data!.record;
    expect(kept.showPictures).toBeUndefined();
    expect(kept.content.type === "story" && kept.content.prompts[0]!.pictures).toBeUndefined();

    const form = editorForm({ record: story, status: "draft", isFresh: false });
    form.set("record.showPictures.0.name", "Birthday Cake");
    form.append("record.showPictures.9.alt", "");
    const refused = ExerciseEditorSchema.safeParse(exerciseInput(formTree(form)));
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.path.join("."))).toContain(
      "record.showPictures.0.name",
    );
  });

  it("labels every picture field of the editor", () => {
    const labels = (fields: ContentField[]): string[] =>
      fields.flatMap((f) => [
        f.kind === "text" ? (f.label ?? f.name) : f.name,
        ...(f.kind === "list" || f.kind === "group" ? labels(f.fields) : []),
      ]);
    const names = labels([...CONTENT_FIELDS.story, SHOW_PICTURES_FIELD]);
    expect(names).toEqual(expect.arrayContaining(["pictures", "pictureName", "pictureAlt"]));
    for (const name of names) expect(`adminLibrary.field.${name}` in english, name).toBe(true);
  });

  it("puts a prompt's pictures on its story card", () => {
    if (story.content.type !== "story") throw new Error("not a story");
    const cards = buildSlides(story.content, []).filter((s) => s.kind === "story");
    expect(cards.map((c) => c.pictures)).toEqual(story.content.prompts.map((p) => p.pictures));
  });
});
