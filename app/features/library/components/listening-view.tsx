import { useEffect, useRef, useState } from "react";
import { href, Link, useSearchParams } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { LockIcon } from "~/components/ui/icons";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { AccessBadges, LevelBadge } from "~/features/library/components/badges";
import type { CefrLevel } from "~/features/library/vocabulary";
import { ENGLISH } from "~/lib/i18n/locales";
import { useT } from "~/lib/i18n/react";
import { useExerciseHref } from "./exercise-href";

const SPEEDS = [0.75, 0.9, 1, 1.1, 1.25] as const;

export interface ListeningTrack {
  id: string;
  title: string;
  description: string;
  level: CefrLevel;
  durationSeconds: number;
  isFree: boolean;
  locked: boolean;
  audioUrl: string | null;
  transcriptHtml: string | null;
  /** Speaking exercises that go with the track. */
  exercises: { id: string; title: string }[];
}

function formatDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Listening tracks beside a player (issue 17): pick a track, play it to the class at a speed
 * that suits them, then open the transcript. A locked track offers Premium instead; premium
 * teachers may download the file. Used by the teachers' Listening page and the admins' Audio
 * page.
 */
export function ListeningView({
  title,
  description,
  tracks,
  levels,
  level,
  canDownload,
}: {
  title: string;
  description: string;
  tracks: ListeningTrack[];
  /** The levels that have tracks, for the level filter; none hides it. */
  levels: CefrLevel[];
  level: CefrLevel | null;
  canDownload: boolean;
}) {
  const t = useT();
  const exerciseHref = useExerciseHref();
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
      <title>{`${title} · Parley`}</title>
      <PageHeader title={title} description={description} />
      {levels.length > 1 ? (
        <nav aria-label={t("library.filter.level")} className="mb-5">
          <ul className="flex flex-wrap gap-2">
            {[null, ...levels].map((option) => (
              <li key={option ?? "all"}>
                <Link
                  to={option ? `?level=${option}` : "?"}
                  preventScrollReset
                  aria-current={option === level ? "page" : undefined}
                  className={cx(
                    "inline-block rounded-full px-3 py-1 text-sm font-medium",
                    option === level
                      ? "bg-brand-700 text-white"
                      : "bg-slate-100 text-slate-700 hover:bg-slate-200",
                  )}
                >
                  {option ?? t("listening.allLevels")}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {tracks.length === 0 || !selected ? (
        <EmptyState title={t("page.audio.emptyTitle")}>
          {level ? t("listening.empty") : t("page.audio.empty")}
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <nav aria-label={t("audio.tracks")}>
            <ul className="space-y-2">
              {tracks.map((track) => (
                <li key={track.id}>
                  <Link
                    to={`?${level ? `level=${level}&` : ""}track=${encodeURIComponent(track.id)}`}
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
            <p className="mt-2 text-xs text-slate-500">{t("listening.synthesized")}</p>
            {selected.exercises.length > 0 ? (
              <div className="mt-4" data-testid="track-exercises">
                <p className="text-sm font-medium text-slate-800">{t("listening.exercises")}</p>
                <ul className="mt-1 flex flex-wrap gap-2">
                  {selected.exercises.map((exercise) => (
                    <li key={exercise.id}>
                      <Link
                        to={exerciseHref(exercise.id)}
                        className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
                      >
                        <bdi {...ENGLISH}>{exercise.title}</bdi>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
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
                {canDownload ? (
                  <p className="mt-3">
                    <a
                      href={`${selected.audioUrl}?download=1`}
                      download
                      className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      {t("listening.download")}
                    </a>
                  </p>
                ) : null}
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
              <div className="mt-6 rounded-xl bg-slate-50 p-5" data-testid="locked-track">
                <LockIcon className="size-6 text-brand-700" />
                <p className="mt-2 font-medium text-ink">{t("listening.lockedTitle")}</p>
                <p className="mt-1 text-sm text-slate-600">{t("listening.lockedText")}</p>
                <ButtonLink to={href("/dashboard/membership")} theme="secondary" className="mt-4">
                  {t("menu.goPremium")}
                </ButtonLink>
              </div>
            )}
          </section>
        </div>
      )}
    </>
  );
}
