import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { cx } from "~/components/ui/cx";
import { AppChrome } from "~/shell/app-chrome";
import { useRootData } from "~/features/site/root-data";
import { TopBar } from "~/shell/top-bar";
import { requireAdmin } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

const SECTIONS = [
  { to: "/admin", key: "overview", end: true },
  { to: "/admin/users", key: "users" },
  { to: "/admin/organizations", key: "organizations" },
  { to: "/admin/support", key: "support" },
  { to: "/admin/reviews", key: "reviews" },
  { to: "/admin/exercises/all", key: "exercises" },
  { to: "/admin/materials/all", key: "materials" },
  { to: "/admin/audio", key: "audio" },
  { to: "/admin/newsletters", key: "newsletters" },
  { to: "/admin/campaigns", key: "campaigns" },
  { to: "/admin/changelog", key: "changelog" },
  { to: "/admin/jobs", key: "jobs" },
  { to: "/admin/settings", key: "settings" },
  { to: "/admin/audit", key: "audit" },
] as const;

/** The admin area: the dashboard bar on top, the admin sections on the side. */
export default function AdminLayout() {
  const t = useT();
  const root = useRootData();
  const profile = root?.profile;
  return (
    <AppChrome>
      <div className="flex min-h-dvh flex-col bg-slate-50">
        {profile ? (
          <TopBar profile={profile} featureLabHasNew={root?.featureLabHasNew ?? false} />
        ) : null}
        <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row">
          <nav aria-label={t("admin.sections")} className="md:w-56 md:shrink-0">
            <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {t("admin.title")}
            </p>
            <ul className="flex gap-1 overflow-x-auto md:flex-col">
              {SECTIONS.map((s) => (
                <li key={s.key}>
                  <NavLink
                    to={s.to}
                    end={"end" in s}
                    className={({ isActive }) =>
                      cx(
                        "block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium",
                        isActive
                          ? "bg-white text-brand-800 shadow-sm ring-1 ring-slate-200"
                          : "text-slate-700 hover:bg-white",
                      )
                    }
                  >
                    {t(`admin.section.${s.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" className="min-w-0 flex-1">
            <Outlet />
          </main>
        </div>
      </div>
    </AppChrome>
  );
}
