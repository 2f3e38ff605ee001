import type { SessionUser } from "~/lib/auth/session.server";
import { renderMarkdown } from "~/lib/content/markdown";
import type { Services } from "~/lib/services.server";
import type { ListeningTrack } from "./components/listening-view";
import { listAudioTracks, viewerFor } from "./library.server";
import { CEFR_LEVELS, type CefrLevel } from "./vocabulary";

/** The tracks a listening page shows, narrowed to `?level=` when it names a level. */
export async function listeningPageData(services: Services, user: SessionUser, request: Request) {
  const viewer = await viewerFor(services.db, user, services.clock.now());
  const all = await listAudioTracks(services.db, viewer);
  const asked = new URL(request.url).searchParams.get("level");
  const level = CEFR_LEVELS.find((l) => l === asked) ?? null;
  const tracks: ListeningTrack[] = all
    .filter((track) => level === null || track.level === level)
    .map(({ transcript, ...track }) => ({
      ...track,
      transcriptHtml: transcript ? renderMarkdown(transcript) : null,
    }));
  const levels: CefrLevel[] = CEFR_LEVELS.filter((l) => all.some((track) => track.level === l));
  return { tracks, levels, level, canDownload: viewer.premium || viewer.admin };
}
