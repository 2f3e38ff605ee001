import { eq } from "drizzle-orm";
import { href, redirect } from "react-router";
import { audioTracks } from "@db/schema";
import { audit } from "~/lib/audit.server";
import { pictureSvg } from "~/lib/content/pictures.server";
import type { SessionUser } from "~/lib/auth/session.server";
import {
  formDone,
  formFailure,
  formRefused,
  formTree,
  parseTree,
  type FormAnswer,
} from "~/lib/forms";
import type { Services } from "~/lib/services.server";
import type { FieldErrors } from "~/lib/validation/messages";
import {
  adminListItems,
  copySlug,
  deleteItem,
  listDeleted,
  listRevisions,
  loadDraft,
  restoreRevision,
  saveDraft,
  setPublication,
  type AdminListParams,
  type ExerciseDraft,
  type LibraryDraft,
  type LibraryKind,
  type MaterialDraft,
} from "./editing.server";
import {
  ExerciseEditorSchema,
  MaterialEditorSchema,
  exerciseInput,
  materialInput,
} from "./editor-form";
import { exerciseSetPictures } from "./set-pictures";
import {
  CEFR_LEVELS,
  EXERCISE_TYPES,
  MATERIAL_TYPES,
  TOPICS,
  type ExerciseType,
} from "./vocabulary";

/**
 * What the admin library routes do (issue 15 item 1), so the routes stay thin: read the list
 * filters, load an editor, and answer the editor's forms (save, publish, unpublish,
 * duplicate, delete, restore), every one checked and kept as a revision.
 */

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | "" =>
  allowed.includes(value as T) ? (value as T) : "";

/** The list's filters from the address; anything unknown is ignored, not an error. */
function adminListParams(kind: LibraryKind, url: URL, pathType: string): AdminListParams {
  const s = url.searchParams;
  const types: readonly string[] = kind === "exercise" ? EXERCISE_TYPES : MATERIAL_TYPES;
  const page = Number(s.get("page") ?? "1");
  return {
    q: (s.get("q") ?? "").slice(0, 100),
    level: pick(s.get("level"), CEFR_LEVELS),
    type: types.includes(pathType) ? pathType : "",
    topic: pick(s.get("topic"), TOPICS),
    access: pick(s.get("access"), ["free", "premium"] as const),
    status: pick(s.get("status"), ["draft", "scheduled", "published"] as const),
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
  };
}

export async function loadAdminList(
  services: Services,
  kind: LibraryKind,
  url: URL,
  pathType: string,
) {
  const params = adminListParams(kind, url, pathType);
  const now = services.clock.now();
  const [list, deleted] = await Promise.all([
    adminListItems(services.db, kind, params, now),
    listDeleted(services.db, kind),
  ]);
  return { kind, params, ...list, deleted };
}

/** A blank exercise of a type, as the editor first shows it (dated today, a draft). */
export function blankExercise(type: ExerciseType, today: string): ExerciseDraft {
  return {
    record: {
      slug: "",
      title: "",
      summary: "",
      level: "B1",
      topics: [],
      skillFocus: [],
      languageFocus: { functions: [] },
      durationMinutes: 15,
      grouping: [],
      audience: [],
      teacherNotes: { aim: "", steps: [], tips: [] },
      // The editor fills the content by type; an empty shape of the type is enough here.
      content: { type } as unknown as ExerciseDraft["record"]["content"],
      vocabulary: [],
      isFree: false,
      publishedAt: today,
    },
    status: "draft",
    isFresh: true,
    freeUntil: null,
  };
}

export function blankMaterial(today: string): MaterialDraft {
  return {
    record: {
      slug: "",
      title: "",
      summary: "",
      type: "worksheet",
      level: "B1",
      topics: [],
      durationMinutes: 20,
      isFree: false,
      publishedAt: today,
    },
    body: "",
    status: "draft",
  };
}

/** The tracks an exercise can go with, for the editor's choice list (scheduled ones too). */
export async function listeningChoices(services: Services) {
  return services.db
    .select({ id: audioTracks.id, title: audioTracks.title, level: audioTracks.level })
    .from(audioTracks)
    .orderBy(audioTracks.level, audioTracks.title);
}

/**
 * What a draft names that does not exist, as field errors: a listening track, or a picture
 * (a story prompt's or one to show) that /pictures/<name>.svg would not find.
 */
async function missingReferences(services: Services, draft: LibraryDraft): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (!("content" in draft.record)) return errors;
  const id = draft.record.listening;
  if (id) {
    const [row] = await services.db
      .select({ id: audioTracks.id })
      .from(audioTracks)
      .where(eq(audioTracks.id, id));
    if (!row) errors["record.listening"] = { key: "adminLibrary.noSuchTrack" };
  }
  for (const { path, picture } of exerciseSetPictures(draft.record))
    if ((await pictureSvg(picture.name)) === null)
      errors[`record.${path}.name`] = { key: "adminLibrary.noSuchPicture" };
  return errors;
}

function referencesRefused(input: Record<string, unknown>, errors: FieldErrors) {
  return formFailure<EditorAnswer>({
    errors,
    values: {},
    tree: input,
    formError: { key: "adminLibrary.fixErrors" },
  });
}

/** The editor's page: the item, its history; null when there is no such item. */
export async function loadEditor(services: Services, kind: LibraryKind, id: string) {
  const draft = await loadDraft(services.db, kind, id);
  if (!draft) return null;
  return { kind, id, draft, revisions: await listRevisions(services.db, kind, id) };
}

/** What a failed editor form answers: the errors, and what was typed as a tree to show again. */
export type EditorAnswer = FormAnswer & { tree?: Record<string, unknown> };

function parseEditor(kind: LibraryKind, form: FormData) {
  const tree = formTree(form);
  if (kind === "exercise") {
    const input = exerciseInput(tree);
    return { input, parsed: parseTree(input, ExerciseEditorSchema, form) };
  }
  const input = materialInput(tree);
  return { input, parsed: parseTree(input, MaterialEditorSchema, form) };
}

function editorPath(kind: LibraryKind, id: string) {
  return kind === "exercise"
    ? href("/admin/exercise/:id", { id })
    : href("/admin/material/:id", { id });
}

/** Creates an item from the "new" editor; on success the browser goes to its editor. */
export async function createFromEditor(
  services: Services,
  kind: LibraryKind,
  admin: SessionUser,
  form: FormData,
) {
  const { input, parsed } = parseEditor(kind, form);
  if (!parsed.ok)
    return formFailure<EditorAnswer>({
      errors: parsed.errors,
      values: {},
      tree: input,
      formError: { key: "adminLibrary.fixErrors" },
    });
  const draft = parsed.data as LibraryDraft;
  const missing = await missingReferences(services, draft);
  if (Object.keys(missing).length) return referencesRefused(input, missing);
  const saved = await saveDraft(
    services.database,
    kind,
    draft,
    "create",
    admin,
    services.clock.now(),
  );
  if (!saved.ok)
    return formFailure<EditorAnswer>({
      errors: { "record.slug": { key: "adminLibrary.slugTaken" } },
      values: {},
      tree: input,
      formError: { key: "adminLibrary.slugTaken" },
    });
  await audit(services, admin, "library.change", `${kind}:${saved.id}`, { what: "create" });
  return redirect(`${editorPath(kind, saved.id)}?done=created`);
}

const DONE_NOTICES = {
  created: "adminLibrary.created",
  duplicated: "adminLibrary.duplicated",
  restored: "adminLibrary.restored",
  deleted: "adminLibrary.deleted",
} as const;

/** The notice a page shows after an editor redirected to it (created, duplicated…). */
export function doneNotice(url: URL): FormAnswer | undefined {
  const done = url.searchParams.get("done");
  return done && done in DONE_NOTICES
    ? formDone(DONE_NOTICES[done as keyof typeof DONE_NOTICES])
    : undefined;
}

/** The editor page's forms, told apart by `intent`. */
export async function editorAction(
  services: Services,
  kind: LibraryKind,
  id: string,
  admin: SessionUser,
  form: FormData,
) {
  const now = services.clock.now();
  const intent = form.get("intent");
  const log = (what: string) => audit(services, admin, "library.change", `${kind}:${id}`, { what });
  switch (intent) {
    case "save": {
      const { input, parsed } = parseEditor(kind, form);
      if (!parsed.ok)
        return formFailure<EditorAnswer>({
          errors: parsed.errors,
          values: {},
          tree: input,
          formError: { key: "adminLibrary.fixErrors" },
        });
      // The slug is the address teachers' favorites and lessons point to: it stays.
      const draft = { ...parsed.data, record: { ...parsed.data.record, slug: id } } as LibraryDraft;
      const missing = await missingReferences(services, draft);
      if (Object.keys(missing).length) return referencesRefused(input, missing);
      const saved = await saveDraft(services.database, kind, draft, "update", admin, now);
      if (!saved.ok) return formRefused("adminLibrary.missing", 404);
      await log("save");
      return formDone(draft.status === "draft" ? "adminLibrary.savedDraft" : "adminLibrary.saved");
    }
    case "publish":
    case "unpublish": {
      const status = intent === "publish" ? "published" : "draft";
      if (!(await setPublication(services.database, kind, id, status, admin, now)))
        return formRefused("adminLibrary.missing", 404);
      await log(intent);
      return formDone(intent === "publish" ? "adminLibrary.published" : "adminLibrary.unpublished");
    }
    case "duplicate": {
      const draft = await loadDraft(services.db, kind, id);
      if (!draft) return formRefused("adminLibrary.missing", 404);
      const slug = await copySlug(services.db, kind, id);
      const copy = { ...draft, status: "draft", record: { ...draft.record, slug } } as LibraryDraft;
      const saved = await saveDraft(services.database, kind, copy, "duplicate", admin, now);
      if (!saved.ok) return formRefused("adminLibrary.slugTaken", 409);
      await log("duplicate");
      return redirect(`${editorPath(kind, slug)}?done=duplicated`);
    }
    case "delete": {
      if (form.get("confirm") !== "on")
        return formFailure({ errors: { confirm: { key: "validation.required" } }, values: {} });
      if (!(await deleteItem(services.database, kind, id, admin, now)))
        return formRefused("adminLibrary.missing", 404);
      await log("delete");
      const list =
        kind === "exercise"
          ? href("/admin/exercises/:type", { type: "all" })
          : href("/admin/materials/:type", { type: "all" });
      return redirect(`${list}?done=deleted`);
    }
    case "restore": {
      const revision = Number(form.get("revision"));
      if (!Number.isInteger(revision) || revision <= 0)
        return formRefused("adminLibrary.missing", 400);
      if (!(await restoreRevision(services.database, kind, id, revision, admin, now)))
        return formRefused("adminLibrary.missing", 404);
      await log("restore");
      return redirect(`${editorPath(kind, id)}?done=restored`);
    }
    default:
      return formRefused("adminLibrary.missing", 400);
  }
}
