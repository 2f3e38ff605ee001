import { useEffect, useRef } from "react";
import { DateField } from "~/components/ui/date-time-fields";
import { Link, href, useLocation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { LockIcon } from "~/components/ui/icons";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDate } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { LibraryPicker } from "~/features/lessons";
import { LevelBadge, SlideView, type CefrLevel } from "~/features/library";
import { useT } from "~/lib/i18n/react";
import type { FormAnswer } from "~/lib/forms";
import { AnswerAlert } from "~/components/answer-alert";
import { usePageForms } from "~/lib/page-forms";
import type { ClassPageData } from "../class-page.server";
import { JoinLink } from "../join-link";
import { LiveView } from "./live-view";

/**
 * What a form of the class page answers: done or refused (the one answer shape, with the form
 * that answered), the exercise now presented, or nothing to say (the live card moved).
 */
export type ClassAnswer =
  | (FormAnswer & { form?: "share" | "homework" | "present" })
  | { presenting: string; card: number }
  | null;

/**
 * The class page. Its forms post to /class/{id}/share, homework, live and leave (one form per
 * route module, issue 20): with JavaScript through one fetcher, answering in place; without it
 * the browser lands on the form's route, which renders this page with `posted`.
 */
export function ClassPage({ loaded, posted }: { loaded: ClassPageData; posted?: ClassAnswer }) {
  const t = useT();
  const { role, cls, joinUrl, shares, members, live, open, picker } = loaded;
  const { fetcher, answer: fetched } = usePageForms<ClassAnswer>("class");
  const answer = fetched ?? posted;
  const formAnswer = answer && !("presenting" in answer) ? answer : null;
  // Each form posts to its own route, keeping the page's query (the open exercise, the
  // picker), so that without JavaScript the answer comes on the same view.
  const search = useLocation().search;
  const routes = {
    share: href("/class/:id/share", { id: cls.id }),
    homework: href("/class/:id/homework", { id: cls.id }),
    live: href("/class/:id/live", { id: cls.id }),
    leave: href("/class/:id/leave", { id: cls.id }),
  };
  const formAction = (form: keyof typeof routes) => `${routes[form]}${search}`;
  const exercisesShared = shares.filter((s) => s.kind === "exercise");
  const homework = shares.filter((s) => s.kind === "homework");
  const homeworkForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // A successful post empties its form, ready for the next one.
    if (formAnswer && "notice" in formAnswer && formAnswer.form === "homework")
      homeworkForm.current?.reset();
  }, [formAnswer]);
  const message = <AnswerAlert answer={formAnswer} />;
  // With the picker open, what became of a share shows in the picker, where the teacher clicked.
  const shareAnswer = Boolean(picker && formAnswer?.form === "share");
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <title>{`${cls.name} · Parley`}</title>
      <PageHeader
        title={cls.name}
        description={role === "teacher" ? t("classes.teacherLead") : t("classes.studentIntro")}
      />
      {shareAnswer ? null : message}
      {joinUrl ? <JoinLink url={joinUrl} classTitle={cls.name} /> : null}
      <LiveView role={role} live={live} classId={cls.id} />
      <section
        aria-labelledby="shared"
        className="rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="shared" className="text-lg font-semibold text-ink">
          {t("classes.shared.title")}
        </h2>
        {exercisesShared.length === 0 ? (
          <p className="mt-2 text-slate-600">{t("classes.shared.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {exercisesShared.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="flex items-center gap-2">
                  {s.level ? <LevelBadge level={s.level as CefrLevel} /> : null}
                  {s.available ? (
                    <Link
                      to={`?exercise=${s.exerciseId}#open`}
                      className="font-medium text-brand-700 hover:underline"
                      lang="en"
                      dir="ltr"
                    >
                      {s.title}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-700" lang="en" dir="ltr">
                      {s.title}
                    </span>
                  )}
                </span>
                {role === "teacher" && s.exerciseId && s.available ? (
                  <IntentButton
                    intent="present"
                    action={formAction("live")}
                    fetcher={fetcher}
                    fields={{ exerciseId: s.exerciseId }}
                  >
                    {t("classes.present")}
                    <span className="sr-only"> {s.title}</span>
                  </IntentButton>
                ) : null}
                {!s.available ? (
                  <span className="inline-flex items-center gap-1 text-sm text-slate-600">
                    <LockIcon className="size-4" /> {t("classes.shared.locked")}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {role === "teacher" && !picker ? (
          <div className="mt-4 space-y-2">
            <ButtonLink to="?pick=exercise#picker" theme="white" size="small">
              {t("classes.pickExercise")}
            </ButtonLink>
            <p className="text-sm text-slate-600">
              {t("classes.shareFromLibrary")}{" "}
              <Link
                to={href("/dashboard/exercises")}
                className="font-medium text-brand-700 underline"
              >
                {t("classes.openLibrary")}
              </Link>
            </p>
          </div>
        ) : null}
      </section>
      {picker ? (
        <LibraryPicker
          picker={picker}
          title={t("classes.pickExercise")}
          freshLabel={t("classes.notShared")}
          usedLabel={t("classes.sharedOn")}
          intent="share"
          action={formAction("share")}
          fetcher={fetcher}
          actionLabel={t("classes.share")}
          notice={shareAnswer ? message : null}
        />
      ) : null}
      {open ? (
        <section
          id="open"
          aria-labelledby="open-title"
          className="rounded-2xl border border-slate-200 bg-white p-5"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id="open-title" className="text-lg font-semibold text-ink" lang="en" dir="ltr">
              {open.title}
            </h2>
            <Link to="?" className="text-sm font-medium text-brand-700 underline">
              {t("common.close")}
            </Link>
          </div>
          <ol className="mt-4 space-y-4" lang="en" dir="ltr">
            {open.slides.map((slide, i) => (
              <li key={i} className="rounded-xl bg-slate-50 p-4">
                <SlideView slide={slide} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section
        aria-labelledby="homework"
        className="rounded-2xl border border-slate-200 bg-white p-5"
      >
        <h2 id="homework" className="text-lg font-semibold text-ink">
          {t("classes.homework.title")}
        </h2>
        {homework.length === 0 ? (
          <p className="mt-2 text-slate-600">{t("classes.homework.none")}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {homework.map((h) => (
              <li key={h.id} className="rounded-xl bg-slate-50 p-3">
                <p className="whitespace-pre-line text-ink">{h.text}</p>
                {h.dueAt ? (
                  <p className="mt-1 text-sm text-slate-600">
                    {t("classes.homework.due")} <LocalDate value={h.dueAt} timeZone="UTC" />
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {role === "teacher" ? (
          <fetcher.Form
            ref={homeworkForm}
            method="post"
            action={formAction("homework")}
            className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto]"
          >
            <input type="hidden" name="intent" value="homework" />
            <TextAreaField
              label={t("classes.homework.text")}
              name="text"
              required
              rows={2}
              maxLength={2000}
            />
            <DateField label={t("classes.homework.dueLabel")} name="due" />
            <div>
              <Button type="submit" theme="white">
                {t("classes.homework.add")}
              </Button>
            </div>
          </fetcher.Form>
        ) : null}
      </section>
      {role === "teacher" ? (
        <section
          aria-labelledby="members"
          className="rounded-2xl border border-slate-200 bg-white p-5"
        >
          <h2 id="members" className="text-lg font-semibold text-ink">
            {t("classes.members", { count: members.length })}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {members.map((m) => (
              <li key={m.id} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                {m.firstName} {m.lastName}
              </li>
            ))}
          </ul>
          <Link
            to={href("/dashboard/students")}
            className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
          >
            {t("classes.backToStudents")}
          </Link>
        </section>
      ) : (
        <fetcher.Form method="post" action={formAction("leave")}>
          <input type="hidden" name="intent" value="leave" />
          <Button type="submit" theme="white">
            {t("classes.leave")}
          </Button>
        </fetcher.Form>
      )}
    </div>
  );
}
