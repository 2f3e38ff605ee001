import { useEffect, useMemo, useRef, useState } from "react";
import { href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { ArrowLeftIcon, ChevronIcon, ClockIcon, PrintIcon } from "~/components/ui/icons";
import { useLocale, useT } from "~/lib/i18n/react";
import type { ExerciseView } from "../library.server";
import { buildSlides, slideForKey } from "../slides";
import { DownloadPanel } from "~/components/download-panel";
import { AccessBadges, LevelBadge } from "./badges";
import { ClassSharePanel, type ShareableClass, useClassShare } from "./class-share";
import { FavoriteButton } from "./favorite-button";
import { ProjectorExit, useProjector } from "./projector";
import { SchoolFavoriteButton } from "./school-favorite-button";
import { SlideView } from "./slide-view";
import { SetPictures } from "./set-pictures";
import { dataKey } from "~/lib/i18n/translate";
import { LibraryPicture } from "./library-picture";

function formatClock(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * A countdown for the activity, started and paused by the teacher. It counts from when it will
 * end (the page's monotonic clock), not by adding up ticks: a tab the browser throttles (in the
 * background, on battery) still shows the right time, and "Time's up" comes on time.
 */
function useTimer(minutes: number) {
  const [left, setLeft] = useState(minutes * 60);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  useEffect(() => {
    if (endsAt === null) return;
    const id = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - performance.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setEndsAt(null);
    }, 250);
    return () => window.clearInterval(id);
  }, [endsAt]);
  return {
    left,
    running: endsAt !== null,
    toggle: () => {
      if (endsAt !== null) setEndsAt(null);
      else if (left > 0) setEndsAt(performance.now() + left * 1000);
    },
    reset: () => {
      setEndsAt(null);
      setLeft(minutes * 60);
    },
  };
}

/**
 * Presentation mode for class: one card at a time (arrow keys, PageUp/PageDown and
 * presentation clickers) or all at once, a timer, teacher notes, full screen and an A4 print.
 */
export function Presenter({
  exercise,
  classes,
}: {
  exercise: ExerciseView & { content: NonNullable<ExerciseView["content"]> };
  /** The teacher's classes, for "Share with class" (absent where sharing does not apply). */
  classes?: ShareableClass[];
}) {
  const t = useT();
  const locale = useLocale();
  const slides = useMemo(
    () => buildSlides(exercise.content, exercise.vocabulary ?? []),
    [exercise.content, exercise.vocabulary],
  );
  const [index, setIndex] = useState(0);
  const [mode, setMode] = useState<"one" | "all">("one");
  const [notes, setNotes] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const timer = useTimer(exercise.durationMinutes);
  const projector = useProjector(stage);
  const fullscreen = projector.on;
  const toggleFullscreen = projector.toggle;
  const classShare = useClassShare(exercise.id, index);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (
        target &&
        (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
      )
        return;
      // Space and Enter keep their meaning on buttons and links.
      if (
        (event.key === " " || event.key === "Enter") &&
        target &&
        ["BUTTON", "A"].includes(target.tagName)
      )
        return;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (mode === "one") {
        const next = slideForKey(event.key, index, slides.length);
        if (next !== null) {
          event.preventDefault();
          setIndex(next);
          return;
        }
      }
      if (event.key === "n") setNotes((n) => !n);
      else if (event.key === "f") toggleFullscreen();
      else if (event.key === "t") timer.toggle();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [index, mode, slides.length, toggleFullscreen, timer]);

  // Pictures load lazily, and a hidden card's never: printing needs them all, now.
  useEffect(() => {
    const loadAll = () =>
      document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => {
        img.loading = "eager";
      });
    window.addEventListener("beforeprint", loadAll);
    return () => window.removeEventListener("beforeprint", loadAll);
  }, []);

  const slide = slides[index];
  const notesPanel = exercise.teacherNotes ? (
    <aside
      aria-label={t("presenter.teacherNotes")}
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-sm text-slate-800 print:border-slate-300 print:bg-white"
    >
      <h2 className="text-base font-bold text-ink">{t("presenter.teacherNotes")}</h2>
      <p className="mt-2">
        <span className="font-semibold">{t("presenter.aim")}:</span>{" "}
        <bdi lang="en" dir="ltr">
          {exercise.teacherNotes.aim}
        </bdi>
      </p>
      <ol className="mt-3 list-decimal space-y-1.5 ps-5" lang="en" dir="ltr">
        {exercise.teacherNotes.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {exercise.teacherNotes.tips.length ? (
        <>
          <h3 className="mt-4 font-semibold text-ink">{t("presenter.tips")}</h3>
          <ul className="mt-1 list-disc space-y-1 ps-5" lang="en" dir="ltr">
            {exercise.teacherNotes.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </>
      ) : null}
      {exercise.showPictures?.length ? (
        <>
          <h3 className="mt-4 font-semibold text-ink">{t("presenter.picturesToShow")}</h3>
          <SetPictures
            pictures={exercise.showPictures}
            size="small"
            className="mt-2"
            testId="show-pictures"
          />
        </>
      ) : null}
    </aside>
  ) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-4 print:block">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <LevelBadge level={exercise.level} />
            <span className="text-sm font-medium uppercase tracking-wide text-slate-600">
              {t(`library.type.${exercise.type}`)}
            </span>
            <span className="inline-flex items-center gap-1 text-sm text-slate-600">
              <ClockIcon className="size-4" />{" "}
              {t("library.minutes", { count: exercise.durationMinutes })}
            </span>
            <span className="text-sm text-slate-600">
              · {exercise.grouping.map((g) => t(dataKey(`library.grouping.${g}`))).join(", ")}
            </span>
            <AccessBadges
              isFree={exercise.isFree}
              isFresh={exercise.isFresh}
              freeExpiresAt={exercise.freeExpiresAt}
              locked={false}
            />
          </div>
          {/* English text in a right-to-left interface: set and aligned left to right as a
              block, like the library's cards, not only ordered so inside a right-aligned line. */}
          <h1
            className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl"
            lang="en"
            dir="ltr"
          >
            {exercise.title}
          </h1>
          <p className="mt-1 max-w-3xl text-slate-600" lang="en" dir="ltr">
            {exercise.summary}
          </p>
          <LibraryPicture picture={exercise.picture} testId="exercise-picture" />
          {exercise.listening ? (
            <p className="mt-3 print:hidden">
              <Link
                to={`${href("/dashboard/listening")}?track=${encodeURIComponent(exercise.listening.id)}`}
                className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
              >
                {t("presenter.listening")}{" "}
                <bdi lang="en" dir="ltr">
                  {exercise.listening.title}
                </bdi>
              </Link>
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-2 print:hidden">
          <SchoolFavoriteButton
            exerciseId={exercise.id}
            schoolFavorite={exercise.schoolFavorite}
            title={exercise.title}
            labelled
          />
          <FavoriteButton
            id={exercise.id}
            favorite={exercise.favorite}
            title={exercise.title}
            large
          />
        </div>
      </header>

      <div
        className="mt-5 flex flex-wrap items-center gap-2 print:hidden"
        role="toolbar"
        aria-label={t("presenter.controls")}
      >
        <div
          className="inline-flex rounded-lg border border-slate-300 p-0.5"
          role="group"
          aria-label={t("presenter.view")}
        >
          <button
            type="button"
            aria-pressed={mode === "one"}
            onClick={() => setMode("one")}
            className={cx(
              "rounded-md px-3 py-1.5 text-sm font-medium",
              mode === "one" ? "bg-brand-700 text-white" : "text-slate-700",
            )}
          >
            {t("presenter.oneAtATime")}
          </button>
          <button
            type="button"
            aria-pressed={mode === "all"}
            onClick={() => setMode("all")}
            className={cx(
              "rounded-md px-3 py-1.5 text-sm font-medium",
              mode === "all" ? "bg-brand-700 text-white" : "text-slate-700",
            )}
          >
            {t("presenter.allAtOnce")}
          </button>
        </div>
        <Button theme="white" size="small" aria-pressed={notes} onClick={() => setNotes((n) => !n)}>
          {notes ? t("presenter.hideNotes") : t("presenter.showNotes")}
        </Button>
        <div
          className="inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-2 py-1"
          role="group"
          aria-label={t("presenter.timer")}
        >
          <ClockIcon className="size-4 text-slate-600" />
          <span
            className={cx(
              "min-w-14 text-center font-mono text-sm tabular-nums",
              timer.left === 0 ? "font-bold text-red-700" : "text-slate-800",
            )}
            aria-live={timer.left === 0 ? "assertive" : "off"}
            data-testid="timer"
          >
            {timer.left === 0 ? t("presenter.timeUp") : formatClock(timer.left)}
          </span>
          <button
            type="button"
            onClick={timer.toggle}
            className="rounded px-2 py-0.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            {timer.running ? t("presenter.pause") : t("presenter.start")}
          </button>
          <button
            type="button"
            onClick={timer.reset}
            className="rounded px-2 py-0.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            {t("presenter.reset")}
          </button>
        </div>
        <Button theme="white" size="small" onClick={toggleFullscreen}>
          {fullscreen ? t("presenter.exitFullscreen") : t("presenter.fullscreen")}
        </Button>
        <Button
          theme="white"
          size="small"
          icon={<PrintIcon className="size-4" />}
          onClick={() => window.print()}
        >
          {t("presenter.print")}
        </Button>
        <DownloadPanel
          action={href("/dashboard/exercises/:id/pdf", { id: exercise.id })}
          pdfs={[
            { part: "cards", label: t("download.cards") },
            { part: "notes", label: t("download.notes") },
          ]}
          slides={href("/dashboard/exercises/:id/slides", { id: exercise.id })}
          slidesLabel={t("presenter.downloadSlides")}
        />
        <p className="ms-auto hidden text-xs text-slate-600 lg:block">{t("presenter.keysHint")}</p>
      </div>
      {classes ? (
        <div className="mt-3 flex">
          <ClassSharePanel classes={classes} share={classShare} />
        </div>
      ) : null}

      <div className={cx("mt-5 grid gap-5", notes && "lg:grid-cols-[minmax(0,1fr)_20rem]")}>
        <div
          ref={stage}
          // The cards are English teaching material: laid out left to right in every interface.
          dir="ltr"
          className={cx(
            "min-w-0 bg-white",
            fullscreen &&
              "fixed inset-0 z-50 flex flex-col justify-center overflow-y-auto p-[3vw] print:static",
          )}
          data-projector={fullscreen || undefined}
        >
          {fullscreen ? (
            // Projector mode: what the room needs from the laptop's controls, large.
            <div
              dir={locale.dir}
              className="mb-[2vh] flex flex-wrap items-center justify-between gap-4 text-[clamp(1rem,1.5vw,1.6rem)]"
              data-testid="projector-bar"
            >
              <div
                className="flex items-center gap-3"
                role="group"
                aria-label={t("presenter.timer")}
              >
                <ClockIcon className="size-[1.2em] text-slate-600" />
                <span
                  className={cx(
                    "font-mono font-bold tabular-nums",
                    timer.left === 0 ? "text-red-700" : "text-slate-800",
                  )}
                  data-testid="projector-timer"
                >
                  {formatClock(timer.left)}
                </span>
                <Button theme="white" size="small" onClick={timer.toggle}>
                  {timer.running ? t("presenter.pause") : t("presenter.start")}
                </Button>
              </div>
              {mode === "one" ? (
                <span
                  dir="ltr"
                  className="text-[clamp(1.5rem,2.8vw,3rem)] font-extrabold tabular-nums text-ink"
                  data-testid="projector-counter"
                >
                  {index + 1} / {slides.length}
                </span>
              ) : null}
              <ProjectorExit onExit={projector.leave} />
            </div>
          ) : null}
          {fullscreen && timer.left === 0 ? (
            <p
              role="alert"
              dir={locale.dir}
              className="mb-[2vh] rounded-2xl bg-red-700 px-6 py-[2vh] text-center text-[clamp(1.8rem,4vw,4rem)] font-extrabold text-white"
              data-testid="projector-time-up"
            >
              {t("presenter.timeUp")}
            </p>
          ) : null}
          {mode === "one" && slide ? (
            <section
              className="print:hidden"
              aria-roledescription={t("presenter.slide")}
              aria-label={t("presenter.slideOf", {
                index: String(index + 1),
                total: String(slides.length),
              })}
            >
              <div
                className="flex min-h-[55vh] flex-col justify-center rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
                data-testid="slide"
                aria-live="polite"
              >
                <SlideView slide={slide} large />
              </div>
              <div className="mt-4 flex items-center justify-between gap-3">
                <Button
                  theme="white"
                  onClick={() => setIndex((i) => Math.max(0, i - 1))}
                  disabled={index === 0}
                  icon={<ArrowLeftIcon className="size-4 rtl-flip" />}
                >
                  {t("presenter.previous")}
                </Button>
                {/* On a phone a counter takes the dots' place: they need more room than it has. */}
                <span className="text-sm font-medium text-slate-700 sm:hidden" aria-hidden="true">
                  {index + 1} / {slides.length}
                </span>
                <div className="hidden items-center gap-1.5 sm:flex" aria-hidden="true">
                  {slides.map((_, i) => (
                    <span
                      key={i}
                      className={cx(
                        "size-2 rounded-full",
                        i === index ? "bg-brand-600" : "bg-slate-300",
                      )}
                    />
                  ))}
                </div>
                <span className="sr-only" aria-live="polite">
                  {t("presenter.slideOf", {
                    index: String(index + 1),
                    total: String(slides.length),
                  })}
                </span>
                <Button
                  onClick={() => setIndex((i) => Math.min(slides.length - 1, i + 1))}
                  disabled={index === slides.length - 1}
                  icon={<ChevronIcon className="size-4 rtl-flip" />}
                >
                  {t("presenter.next")}
                </Button>
              </div>
            </section>
          ) : null}
          <ol
            className={cx("space-y-4", mode === "one" ? "hidden print:block" : "block")}
            data-testid="all-slides"
          >
            {slides.map((s, i) => (
              <li
                key={i}
                className="break-inside-avoid rounded-2xl border border-slate-200 bg-white p-5 print:rounded-none print:border-0 print:border-b print:p-0 print:pb-4"
              >
                <SlideView slide={s} />
              </li>
            ))}
          </ol>
        </div>
        {notes ? <div className="print:hidden">{notesPanel}</div> : null}
      </div>
      <div className="hidden print:mt-6 print:block">{notesPanel}</div>
    </div>
  );
}
