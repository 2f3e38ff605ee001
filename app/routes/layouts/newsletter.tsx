import { Link, Outlet, href } from "react-router";
import { AppChrome } from "~/shell/app-chrome";
import { SiteFooter } from "~/shell/site-footer";
import { Logo } from "~/components/ui/logo";
import { useLocale, useT } from "~/lib/i18n/react";
import { localizePath } from "~/lib/routing/paths";

/** Newsletter issues read like a letter: a masthead and a narrow column. */
export default function NewsletterLayout() {
  const t = useT();
  const locale = useLocale();
  return (
    <AppChrome>
      <div className="flex min-h-dvh flex-col bg-amber-50/40">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
            <Logo to={localizePath("/", locale.code)} />
            <Link
              to={href("/newsletter")}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              {t("newsletter.archive")}
            </Link>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </AppChrome>
  );
}
