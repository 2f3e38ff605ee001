import { Link, useLoaderData, href } from "react-router";
import type { Route } from "./+types/lessons";
import { ButtonLink } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { listLessons, type LessonSummary } from "~/features/lessons/lessons.server";
import { teacherTimeZone } from "~/features/lessons/teacher.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useLocale, useT } from "~/lib/i18n/react";
import { formatDate } from "~/lib/format";
import { utcToZonedParts } from "~/lib/time-zone";
import { addDays } from "~/lib/time";

export const handle = { dashboard: true };

/** Monday of the lesson's week on the teacher's clock, as YYYY-MM-DD. */
function weekOf(startsAt: string, timeZone: string): string {
  const { date } = utcToZonedParts(new Date(startsAt), timeZone);
  const day = new Date(`${date}T00:00:00Z`);
  const monday = addDays(day, -((day.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const timeZone = teacherTimeZone(user);
  const [upcoming, past] = await Promise.all([
    listLessons(services, user.id, "upcoming"),
    listLessons(services, user.id, "past", { limit: 30 }),
  ]);
  const weeks: { week: string; lessons: LessonSummary[] }[] = [];
  for (const lesson of upcoming) {
    const week = weekOf(lesson.startsAt, timeZone);
    const last = weeks.at(-1);
    if (last?.week === week) last.lessons.push(lesson);
    else weeks.push({ week, lessons: [lesson] });
  }
  return { weeks, past };
}

function LessonRow({ lesson }: { lesson: LessonSummary }) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <Link
          to={href("/dashboard/lessons/:id", { id: lesson.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {lesson.title}
        </Link>
        <p className="text-sm text-slate-600">
          {lesson.studentName} · {t("lessons.itemsCount", { count: lesson.items })} ·{" "}
          {t("lessons.total", { count: lesson.minutes })}
        </p>
      </div>
      <span className="text-sm text-slate-700">
        <LocalDateTime value={lesson.startsAt} />
        {lesson.status === "done" ? ` · ${t("lessons.status.done")}` : ""}
      </span>
    </li>
  );
}

export default function LessonsPage() {
  const t = useT();
  const locale = useLocale();
  const { weeks, past } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <title>{`${t("page.lessons.title")} · Parley`}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title={t("page.lessons.title")} description={t("page.lessons.description")} />
        <ButtonLink to={href("/dashboard/students")}>{t("lessons.planForStudent")}</ButtonLink>
      </div>
      {weeks.length === 0 && past.length === 0 ? (
        <EmptyState title={t("page.lessons.emptyTitle")}>{t("page.lessons.empty")}</EmptyState>
      ) : null}
      {weeks.length ? (
        <section aria-labelledby="upcoming" className="space-y-4">
          <h2 id="upcoming" className="text-xl font-semibold text-ink">
            {t("lessons.upcoming")}
          </h2>
          {weeks.map((w) => (
            <div key={w.week} className="rounded-2xl border border-slate-200 bg-white px-5 py-2">
              {/* A date in the reader's language; ICU versions may word it apart. */}
              <h3 className="pt-2 text-sm font-semibold text-slate-600" suppressHydrationWarning>
                {t("lessons.weekOf", {
                  date: formatDate(`${w.week}T00:00:00Z`, locale.iso, "UTC"),
                })}
              </h3>
              <ul className="divide-y divide-slate-100">
                {w.lessons.map((l) => (
                  <LessonRow key={l.id} lesson={l} />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
      {past.length ? (
        <section
          aria-labelledby="past"
          className="rounded-2xl border border-slate-200 bg-white px-5 py-2"
        >
          <h2 id="past" className="pt-2 text-xl font-semibold text-ink">
            {t("lessons.past")}
          </h2>
          <ul className="divide-y divide-slate-100">
            {past.map((l) => (
              <LessonRow key={l.id} lesson={l} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
