import { useEffect, useState } from "react";
import { href, useFetcher, useRevalidator } from "react-router";
import { ArrowLeftIcon, ChevronIcon } from "~/components/ui/icons";
import { IntentButton } from "~/components/ui/intent-button";
import { SlideView } from "~/features/library";
import { slideForKey } from "~/features/library";
import { subscribeLive } from "~/features/notifications";
import type { liveExercise } from "~/features/classes/classes.server";
import { useT } from "~/lib/i18n/react";

/**
 * The class's live view: the card the teacher presents, followed in real time by every
 * student's screen (server-sent events). The teacher moves it with Previous and Next, the
 * arrow keys or a presentation clicker, and stops it.
 */
type Live = Awaited<ReturnType<typeof liveExercise>>;

export function LiveView({
  role,
  live,
  classId,
}: {
  role: "teacher" | "student";
  live: Live;
  classId: string;
}) {
  const t = useT();
  const revalidator = useRevalidator();
  // The controls post to the class's live route (one form per route module, issue 20).
  const fetcher = useFetcher({ key: `class-live:${classId}` });
  const liveAction = href("/class/:id/live", { id: classId });
  const [card, setCard] = useState({ from: live, index: live?.card ?? 0 });
  // The teacher's arrow keys (and a presentation clicker's) move the class's card, as the
  // Previous and Next buttons do, except while typing in a field.
  const slideCount = live?.slides.length ?? 0;
  useEffect(() => {
    if (role !== "teacher" || slideCount === 0) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (target?.closest("input, textarea, select, [contenteditable]")) return;
      if (!["ArrowRight", "ArrowLeft", "PageDown", "PageUp"].includes(event.key)) return;
      const next = slideForKey(event.key, card.index, slideCount);
      if (next === null || next === card.index) return;
      event.preventDefault();
      setCard((c) => ({ ...c, index: next }));
      void fetcher.submit(
        { intent: "card", card: String(next) },
        { method: "post", action: liveAction },
      );
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [role, slideCount, card.index, fetcher, liveAction]);
  if (card.from !== live) setCard({ from: live, index: live?.card ?? 0 });
  useEffect(
    () =>
      subscribeLive(`/api/events?class=${encodeURIComponent(classId)}`, (event, payload) => {
        if (event === "shares") void revalidator.revalidate();
        if (event !== "live") return;
        const next = payload as { exerciseId: string | null; card: number };
        if (next.exerciseId !== (live?.exerciseId ?? null)) void revalidator.revalidate();
        else setCard((c) => ({ ...c, index: next.card }));
      }),
    [classId, live?.exerciseId, revalidator],
  );
  if (!live)
    return (
      <p
        className="rounded-2xl border border-dashed border-slate-300 p-5 text-slate-600"
        data-testid="live-idle"
      >
        {t(role === "teacher" ? "classes.live.idleTeacher" : "classes.live.idle")}
      </p>
    );
  const slide = live.slides[Math.min(card.index, live.slides.length - 1)];
  return (
    <section
      aria-labelledby="live"
      className="rounded-2xl border border-brand-200 bg-white p-5"
      data-testid="live-view"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="live" className="text-lg font-semibold text-ink">
          {t("classes.live.title")}:{" "}
          <span lang="en" dir="ltr">
            {live.title}
          </span>
        </h2>
        <span className="text-sm text-slate-600" data-testid="live-card">
          {t("classes.live.card", { current: card.index + 1, total: live.slides.length })}
        </span>
      </div>
      <div className="mt-4" lang="en" dir="ltr">
        {slide ? <SlideView slide={slide} large /> : null}
      </div>
      {role === "teacher" ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <IntentButton
            intent="card"
            action={liveAction}
            fetcher={fetcher}
            fields={{ card: Math.max(0, card.index - 1) }}
            size="medium"
            icon={<ArrowLeftIcon className="size-4 rtl-flip" />}
          >
            {t("classes.live.previous")}
          </IntentButton>
          <IntentButton
            intent="card"
            action={liveAction}
            fetcher={fetcher}
            fields={{ card: Math.min(live.slides.length - 1, card.index + 1) }}
            theme="primary"
            size="medium"
            icon={<ChevronIcon className="size-4 rtl-flip" />}
          >
            {t("classes.live.next")}
          </IntentButton>
          <IntentButton intent="stop" action={liveAction} fetcher={fetcher} size="medium">
            {t("classes.live.stop")}
          </IntentButton>
        </div>
      ) : null}
    </section>
  );
}
