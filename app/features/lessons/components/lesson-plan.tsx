import { Link, href } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { useExerciseHref } from "~/features/library";
import { useT } from "~/lib/i18n/react";
import { useFocusAfterRemove } from "../keep-focus";
import type { LessonPageData } from "../lesson-page.server";
import { useLessonForm } from "./lesson-forms";

/**
 * The lesson's plan: its items in order, each with its minutes, up, down and remove; the
 * way to the picker; and a step of the teacher's own. Removing an item keeps focus in the
 * plan (useFocusAfterRemove).
 */
export function LessonPlan({ lesson }: { lesson: LessonPageData["lesson"] }) {
  const t = useT();
  const exerciseHref = useExerciseHref();
  const { listRef, emptyRef, onRemoveSubmit } = useFocusAfterRemove(lesson.items.length);
  const minutes = useLessonForm(lesson.id, "minutes");
  const change = useLessonForm(lesson.id, "item");
  const addStep = useLessonForm(lesson.id, "add-step");
  return (
    <section aria-labelledby="plan" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="plan" ref={emptyRef} tabIndex={-1} className="text-lg font-semibold text-ink">
        {t("lessons.plan")}
      </h2>
      {lesson.items.length === 0 ? (
        <p className="mt-2 text-slate-600">{t("lessons.emptyPlan")}</p>
      ) : (
        <ol ref={listRef} onSubmit={onRemoveSubmit} className="mt-3 space-y-2">
          {lesson.items.map((item, i) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3"
            >
              <span className="w-6 text-sm font-semibold text-slate-500">{i + 1}.</span>
              <div className="min-w-0 flex-1 basis-[calc(100%-2.5rem)] sm:basis-0">
                <p className="font-medium text-ink">
                  {item.kind === "exercise" && item.exerciseId ? (
                    <Link
                      to={exerciseHref(item.exerciseId)}
                      className="hover:underline"
                      lang="en"
                      dir="ltr"
                    >
                      {item.title}
                    </Link>
                  ) : item.kind === "material" && item.materialId ? (
                    <Link
                      to={href("/dashboard/materials/:id", { id: item.materialId })}
                      className="hover:underline"
                      lang="en"
                      dir="ltr"
                    >
                      {item.title}
                    </Link>
                  ) : (
                    item.text
                  )}
                </p>
                <p className="text-sm text-slate-600">
                  {t(`lessons.kind.${item.kind}`)}
                  {item.level ? ` · ${item.level}` : ""}
                  {item.usedBefore ? (
                    <>
                      {" · "}
                      <span className="font-medium text-amber-800">
                        {t("lessons.usedBefore")} <LocalDateTime value={item.usedBefore} />
                      </span>
                    </>
                  ) : null}
                </p>
              </div>
              <minutes.fetcher.Form
                method="post"
                action={minutes.action}
                className="flex items-center gap-1 print:hidden"
              >
                <input type="hidden" name="itemId" value={item.id} />
                <label className="text-sm text-slate-700">
                  <span className="sr-only">
                    {t("lessons.minutesLabel", { title: item.title })}
                  </span>
                  <input
                    type="number"
                    name="minutes"
                    min={0}
                    max={600}
                    defaultValue={item.minutes}
                    className="w-16 rounded-lg border border-slate-300 px-2 py-1"
                  />
                </label>
                <span className="text-sm text-slate-600">{t("lessons.min")}</span>
                <Button type="submit" size="small" theme="white">
                  {t("lessons.set")}
                </Button>
              </minutes.fetcher.Form>
              <span className="hidden text-sm print:inline">
                {t("lessons.minutes", { count: item.minutes })}
              </span>
              <div className="flex gap-1 print:hidden">
                <IntentButton
                  intent="up"
                  action={change.action}
                  fetcher={change.fetcher}
                  fields={{ itemId: item.id }}
                >
                  <span aria-hidden="true">↑</span>
                  <span className="sr-only">{t("lessons.up", { title: item.title })}</span>
                </IntentButton>
                <IntentButton
                  intent="down"
                  action={change.action}
                  fetcher={change.fetcher}
                  fields={{ itemId: item.id }}
                >
                  <span aria-hidden="true">↓</span>
                  <span className="sr-only">{t("lessons.down", { title: item.title })}</span>
                </IntentButton>
                <IntentButton
                  intent="remove"
                  action={change.action}
                  fetcher={change.fetcher}
                  fields={{ itemId: item.id }}
                >
                  {t("lessons.remove")}
                  <span className="sr-only"> {item.title}</span>
                </IntentButton>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        <ButtonLink to="?pick=exercise" theme="white" size="small">
          {t("lessons.addExercise")}
        </ButtonLink>
        <ButtonLink to="?pick=material" theme="white" size="small">
          {t("lessons.addMaterial")}
        </ButtonLink>
      </div>
      <addStep.fetcher.Form
        method="post"
        action={addStep.action}
        className="mt-4 flex flex-wrap items-end gap-2 print:hidden"
      >
        <TextField
          label={t("lessons.step")}
          name="text"
          required
          maxLength={500}
          className="min-w-64 flex-1"
        />
        <TextField
          label={t("lessons.min")}
          name="minutes"
          type="number"
          min={0}
          max={600}
          defaultValue={5}
          className="w-24"
        />
        <Button type="submit" theme="white">
          {t("lessons.addStep")}
        </Button>
      </addStep.fetcher.Form>
    </section>
  );
}
