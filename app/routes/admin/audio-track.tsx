import { href, Link } from "react-router";
import type { Route } from "./+types/audio-track";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { DeleteTrack, TrackEditor } from "~/features/library/components/admin-track-editor";
import {
  deleteTrack,
  loadTrack,
  saveTrack,
  trackNotice,
} from "~/features/library/track-editor.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formRefused } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { notFound } from "~/lib/not-found";

/** /admin/audio/:id: one listening track's editor (details, audio, transcript) and deletion. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const track = await loadTrack(getServices(context), params.id);
  if (!track) notFound(request);
  return { track, notice: trackNotice(new URL(request.url)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "save") return saveTrack(services, admin, form, params.id);
  if (intent === "delete") return deleteTrack(services, admin, form, params.id);
  return formRefused("adminAudio.missing", 400);
}

export default function TrackPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { track, notice } = loaderData;
  const title = String(track.record.title ?? track.slug);
  return (
    <>
      <title>{`${title} · ${t("adminAudio.edit")} · Parley`}</title>
      <PageHeader title={t("adminAudio.edit")} description={title} />
      <p className="mb-4">
        <Link
          to={href("/admin/audio")}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminAudio.backToList")}
        </Link>
      </p>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <ButtonLink
          to={`${href("/dashboard/listening")}?track=${encodeURIComponent(track.slug)}`}
          theme="white"
        >
          {t("adminAudio.asTeachers")}
        </ButtonLink>
        <DeleteTrack answer={actionData} />
      </div>
      <TrackEditor
        key={JSON.stringify(track.record)}
        mode="edit"
        tree={(actionData && "tree" in actionData ? actionData.tree : undefined) ?? track}
        errors={actionData && "errors" in actionData ? actionData.errors : {}}
        answer={actionData ?? notice}
      />
    </>
  );
}
