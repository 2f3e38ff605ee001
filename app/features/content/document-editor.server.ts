import { redirect } from "react-router";
import type { AuditAction } from "~/lib/audit-actions";
import { audit } from "~/lib/audit.server";
import type { SessionUser } from "~/lib/auth/session.server";
import {
  formDone,
  formFailure,
  formRefused,
  formTree,
  parseTree,
  type FormAnswer,
} from "~/lib/forms";
import type { MessageKey } from "~/lib/i18n/translate";
import type { Services } from "~/lib/services.server";
import type { z } from "~/lib/zod";
import { deleteDocument, readDocument, writeDocument } from "./edits.server";

/**
 * The admin panel's editors of content documents (decision record 014: listening tracks,
 * changelog entries) share one way to save and delete: the form read with the collection's
 * schema, a new document's address checked free, the file written for every instance, the
 * change audited, and the browser sent on with a notice.
 */

export interface DocumentEditor {
  /** The collection's folder under content/, with its slash ("changelog/"). */
  folder: string;
  schema: z.ZodType<{ slug: string; record: Record<string, unknown>; body: string }>;
  /** The form tree as the schema reads it. */
  input: (tree: Record<string, unknown>) => Record<string, unknown>;
  /** What the form shows again when refused, when it differs from `input`'s. */
  typed?: (
    tree: Record<string, unknown>,
    input: Record<string, unknown>,
  ) => Record<string, unknown>;
  messages: { slugTaken: MessageKey; missing: MessageKey; notSaved: MessageKey; saved: MessageKey };
  auditAction: AuditAction;
  editorHref: (slug: string) => string;
  listHref: string;
  /** Runs after every saved change (tracks: the listening table follows). */
  afterChange?: (services: Services) => Promise<void>;
}

/** What a failed editor form answers: the errors, and what was typed, to show again. */
export type DocumentAnswer = FormAnswer & { tree?: Record<string, unknown> };

const target = (editor: DocumentEditor, slug: string) => `${editor.folder}${slug}`;

/**
 * Saves an editor's form: a new document (`id` null; its address must be free) goes to its
 * editor; a change to one (`id`) stays on the page with a notice.
 */
export async function saveDocumentForm(
  services: Services,
  admin: SessionUser,
  form: FormData,
  id: string | null,
  editor: DocumentEditor,
) {
  const tree = formTree(form);
  const input = editor.input(tree);
  if (id !== null) input.slug = id;
  const typed = editor.typed?.(tree, input) ?? input;
  const parsed = parseTree(input, editor.schema, form);
  if (!parsed.ok)
    return formFailure<DocumentAnswer>({
      errors: parsed.errors,
      values: {},
      tree: typed,
      formError: { key: "adminLibrary.fixErrors" },
    });
  const { slug, record, body } = parsed.data;
  const exists = await readDocument(services.database, editor.folder, slug);
  if (id === null && exists)
    return formFailure<DocumentAnswer>({
      errors: { slug: { key: editor.messages.slugTaken } },
      values: {},
      tree: typed,
      formError: { key: editor.messages.slugTaken },
    });
  if (id !== null && !exists) return formRefused(editor.messages.missing, 404);
  const written = await writeDocument(services.database, {
    path: `${editor.folder}${slug}.md`,
    data: record,
    body,
    actorId: admin.id,
    now: services.clock.now(),
  });
  // The schema is the build's own, so this is a safety net (a file the build refuses for a
  // reason the form does not show), answered rather than stored.
  if (!written.ok) return formRefused(editor.messages.notSaved, 400);
  await editor.afterChange?.(services);
  await audit(services, admin, editor.auditAction, target(editor, slug), {
    what: id === null ? "create" : "save",
  });
  if (id === null) return redirect(`${editor.editorHref(slug)}?done=created`);
  return formDone(editor.messages.saved);
}

/** Deletes a document, its confirmation box ticked; the list then says so. */
export async function deleteDocumentForm(
  services: Services,
  admin: SessionUser,
  form: FormData,
  id: string,
  editor: DocumentEditor,
) {
  if (form.get("confirm") !== "on")
    return formFailure({ errors: { confirm: { key: "validation.required" } }, values: {} });
  const deleted = await deleteDocument(services.database, {
    folder: editor.folder,
    stem: id,
    actorId: admin.id,
    now: services.clock.now(),
  });
  if (deleted === "missing") return formRefused(editor.messages.missing, 404);
  if (deleted === "refused") return formRefused(editor.messages.notSaved, 400);
  await editor.afterChange?.(services);
  await audit(services, admin, editor.auditAction, target(editor, id), { what: "delete" });
  return redirect(`${editor.listHref}?done=deleted`);
}

/** The notice a page shows after an editor sent the browser to it ("created", "deleted"). */
export function documentNotice(
  url: URL,
  notices: { created: MessageKey; deleted: MessageKey },
): FormAnswer | undefined {
  const done = url.searchParams.get("done");
  return done === "created" || done === "deleted" ? formDone(notices[done]) : undefined;
}
