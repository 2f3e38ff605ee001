import { bytesResponse } from "~/lib/byte-ranges.server";

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

/** The MP3 named by a track's `audio` field (`/audio/<name>.mp3`), or null when there is none. */
export function audioFile(audioPath: string): { name: string; bytes: Buffer } | null {
  const name = audioPath.split("/").pop() ?? "";
  if (!/^[a-z0-9-]+\.mp3$/.test(name)) return null;
  let bytes = decoded.get(name);
  if (!bytes) {
    const dataUrl = files[`/content/audio/${name}`];
    if (!dataUrl) return null;
    bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    decoded.set(name, bytes);
  }
  return { name, bytes };
}

/** A listening track's MP3, whole or the range asked for; `download` adds the attachment header. */
export function audioResponse(
  request: Request,
  file: { name: string; bytes: Buffer },
  download: boolean,
): Response {
  const headers = new Headers({
    "content-type": "audio/mpeg",
    // Access depends on the account: the browser may keep it, shared caches may not.
    "cache-control": "private, max-age=86400",
  });
  if (download) headers.set("content-disposition", `attachment; filename="${file.name}"`);
  return bytesResponse(request, new Uint8Array(file.bytes), headers);
}
