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
import { syncAudio } from "./sync.server";
import { TrackEditorSchema, trackInput } from "./track-form";
import type { CefrLevel } from "./vocabulary";

/**
 * Admin → Listening (issue 15 item 3, issue 17 item 4): the listening tracks as files of the
 * transcript collection (decision record 014). Saving writes the file for every instance,
 * rebuilds the transcript table and the tracks (syncAudio); the audio itself is uploaded to the
 * media table first and the file names it.
 */

const FOLDER = "transcript/";

export interface AdminTrackRow {
  id: string;
  title: string;
  level: CefrLevel;
  isFree: boolean;
  durationSeconds: number;
  publishedAt: string;
  scheduled: boolean;
  edited: boolean;
  /** The audio was uploaded in the panel (not a bundled file). */
  uploaded: boolean;
}

/** Every track, by level and title, with what the list shows of it. */
export async function adminTrackList(services: Services): Promise<AdminTrackRow[]> {
  const now = services.clock.now();
  const documents = await documentsIn(services.database, FOLDER);
  return documents
    .map((d) => {
      const publishedAt = String(d.data.publishedAt ?? "");
      return {
        id: d.stem,
        title: String(d.data.title ?? d.stem),
        level: String(d.data.level ?? "") as CefrLevel,
        isFree: d.data.isFree === true,
        durationSeconds: Number(d.data.durationSeconds ?? 0),
        publishedAt: publishedAt.slice(0, 10),
        scheduled: Date.parse(publishedAt) > now.getTime(),
        edited: d.edited,
        uploaded: String(d.data.audio ?? "").startsWith("/media/"),
      };
    })
    .sort((a, b) => a.level.localeCompare(b.level) || a.title.localeCompare(b.title));
}

/** A blank track as the "new" editor shows it: dated today, nothing else filled. */
export function blankTrack(today: string): Record<string, unknown> {
  return {
    slug: "",
    record: { level: "B1", topics: [], voices: [], isFree: false, publishedAt: today },
    body: "## Transcript\n\n\n\n## Before you listen\n\n1. \n\n## While you listen\n\n1. \n",
  };
}

/** A track as the editor holds it; null when there is none. */
export async function loadTrack(services: Services, id: string) {
  const document = await readDocument(services.database, FOLDER, id);
  if (!document) return null;
  return { slug: id, record: document.data, body: document.body.trim() };
}

const EDITOR: DocumentEditor = {
  folder: FOLDER,
  schema: TrackEditorSchema,
  input: trackInput,
  messages: {
    slugTaken: "adminAudio.slugTaken",
    missing: "adminAudio.missing",
    notSaved: "adminAudio.notSaved",
    saved: "adminAudio.saved",
  },
  auditAction: "audio.change",
  editorHref: (id) => href("/admin/audio/:id", { id }),
  listHref: href("/admin/audio"),
  // The listening table follows the transcript files at once.
  afterChange: (services) => syncAudio(services.db).then(() => undefined),
};

/**
 * Saves the editor's form: a new track (`id` null; its slug must be free) or a change to one.
 * A new track goes to its editor; a change stays on the page with a notice.
 */
export function saveTrack(
  services: Services,
  admin: SessionUser,
  form: FormData,
  id: string | null,
) {
  return saveDocumentForm(services, admin, form, id, EDITOR);
}

/** Deletes a track (with its confirmation box ticked); the list says so. */
export function deleteTrack(services: Services, admin: SessionUser, form: FormData, id: string) {
  return deleteDocumentForm(services, admin, form, id, EDITOR);
}

/** The notice a page shows after the editor redirected to it. */
export function trackNotice(url: URL) {
  return documentNotice(url, { created: "adminAudio.created", deleted: "adminAudio.deleted" });
}
