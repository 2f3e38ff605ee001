import { and, isNotNull } from "drizzle-orm";
import { exercises } from "@db/schema";
import type { SessionUser } from "~/lib/auth/session.server";
import { renderMarkdown } from "~/lib/content/markdown";
import type { Services } from "~/lib/services.server";
import type { ListeningTrack } from "./components/listening-view";
import { listAudioTracks, viewerFor } from "./library.server";
import { exerciseVisible } from "./visibility.server";
import { CEFR_LEVELS, type CefrLevel } from "./vocabulary";

/** The tracks a listening page shows, narrowed to `?level=` when it names a level. */
export async function listeningPageData(services: Services, user: SessionUser, request: Request) {
  const viewer = await viewerFor(services.db, user, services.clock.now());
  const [all, linked] = await Promise.all([
    listAudioTracks(services.db, viewer),
    // The exercises that go with each track (issue 17 item 4), as teachers may find them.
    services.db
      .select({ id: exercises.id, title: exercises.title, track: exercises.listening })
      .from(exercises)
      .where(and(isNotNull(exercises.listening), exerciseVisible(viewer.now)))
      .orderBy(exercises.title),
  ]);
  const asked = new URL(request.url).searchParams.get("level");
  const level = CEFR_LEVELS.find((l) => l === asked) ?? null;
  const tracks: ListeningTrack[] = all
    .filter((track) => level === null || track.level === level)
    .map(({ transcript, ...track }) => ({
      ...track,
      transcriptHtml: transcript ? renderMarkdown(transcript) : null,
      exercises: linked.filter((e) => e.track === track.id).map(({ id, title }) => ({ id, title })),
    }));
  const levels: CefrLevel[] = CEFR_LEVELS.filter((l) => all.some((track) => track.level === l));
  return { tracks, levels, level, canDownload: viewer.premium || viewer.admin };
}
