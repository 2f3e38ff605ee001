import type { Route } from "./+types/media-file";
import { readMedia } from "~/features/library/media.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { bytesResponse } from "~/lib/byte-ranges.server";
import { getServices } from "~/lib/context.server";
import { notFound } from "~/lib/not-found";

/**
 * GET /admin/media/<id>.mp3: an uploaded audio file for the track editor's player, before the
 * track is saved; administrators only (teachers hear tracks through their listening route,
 * which checks Premium). Byte ranges are answered, so the player can seek.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const file = await readMedia(getServices(context).db, params.file, "audio");
  if (!file) notFound(request);
  const headers = new Headers({
    "content-type": file.mime,
    "cache-control": "private, max-age=3600",
    "x-content-type-options": "nosniff",
  });
  return bytesResponse(request, new Uint8Array(file.bytes), headers);
}
