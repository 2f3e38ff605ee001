import { href } from "react-router";
import {
  deleteDocumentForm,
  documentNotice,
  documentsIn,
  readDocument,
  saveDocumentForm,
  type DocumentEditor,
} from "~/features/content/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Services } from "~/lib/services.server";
import { ChangelogEditorSchema, changelogInput } from "./changelog-form";

/**
 * Admin → Changelog (issue 15 item 4): the Feature Lab's entries as files of the changelog
 * collection (decision record 014). A save rebuilds the collection for every instance at once
 * (NOTIFY), so the lab and its "new" dot follow without a restart; a future date schedules.
 */

const FOLDER = "changelog/";

export interface AdminChangelogRow {
  id: string;
  title: string;
  publishedAt: string;
  tags: string[];
  scheduled: boolean;
  edited: boolean;
}

/** Every entry, newest first. */
export async function adminChangelogList(services: Services): Promise<AdminChangelogRow[]> {
  const now = services.clock.now().getTime();
  const documents = await documentsIn(services.database, FOLDER);
  return documents
    .map((d) => {
      const publishedAt = String(d.data.publishedAt ?? "");
      return {
        id: d.stem,
        title: String(d.data.title ?? d.stem),
        publishedAt: publishedAt.slice(0, 10),
        tags: Array.isArray(d.data.tags) ? d.data.tags.map(String) : [],
        scheduled: Date.parse(publishedAt) > now,
        edited: d.edited,
      };
    })
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));
}

/** A new entry as the editor first shows it: dated today. */
export function blankEntry(today: string): Record<string, unknown> {
  return { slug: "", record: { publishedAt: today, tags: "" }, body: "" };
}

/** An entry as the editor holds it (tags as the comma-separated text it edits); null if none. */
export async function loadEntry(services: Services, id: string) {
  const document = await readDocument(services.database, FOLDER, id);
  if (!document) return null;
  const tags = Array.isArray(document.data.tags) ? document.data.tags.join(", ") : "";
  const record: Record<string, unknown> = { ...document.data, tags };
  return { slug: id, record, body: document.body.trim() };
}

const EDITOR: DocumentEditor = {
  folder: FOLDER,
  schema: ChangelogEditorSchema,
  input: changelogInput,
  // Shown again as typed: tags as the text, not as the list they became.
  typed: (tree, input) => ({
    ...input,
    record: { ...(tree.record as object), tags: (tree.record as { tags?: string })?.tags ?? "" },
  }),
  messages: {
    slugTaken: "adminChangelog.slugTaken",
    missing: "adminChangelog.missing",
    notSaved: "adminChangelog.notSaved",
    saved: "adminChangelog.saved",
  },
  auditAction: "changelog.change",
  editorHref: (id) => href("/admin/changelog/:id", { id }),
  listHref: href("/admin/changelog"),
};

/** Saves the editor: a new entry (`id` null, its address must be free) or a change to one. */
export function saveEntry(
  services: Services,
  admin: SessionUser,
  form: FormData,
  id: string | null,
) {
  return saveDocumentForm(services, admin, form, id, EDITOR);
}

/** Deletes an entry (its confirmation box ticked). */
export function deleteEntry(services: Services, admin: SessionUser, form: FormData, id: string) {
  return deleteDocumentForm(services, admin, form, id, EDITOR);
}

/** The notice a page shows after the editor redirected to it. */
export function entryNotice(url: URL) {
  return documentNotice(url, {
    created: "adminChangelog.created",
    deleted: "adminChangelog.deleted",
  });
}
