import type { Route } from "./+types/listening-audio";
import { audioFile, audioResponse } from "~/features/library/audio-files.server";
import { audioTrackAccess, viewerFor } from "~/features/library/library.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * A listening track's MP3 (issue 17): to a teacher who may open the track, with Range
 * support for seeking; `?download=1` gives it as a file, for premium teachers only.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const viewer = await viewerFor(services.db, user, services.clock.now());
  const track = await audioTrackAccess(services.db, viewer, params.id);
  const file = track ? await audioFile(services.db, track.audioPath) : null;
  if (!track || !file) return new Response("There is no such listening track.", { status: 404 });
  if (track.locked)
    return new Response("This listening track is part of Premium.", { status: 403 });
  const download = new URL(request.url).searchParams.has("download");
  if (download && !viewer.premium && !viewer.admin)
    return new Response("Downloading listening tracks is part of Premium.", { status: 403 });
  return audioResponse(request, file, download ? { trackId: params.id } : null);
}
