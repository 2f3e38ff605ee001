import { bytesResponse } from "~/lib/byte-ranges.server";
import type { Database } from "~/lib/db.server";
import { readMedia } from "./media.server";

/**
 * The listening tracks' MP3 files (content/audio). They are not public files: a track is
 * served by `routes/dashboard/listening-audio.ts` to those who may open it (premium teachers,
 * everyone for a free track), so the bytes travel inside the server build and are decoded on
 * first use. Every instance has them; nothing depends on the working directory.
 */
const files = import.meta.glob<string>("/content/audio/*.mp3", {
  query: "?inline",
  import: "default",
  eager: true,
});

const decoded = new Map<string, Buffer>();

export interface AudioFile {
  name: string;
  mime: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * The audio named by a track's `audio` field: a bundled MP3 (`/audio/<name>.mp3`) or one an
 * administrator uploaded (`/media/<id>.mp3`, in the database); null when there is none.
 */
export async function audioFile(db: Database, audioPath: string): Promise<AudioFile | null> {
  if (audioPath.startsWith("/media/")) {
    const name = audioPath.slice("/media/".length);
    const cached = uploaded.get(name);
    if (cached) {
      // Most recently used last.
      uploaded.delete(name);
      uploaded.set(name, cached);
      return cached;
    }
    const row = await readMedia(db, name, "audio");
    if (!row) return null;
    const file = { name, mime: row.mime, bytes: new Uint8Array(row.bytes) };
    remember(file);
    return file;
  }
  return bundledAudio(audioPath);
}

/**
 * Uploaded tracks recently played, so a player seeking through one (a Range request each
 * time) does not read all of it from the database again. An upload's name is its content's
 * hash, so a kept copy never goes stale; the least recently used go first past the budget.
 */
const uploaded = new Map<string, AudioFile>();
const UPLOADED_BUDGET_BYTES = 64 * 1024 * 1024;

function remember(file: AudioFile) {
  uploaded.set(file.name, file);
  let total = 0;
  for (const kept of uploaded.values()) total += kept.bytes.length;
  for (const [name, kept] of uploaded) {
    if (total <= UPLOADED_BUDGET_BYTES) break;
    uploaded.delete(name);
    total -= kept.bytes.length;
  }
}

function bundledAudio(audioPath: string): AudioFile | null {
  const name = audioPath.split("/").pop() ?? "";
  if (!/^[a-z0-9-]+\.mp3$/.test(name)) return null;
  let bytes = decoded.get(name);
  if (!bytes) {
    const dataUrl = files[`/content/audio/${name}`];
    if (!dataUrl) return null;
    bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    decoded.set(name, bytes);
  }
  return { name, mime: "audio/mpeg", bytes: new Uint8Array(bytes) };
}

/**
 * A listening track's audio, whole or the range asked for; `download` adds the attachment
 * header, the file named after the track.
 */
export function audioResponse(
  request: Request,
  file: AudioFile,
  download: { trackId: string } | null,
): Response {
  const headers = new Headers({
    "content-type": file.mime,
    // Access depends on the account: the browser may keep it, shared caches may not.
    "cache-control": "private, max-age=86400",
  });
  if (download) {
    const extension = file.name.slice(file.name.lastIndexOf("."));
    const name = `${download.trackId.replace(/[^a-z0-9-]/g, "")}${extension}`;
    headers.set("content-disposition", `attachment; filename="${name}"`);
  }
  return bytesResponse(request, file.bytes, headers);
}
