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

/**
 * Answers a GET for `bytes` with the whole file or the one range asked for (players seek
 * with Range requests), 416 for a range outside it. `download` adds the attachment header.
 */
export function audioResponse(
  request: Request,
  file: { name: string; bytes: Buffer },
  download: boolean,
): Response {
  const size = file.bytes.length;
  const headers = new Headers({
    "content-type": "audio/mpeg",
    "accept-ranges": "bytes",
    // Access depends on the account: the browser may keep it, shared caches may not.
    "cache-control": "private, max-age=86400",
  });
  if (download) headers.set("content-disposition", `attachment; filename="${file.name}"`);
  const range = request.headers.get("range");
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (range && match && (match[1] || match[2])) {
    let start: number;
    let end: number;
    if (match[1]) {
      start = Number(match[1]);
      end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    } else {
      start = Math.max(0, size - Number(match[2]));
      end = size - 1;
    }
    if (start >= size || start > end) {
      headers.set("content-range", `bytes */${size}`);
      return new Response("The range asked for is outside the file.", { status: 416, headers });
    }
    headers.set("content-range", `bytes ${start}-${end}/${size}`);
    headers.set("content-length", String(end - start + 1));
    return new Response(new Uint8Array(file.bytes.subarray(start, end + 1)), {
      status: 206,
      headers,
    });
  }
  headers.set("content-length", String(size));
  return new Response(new Uint8Array(file.bytes), { status: 200, headers });
}
