import { Outlet } from "react-router";
import { AppChrome } from "~/shell/app-chrome";
import { SiteFooter } from "~/shell/site-footer";
import { SiteHeader } from "~/shell/site-header";

export default function LandingLayout() {
  return (
    <AppChrome>
      <div className="flex min-h-dvh flex-col bg-white">
        <SiteHeader variant="landing" />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </AppChrome>
  );
}
