import { useEffect } from "react";
import { useNavigate, href } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { useExerciseHref } from "~/features/library";
import { ENGLISH } from "~/lib/i18n/locales";
import { useT } from "~/lib/i18n/react";
import type { LessonPageData } from "../lesson-page.server";
import { useLessonForm } from "./lesson-forms";

/** Run lesson: one item at a time, big, with the keyboard (←/→) to move through the plan. */
export function RunLesson({ lesson, index }: { lesson: LessonPageData["lesson"]; index: number }) {
  const exerciseHref = useExerciseHref();
  const t = useT();
  const status = useLessonForm(lesson.id, "status");
  const navigate = useNavigate();
  const item = lesson.items[index];
  const last = lesson.items.length - 1;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)
        return;
      if (event.key === "ArrowRight" && index < last) void navigate(`?run=${index + 1}`);
      if (event.key === "ArrowLeft" && index > 0) void navigate(`?run=${index - 1}`);
      if (event.key === "Escape") void navigate("?");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [index, last, navigate]);
  if (!item) return null;
  // Run mode is for the class: it covers the app's top bar and menus, the whole window.
  return (
    <div
      className="fixed inset-0 z-40 overflow-y-auto bg-white px-4 py-6 sm:px-8"
      data-testid="run-lesson"
    >
      <div className="mx-auto flex min-h-full max-w-4xl flex-col">
        <title>{`${lesson.title} · Parley`}</title>
        <div className="flex items-center justify-between text-sm text-slate-600">
          <span>
            {lesson.title} · {lesson.student.name}
          </span>
          <span>
            {t("lessons.runProgress", { current: index + 1, total: lesson.items.length })}
          </span>
        </div>
        <div
          className="mt-6 flex flex-1 flex-col items-center justify-center rounded-3xl bg-brand-700 p-10 text-center text-white"
          aria-live="polite"
        >
          <p className="text-sm font-semibold tracking-wide uppercase opacity-80">
            {t(`lessons.kind.${item.kind}`)} · {t("lessons.minutes", { count: item.minutes })}
          </p>
          <h1
            className="mt-4 text-3xl font-bold sm:text-5xl"
            {...(item.kind === "step" ? {} : ENGLISH)}
          >
            {item.title}
          </h1>
          {item.kind === "exercise" && item.exerciseId ? (
            <ButtonLink
              to={exerciseHref(item.exerciseId)}
              theme="white"
              size="large"
              className="mt-8"
            >
              {t("lessons.present")}
            </ButtonLink>
          ) : item.kind === "material" && item.materialId ? (
            <ButtonLink
              to={href("/dashboard/materials/:id", { id: item.materialId })}
              theme="white"
              size="large"
              className="mt-8"
            >
              {t("lessons.openMaterial")}
            </ButtonLink>
          ) : null}
        </div>
        <div className="mt-6 flex items-center justify-between gap-3">
          {index > 0 ? (
            <ButtonLink to={`?run=${index - 1}`} theme="white">
              ← {t("lessons.previous")}
            </ButtonLink>
          ) : (
            <span />
          )}
          <ButtonLink to="?" theme="white">
            {t("lessons.endRun")}
          </ButtonLink>
          {index < last ? (
            <ButtonLink to={`?run=${index + 1}`}>{t("lessons.next")} →</ButtonLink>
          ) : (
            <IntentButton
              intent="done"
              action={status.action}
              fetcher={status.fetcher}
              theme="primary"
              size="medium"
            >
              {t("lessons.finish")}
            </IntentButton>
          )}
        </div>
        {lesson.homework ? (
          <p className="mt-4 text-sm text-slate-700">
            <strong>{t("lessons.homework")}:</strong> {lesson.homework}
          </p>
        ) : null}
      </div>
    </div>
  );
}
