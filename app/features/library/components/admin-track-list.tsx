import { href, Link } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import type { FormAnswer } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import type { AdminTrackRow } from "../track-editor.server";

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** Admin → Listening: every track, with a way to add one and to open each in its editor. */
export function AdminTrackList({
  tracks,
  notice,
}: {
  tracks: AdminTrackRow[];
  notice?: FormAnswer;
}) {
  const t = useT();
  return (
    <>
      <PageHeader title={t("adminAudio.title")} description={t("adminAudio.description")} />
      <AnswerAlert answer={notice} />
      <div className="mb-6 flex flex-wrap gap-3">
        <ButtonLink to={href("/admin/audio/new")}>{t("adminAudio.new")}</ButtonLink>
        <ButtonLink to={href("/dashboard/listening")} theme="white">
          {t("adminAudio.asTeachers")}
        </ButtonLink>
      </div>
      {tracks.length === 0 ? (
        <EmptyState title={t("adminAudio.none")} />
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
          data-testid="admin-track-list"
        >
          {tracks.map((track) => (
            <li
              key={track.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-ink">
                  <Link to={href("/admin/audio/:id", { id: track.id })} className="hover:underline">
                    <bdi lang="en" dir="ltr">
                      {track.title}
                    </bdi>
                  </Link>
                </p>
                <p className="text-sm text-slate-600">
                  {track.level} · <bdi dir="ltr">{minutes(track.durationSeconds)}</bdi> ·{" "}
                  {track.isFree ? t("adminLibrary.access.free") : t("adminLibrary.access.premium")}{" "}
                  · {t("adminLibrary.publishedOn", { date: track.publishedAt })}
                  {track.uploaded ? ` · ${t("adminAudio.uploaded")}` : ""}
                  {track.edited ? ` · ${t("adminLibrary.edited")}` : ""}
                </p>
              </div>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
                  track.scheduled
                    ? "bg-amber-50 text-amber-900 ring-amber-300"
                    : "bg-green-50 text-green-900 ring-green-300"
                }`}
              >
                {t(
                  track.scheduled
                    ? "adminLibrary.status.scheduled"
                    : "adminLibrary.status.published",
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
