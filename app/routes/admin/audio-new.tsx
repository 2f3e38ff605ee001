import { href, Link } from "react-router";
import type { Route } from "./+types/audio-new";
import { PageHeader } from "~/components/ui/page-header";
import { TrackEditor } from "~/features/library/components/admin-track-editor";
import { blankTrack, saveTrack } from "~/features/library/track-editor.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

/** /admin/audio/new: a new listening track, created as the form says. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { draft: blankTrack(getServices(context).clock.now().toISOString().slice(0, 10)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  return saveTrack(getServices(context), admin, await readForm(request), null);
}

export default function NewTrackPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const title = t("adminAudio.new");
  return (
    <>
      <title>{`${title} · Parley`}</title>
      <PageHeader title={title} />
      <p className="mb-6">
        <Link
          to={href("/admin/audio")}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminAudio.backToList")}
        </Link>
      </p>
      <TrackEditor
        mode="new"
        tree={
          (actionData && "tree" in actionData ? actionData.tree : undefined) ?? loaderData.draft
        }
        errors={actionData && "errors" in actionData ? actionData.errors : {}}
        answer={actionData}
      />
    </>
  );
}
