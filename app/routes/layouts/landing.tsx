import { Outlet } from "react-router";
import { AppChrome } from "~/features/shell/app-chrome";
import { SiteFooter } from "~/features/shell/site-footer";
import { SiteHeader } from "~/features/shell/site-header";

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
