import { useEffect, useRef, useState } from "react";
import { Link, redirect, useLoaderData, useSearchParams, href } from "react-router";
import type { Route } from "./+types/audio";
import { cx } from "~/components/ui/cx";
import { LockIcon } from "~/components/ui/icons";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { AccessBadges, LevelBadge } from "~/features/library/components/badges";
import { listAudioTracks, viewerFor } from "~/features/library/library.server";
import { getUser, isAdmin, requireUser } from "~/lib/auth/session.server";
import { renderMarkdown } from "~/lib/content/markdown";
import { getServices } from "~/lib/context.server";
import { ENGLISH } from "~/lib/i18n/locales";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

const SPEEDS = [0.75, 0.9, 1, 1.1, 1.25] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // The audio section is shown to admins only for now (spec §2.5), and guarded the same way.
  if (!isAdmin(user)) throw redirect(href("/dashboard"));
  const { db } = getServices(context);
  const tracks = await listAudioTracks(
    db,
    await viewerFor(db, getUser(context), getServices(context).clock.now()),
  );
  return {
    tracks: tracks.map((track) => ({
      ...track,
      transcript: undefined,
      transcriptHtml: track.transcript ? renderMarkdown(track.transcript) : null,
    })),
  };
}

function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export default function AudioPage() {
  const t = useT();
  const { tracks } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const selected = tracks.find((track) => track.id === params.get("track")) ?? tracks[0];
  const audio = useRef<HTMLAudioElement>(null);
  const [speed, setSpeed] = useState(1);
  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed, selected?.id]);
  // The transcript waits until the class has listened: closed for each track, opened when it
  // ends (or by the teacher at any time).
  const [transcriptOpenFor, setTranscriptOpenFor] = useState<string | null>(null);
  const transcriptOpen = selected !== undefined && transcriptOpenFor === selected.id;
  const setTranscriptOpen = (open: boolean) =>
    setTranscriptOpenFor(open && selected ? selected.id : null);

  return (
    <>
      <title>{`${t("page.audio.title")} · Parley`}</title>
      <PageHeader title={t("page.audio.title")} description={t("page.audio.description")} />
      {tracks.length === 0 || !selected ? (
        <EmptyState title={t("page.audio.emptyTitle")}>{t("page.audio.empty")}</EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <nav aria-label={t("audio.tracks")}>
            <ul className="space-y-2">
              {tracks.map((track) => (
                <li key={track.id}>
                  <Link
                    to={`?track=${track.id}`}
                    preventScrollReset
                    aria-current={track.id === selected.id ? "true" : undefined}
                    className={cx(
                      "block rounded-xl border p-3 hover:bg-white",
                      track.id === selected.id
                        ? "border-brand-500 bg-white ring-2 ring-brand-200"
                        : "border-slate-200 bg-slate-50",
                    )}
                  >
                    <span className="flex items-center gap-2">
                      <LevelBadge level={track.level} />
                      <span className="text-xs text-slate-600">
                        {formatDuration(track.durationSeconds)}
                      </span>
                      {track.locked ? (
                        <LockIcon
                          className="size-4 text-slate-400"
                          aria-label={t("library.badge.premium")}
                        />
                      ) : null}
                    </span>
                    <span className="mt-1 block font-semibold text-ink">{track.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section
            aria-labelledby="track-title"
            className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
          >
            <div className="flex flex-wrap items-center gap-2">
              <LevelBadge level={selected.level} />
              <AccessBadges isFree={selected.isFree} locked={selected.locked} />
            </div>
            <h2 id="track-title" className="mt-2 text-2xl font-bold text-ink" {...ENGLISH}>
              {selected.title}
            </h2>
            <p className="mt-1 text-slate-600" {...ENGLISH}>
              {selected.description}
            </p>
            {selected.audioUrl ? (
              <>
                <audio
                  ref={audio}
                  key={selected.id}
                  controls
                  preload="metadata"
                  src={selected.audioUrl}
                  className="mt-5 w-full"
                  aria-label={t("audio.player", { title: selected.title })}
                  onEnded={() => setTranscriptOpen(true)}
                />
                <div
                  className="mt-3 flex flex-wrap items-center gap-2"
                  role="group"
                  aria-label={t("audio.speed")}
                >
                  <span className="text-sm text-slate-600">{t("audio.speed")}</span>
                  {SPEEDS.map((s) => (
                    <button
                      key={s}
                      type="button"
                      aria-pressed={speed === s}
                      onClick={() => setSpeed(s)}
                      className={cx(
                        "rounded-md px-2.5 py-1 text-sm font-medium",
                        speed === s
                          ? "bg-brand-700 text-white"
                          : "bg-slate-100 text-slate-700 hover:bg-slate-200",
                      )}
                    >
                      {s}×
                    </button>
                  ))}
                </div>
                {selected.transcriptHtml ? (
                  <details
                    className="mt-6 border-t border-slate-100 pt-4"
                    open={transcriptOpen}
                    onToggle={(event) => setTranscriptOpen(event.currentTarget.open)}
                    data-testid="transcript"
                  >
                    <summary className="cursor-pointer font-semibold text-brand-700">
                      {t("audio.transcript")}
                    </summary>
                    <p className="mt-1 text-sm text-slate-600">{t("audio.transcriptHint")}</p>
                    <div
                      className="prose-parley mt-4"
                      {...ENGLISH}
                      dangerouslySetInnerHTML={{ __html: selected.transcriptHtml }}
                    />
                  </details>
                ) : null}
              </>
            ) : (
              <p className="mt-6 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
                {t("presenter.lockedText")}
              </p>
            )}
          </section>
        </div>
      )}
    </>
  );
}
