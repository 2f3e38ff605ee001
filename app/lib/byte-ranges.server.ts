/**
 * Answers a GET for `bytes` with the whole file or the one range asked for (players and
 * browsers seek with Range requests), 416 for a range outside it. `headers` carry the type
 * and caching; the range headers are added here.
 */
export function bytesResponse(
  request: Request,
  bytes: Uint8Array<ArrayBuffer>,
  headers: Headers,
): Response {
  const size = bytes.length;
  headers.set("accept-ranges", "bytes");
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
    return new Response(bytes.slice(start, end + 1), { status: 206, headers });
  }
  headers.set("content-length", String(size));
  return new Response(bytes, { status: 200, headers });
}
