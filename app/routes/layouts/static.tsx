import { Outlet } from "react-router";
import { AppChrome } from "~/shell/app-chrome";
import { SiteFooter } from "~/shell/site-footer";
import { SiteHeader } from "~/shell/site-header";

/** Content pages (FAQ, blog, legal): the site frame around a readable column. */
export default function StaticLayout() {
  return (
    <AppChrome>
      <div className="flex min-h-dvh flex-col bg-white">
        <SiteHeader />
        <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </AppChrome>
  );
}
