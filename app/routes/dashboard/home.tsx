import { Form, Link, useLoaderData, useSearchParams, href } from "react-router";
import type { Route } from "./+types/home";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { SearchIcon } from "~/components/ui/icons";
import { ExpiryDateTime, LocalDateTime } from "~/components/ui/local-time";
import { EmptyState } from "~/components/ui/page-header";
import { ExerciseCardGrid } from "~/features/library/components/library-card";
import {
  listFavoriteCards,
  listRecentCards,
  resourceCounts,
  viewerFor,
} from "~/features/library/library.server";
import { PLAN_NAME_KEY, premiumOffer, profilePlan } from "~/features/membership/plan-name";
import { useProfile } from "~/features/site/root-data";
import { listLessons } from "~/features/lessons/lessons.server";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const { db } = services;
  const viewer = await viewerFor(db, getUser(context), getServices(context).clock.now());
  const [recent, favorites, counts, upcoming] = await Promise.all([
    listRecentCards(db, viewer, 6),
    listFavoriteCards(db, viewer),
    resourceCounts(services.database, viewer.now),
    listLessons(services, user.id, "upcoming", { limit: 5 }),
  ]);
  return {
    recent,
    favorites: favorites.slice(0, 6),
    favoriteCount: favorites.length,
    counts,
    upcoming,
  };
}

function MembershipCard() {
  const t = useT();
  const profile = useProfile();
  if (!profile) return null;
  const plan = profilePlan(profile);
  const offer = premiumOffer(plan);
  const text: React.ReactNode =
    plan === "school" ? (
      t("membership.throughSchool", { school: profile.organization?.name ?? "" })
    ) : plan === "premium" ? (
      t("dashboard.plan.premiumText")
    ) : profile.trial && plan !== "free" ? (
      <>
        {t("dashboard.plan.trialUntil")} <ExpiryDateTime value={profile.trial.expiresAt} />
      </>
    ) : (
      t("dashboard.plan.freeText")
    );
  return (
    <section
      aria-labelledby="plan-title"
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {t("dashboard.plan.label")}
      </p>
      <h2 id="plan-title" className="mt-1 text-lg font-bold text-ink">
        {t(PLAN_NAME_KEY[plan])}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      {offer ? (
        <ButtonLink
          to={href("/dashboard/membership")}
          theme="secondary"
          size="small"
          className="mt-4"
        >
          {offer === "goPremium" ? t("menu.goPremium") : t("banner.keepPremium")}
        </ButtonLink>
      ) : null}
    </section>
  );
}

export default function DashboardHome() {
  const t = useT();
  const profile = useProfile();
  const { recent, favorites, favoriteCount, counts, upcoming } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <title>{`${t("nav.dashboard")} · Parley`}</title>
      {params.get("welcome") ? (
        <Alert tone="success" className="mb-6" title={t("dashboard.welcomeTitle")}>
          {profile?.trial
            ? t("dashboard.welcomeTrial", { count: profile.trial.daysLeft })
            : t("dashboard.welcome")}
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-8">
          <section>
            <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {t("dashboard.greeting", { name: profile?.firstName ?? "" })}
            </h1>
            <p className="mt-1 text-slate-600">
              {t("dashboard.libraryIntro", {
                exercises: counts.allExercisesCount,
                materials: counts.allMaterialsCount,
              })}
            </p>
            <Form
              method="get"
              action={href("/dashboard/exercises")}
              role="search"
              className="mt-4 flex gap-2"
            >
              <div className="relative flex-1">
                <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" />
                <label htmlFor="quick-search" className="sr-only">
                  {t("library.searchLabel")}
                </label>
                <input
                  id="quick-search"
                  name="q"
                  type="search"
                  maxLength={200}
                  placeholder={t("library.searchPlaceholder")}
                  className="block w-full rounded-xl border border-slate-300 bg-white py-3 ps-11 pe-3 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200"
                />
              </div>
              <Button type="submit" size="large">
                {t("dashboard.find")}
              </Button>
            </Form>
          </section>

          {upcoming.length ? (
            <section aria-labelledby="upcoming-title">
              <div className="mb-3 flex items-center justify-between gap-3">
                <h2 id="upcoming-title" className="text-lg font-semibold text-ink">
                  {t("dashboard.upcomingLessons")}
                </h2>
                <Link
                  to={href("/dashboard/lessons")}
                  className="text-sm font-medium text-brand-700 underline"
                >
                  {t("dashboard.allLessons")}
                </Link>
              </div>
              <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4">
                {upcoming.map((l) => (
                  <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <Link
                      to={href("/dashboard/lessons/:id", { id: l.id })}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {l.title}
                    </Link>
                    <span className="text-sm text-slate-600">
                      {l.studentName} · <LocalDateTime value={l.startsAt} />
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="recent-title">
            <h2 id="recent-title" className="mb-3 text-lg font-semibold text-ink">
              {t("dashboard.recentTitle")}
            </h2>
            {recent.length === 0 ? (
              <EmptyState title={t("dashboard.recentEmptyTitle")}>
                {t("dashboard.recentEmpty")}{" "}
                <Link
                  to={href("/dashboard/exercises")}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {t("nav.exercises")}
                </Link>
              </EmptyState>
            ) : (
              <ExerciseCardGrid exercises={recent} />
            )}
          </section>

          <section aria-labelledby="favorites-title">
            <div className="mb-3 flex items-center justify-between">
              <h2 id="favorites-title" className="text-lg font-semibold text-ink">
                {t("topbar.favorites")}
              </h2>
              {favoriteCount > favorites.length ? (
                <Link
                  to={href("/dashboard/favorites")}
                  className="text-sm font-semibold text-brand-700 hover:underline"
                >
                  {t("dashboard.allFavorites", { count: favoriteCount })}
                </Link>
              ) : null}
            </div>
            {favorites.length === 0 ? (
              <EmptyState title={t("page.favorites.emptyTitle")}>
                {t("dashboard.favoritesEmpty")}
              </EmptyState>
            ) : (
              <ExerciseCardGrid exercises={favorites} />
            )}
          </section>
        </div>
        <aside className="space-y-6">
          <MembershipCard />
          {upcoming.length === 0 ? (
            <section
              aria-labelledby="upcoming-empty-title"
              className="rounded-2xl border border-slate-200 bg-white p-5"
            >
              <h2 id="upcoming-empty-title" className="text-lg font-semibold text-ink">
                {t("dashboard.upcomingTitle")}
              </h2>
              <p className="mt-2 text-sm text-slate-600">{t("dashboard.upcomingEmpty")}</p>
              <ButtonLink
                to={href("/dashboard/students")}
                theme="white"
                size="small"
                className="mt-4"
              >
                {t("nav.students")}
              </ButtonLink>
            </section>
          ) : null}
        </aside>
      </div>
    </>
  );
}
