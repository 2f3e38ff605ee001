import { useEffect, useRef } from "react";
import { DateField } from "~/components/ui/date-time-fields";
import { Form, Link, redirect, useActionData, useLoaderData, href } from "react-router";
import type { Route } from "./+types/class";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { LockIcon } from "~/components/ui/icons";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDate } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { LevelBadge } from "~/features/library/components/badges";
import { accountAccess, viewerFor } from "~/features/library/library.server";
import { SlideView } from "~/features/library/components/slide-view";
import type { CefrLevel } from "~/features/library/schema";
import {
  classAccess,
  leaveClass,
  listMembers,
  listShares,
  liveExercise,
  sharedExercise,
} from "~/features/classes/classes.server";
import { JoinLink } from "~/features/classes/join-link";
import { joinUrl } from "~/features/classes/join-url";
import { LibraryPicker } from "~/features/lessons/library-picker";
import { pickerQuery, runPicker } from "~/features/lessons/picker.server";
import { teacherClassAction } from "~/features/classes/class-actions.server";
import { LiveView } from "~/features/classes/components/live-view";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { foundOr404, notFound } from "~/lib/not-found";

/**
 * /class/{id}: for the class's teacher and students. What the teacher shared, homework,
 * and the live view: the card the teacher presents, followed in real time.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const { row, role } = foundOr404(await classAccess(services, user, params.id), request);
  // Students open what their teacher's plan opens (read once for the whole page).
  const teacher = await accountAccess(services.db, row.teacherId, services.clock.now());
  const live = await liveExercise(services, row, teacher);
  const url = new URL(request.url);
  const opened = url.searchParams.get("exercise");
  const open = opened ? await sharedExercise(services, row.id, opened, teacher) : null;
  const shares = await listShares(services, row.id, teacher);
  // The teacher's exercise picker (the lesson planner's): the class's level and, by default,
  // only exercises not shared with the class yet.
  const query = role === "teacher" ? pickerQuery(url, ["exercise"], row.level) : null;
  const picker = query
    ? await runPicker(services, await viewerFor(services.db, user, services.clock.now()), query, {
        exercises: new Map(
          shares.flatMap((s) => (s.exerciseId ? [[s.exerciseId, s.createdAt]] : [])),
        ),
        materials: new Map(),
      })
    : null;
  return {
    role,
    cls: { id: row.id, name: row.name, level: row.level },
    // The address students join with, from the configured public origin (as in mails).
    joinUrl: role === "teacher" ? joinUrl(services.env.appOrigin, row.joinCode) : null,
    // Students get only what they can open; the teacher also sees shares their plan now locks.
    shares: shares.filter((s) => role === "teacher" || s.available),
    members: role === "teacher" ? await listMembers(services, row.id) : [],
    live,
    open,
    picker,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const access = await classAccess(services, user, params.id);
  const form = Object.fromEntries(await readForm(request));
  if (access?.role === "student" && form.intent === "leave") {
    await leaveClass(services, user.id, access.row.id);
    return redirect(href("/dashboard"));
  }
  if (!access || access.role !== "teacher") notFound(request);
  return teacherClassAction(services, user.id, access.row, form);
}

const SHARE_ANSWERS = new Set([
  "classes.sharedDone",
  "classes.error.locked",
  "classes.error.noExercise",
]);

export default function ClassPage() {
  const t = useT();
  const { role, cls, joinUrl, shares, members, live, open, picker } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const exercisesShared = shares.filter((s) => s.kind === "exercise");
  const homework = shares.filter((s) => s.kind === "homework");
  const homeworkForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // A successful post empties its form, ready for the next one.
    if (answer?.messageKey === "classes.homeworkSet") homeworkForm.current?.reset();
  }, [answer]);
  const message = answer?.messageKey ? (
    <Alert tone={answer.messageKey.startsWith("classes.error") ? "error" : "success"}>
      {t(answer.messageKey)}
    </Alert>
  ) : null;
  // With the picker open, what became of a share shows in the picker, where the teacher clicked.
  const shareAnswer = Boolean(picker && answer?.messageKey && SHARE_ANSWERS.has(answer.messageKey));
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
                  <IntentButton intent="present" fields={{ exerciseId: s.exerciseId }}>
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
          <Form
            ref={homeworkForm}
            method="post"
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
          </Form>
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
        <Form method="post">
          <input type="hidden" name="intent" value="leave" />
          <Button type="submit" theme="white">
            {t("classes.leave")}
          </Button>
        </Form>
      )}
    </div>
  );
}
