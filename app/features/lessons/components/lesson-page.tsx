import { Link, href } from "react-router";
import { Alert } from "~/components/ui/alert";
import { DownloadPanel } from "~/components/download-panel";
import { Button, ButtonLink } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";
import { PostedAnswer } from "~/lib/page-forms";
import { LibraryPicker } from "../library-picker";
import type { LessonPageData } from "../lesson-page.server";
import { LessonDetails } from "./lesson-details";
import { useLessonAnswer, useLessonForm, type LessonAnswer } from "./lesson-forms";
import { LessonPlan } from "./lesson-plan";
import { RunLesson } from "./run-lesson";

/**
 * The lesson page: the plan, the picker (`?pick=`), the details; or run mode (`?run=N`).
 * `posted` is the answer of a form sent without JavaScript, which the form's own route
 * renders this page with.
 */
export function LessonPage({ loaded, posted }: { loaded: LessonPageData; posted?: LessonAnswer }) {
  return (
    <PostedAnswer value={posted}>
      {loaded.run !== null ? (
        <RunLesson lesson={loaded.lesson} index={loaded.run} />
      ) : (
        <LessonPlanner loaded={loaded} />
      )}
    </PostedAnswer>
  );
}

function LessonPlanner({ loaded }: { loaded: LessonPageData }) {
  const t = useT();
  const { lesson, when, picker } = loaded;
  const answer = useLessonAnswer();
  const duplicate = useLessonForm(lesson.id, "duplicate");
  const status = useLessonForm(lesson.id, "status");
  const addItem = useLessonForm(lesson.id, "add-item");
  return (
    <div className="space-y-6 print:space-y-3">
      <title>{`${lesson.title} · Parley`}</title>
      <Link
        to={`${href("/dashboard/students")}?student=${lesson.student.id}`}
        className="text-sm font-medium text-brand-700 underline print:hidden"
      >
        ← {lesson.student.name}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title={lesson.title}
          description={
            <>
              {lesson.student.name} · <LocalDateTime value={lesson.startsAt} /> ·{" "}
              {t("lessons.total", { count: lesson.minutes })} ·{" "}
              {t(`lessons.status.${lesson.status}`)}
            </>
          }
        />
        <div className="flex flex-wrap gap-2 print:hidden">
          {lesson.items.length ? <ButtonLink to="?run=0">{t("lessons.run")}</ButtonLink> : null}
          <Button theme="white" onClick={() => window.print()}>
            {t("lessons.print")}
          </Button>
          <DownloadPanel
            action={href("/dashboard/lessons/:id/pdf", { id: lesson.id })}
            pdfs={[{ part: "plan", label: t("lessons.downloadPlan") }]}
            slides={href("/dashboard/lessons/:id/slides", { id: lesson.id })}
            slidesLabel={t("presenter.downloadSlides")}
            size="medium"
          />
          <IntentButton
            intent="duplicate"
            action={duplicate.action}
            fetcher={duplicate.fetcher}
            size="medium"
          >
            {t("lessons.duplicate")}
          </IntentButton>
          <IntentButton
            intent={lesson.status === "done" ? "planned" : "done"}
            action={status.action}
            fetcher={status.fetcher}
            size="medium"
          >
            {lesson.status === "done" ? t("lessons.markPlanned") : t("lessons.markDone")}
          </IntentButton>
        </div>
      </div>
      {answer ? <Alert tone={answer.ok ? "success" : "error"}>{t(answer.key)}</Alert> : null}

      <LessonPlan lesson={lesson} />

      {picker ? (
        <LibraryPicker
          picker={picker}
          title={picker.kind === "exercise" ? t("lessons.pickExercise") : t("lessons.pickMaterial")}
          freshLabel={t(
            picker.kind === "exercise" ? "lessons.notUsed" : "lessons.notUsedMaterials",
            {
              name: lesson.student.name,
            },
          )}
          usedLabel={t("lessons.usedBefore")}
          intent={picker.kind === "exercise" ? "add-exercise" : "add-material"}
          action={addItem.action}
          fetcher={addItem.fetcher}
          actionLabel={t("lessons.add")}
          chosen={
            new Set(
              lesson.items.flatMap((item) =>
                picker.kind === "exercise"
                  ? item.exerciseId
                    ? [item.exerciseId]
                    : []
                  : item.materialId
                    ? [item.materialId]
                    : [],
              ),
            )
          }
          chosenLabel={t("lessons.inThisLesson")}
        />
      ) : null}

      <LessonDetails lesson={lesson} when={when} />
    </div>
  );
}
