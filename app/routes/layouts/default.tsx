import { Outlet } from "react-router";
import { AppChrome } from "~/shell/app-chrome";
import { NotificationBanner } from "~/shell/notification-banner";
import { useRootData } from "~/features/site/root-data";
import { useRouteFlags } from "~/shell/route-flags";
import { SiteFooter } from "~/shell/site-footer";
import { SiteHeader } from "~/shell/site-header";
import { TopBar } from "~/shell/top-bar";

/** The default layout: the dashboard frame for dashboard pages, the site frame otherwise. */
export default function DefaultLayout() {
  const flags = useRouteFlags();
  const root = useRootData();
  const profile = root?.profile ?? null;
  if (flags.dashboard && profile) {
    return (
      <AppChrome>
        <div className="flex min-h-dvh flex-col bg-slate-50">
          <TopBar profile={profile} featureLabHasNew={root?.featureLabHasNew ?? false} />
          {flags.hideNotificationBanner ? null : <NotificationBanner profile={profile} />}
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
            <Outlet />
          </main>
        </div>
      </AppChrome>
    );
  }
  return (
    <AppChrome>
      <div className="flex min-h-dvh flex-col bg-white">
        <SiteHeader />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </AppChrome>
  );
}
