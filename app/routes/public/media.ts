import type { Route } from "./+types/media";
import { readMedia } from "~/features/library/media.server";
import { bytesResponse } from "~/lib/byte-ranges.server";
import { getServices } from "~/lib/context.server";
import { notFound } from "~/lib/not-found";

/**
 * GET /media/<id>.webp: a picture from the admin panel's media library, to anyone (pictures
 * illustrate exercises and materials; the page decides who sees those). Its name is its
 * content's hash, so it is cached for a year as immutable; byte ranges are answered (206).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const file = await readMedia(getServices(context).db, params.file, "picture");
  if (!file) notFound(request);
  const headers = new Headers({
    "content-type": file.mime,
    "cache-control": "public, max-age=31536000, immutable",
    etag: `"${file.id}"`,
    "x-content-type-options": "nosniff",
  });
  if (request.headers.get("if-none-match") === `"${file.id}"`)
    return new Response(null, { status: 304, headers });
  return bytesResponse(request, new Uint8Array(file.bytes), headers);
}
