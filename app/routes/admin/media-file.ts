import type { Route } from "./+types/media-file";
import { audioFile } from "~/features/library/audio-files.server";
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
  const file = await audioFile(getServices(context).db, `/media/${params.file}`);
  if (!file) notFound(request);
  const headers = new Headers({
    "content-type": file.mime,
    "cache-control": "private, max-age=3600",
    "x-content-type-options": "nosniff",
  });
  return bytesResponse(request, file.bytes, headers);
}
