import type { Route } from "./+types/audio";
import { AdminTrackList } from "~/features/library/components/admin-track-list";
import { adminTrackList, trackNotice } from "~/features/library/track-editor.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";

/** /admin/audio: the listening tracks (issue 15 item 3), where the top bar's Audio link leads. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return {
    tracks: await adminTrackList(getServices(context)),
    notice: trackNotice(new URL(request.url)),
  };
}

export default function AdminAudioPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("adminAudio.title")} · Parley`}</title>
      <AdminTrackList tracks={loaderData.tracks} notice={loaderData.notice} />
    </>
  );
}
