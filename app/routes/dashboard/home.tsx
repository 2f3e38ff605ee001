import { Link } from "react-router";
import type { Route } from "./+types/home";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useProfile } from "~/features/shell/root-data";
import { requireUser } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function DashboardHome() {
  const t = useT();
  const profile = useProfile();
  return (
    <>
      <title>{`${t("nav.dashboard")} · Parley`}</title>
      <PageHeader
        title={t("dashboard.greeting", { name: profile?.firstName ?? "" })}
        description={t("dashboard.intro")}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <EmptyState title={t("dashboard.upcomingTitle")}>{t("dashboard.upcomingEmpty")}</EmptyState>
        <EmptyState title={t("dashboard.recentTitle")}>
          {t("dashboard.recentEmpty")}{" "}
          <Link to="/dashboard/exercises" className="font-semibold text-brand-700 hover:underline">
            {t("nav.exercises")}
          </Link>
        </EmptyState>
      </div>
    </>
  );
}
