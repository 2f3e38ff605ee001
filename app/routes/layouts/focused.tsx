import { Form, Link, Outlet, useLocation, useRouteLoaderData, href } from "react-router";
import { ArrowLeftIcon } from "~/components/ui/icons";
import { Logo } from "~/components/ui/logo";
import { AppChrome } from "~/shell/app-chrome";
import { useRootData } from "~/features/site/root-data";
import { useLocale, useT } from "~/lib/i18n/react";
import { isDashboardPath } from "~/lib/routing/guards";
import { localizePath } from "~/lib/routing/paths";

/**
 * A page that needs the whole screen: a slim bar with the way back, then the content. A
 * student on their class page has no dashboard to go back to (it leads to this very page):
 * they get Sign out instead, for the shared computers of a classroom.
 */
export default function FocusedLayout() {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  const { pathname } = useLocation();
  const back =
    root?.profile || isDashboardPath(pathname) ? "/dashboard" : localizePath("/", locale.code);
  const classPage = useRouteLoaderData<{ role: "teacher" | "student"; cls: { id: string } }>(
    "class",
  );
  const student = classPage?.role === "student";
  return (
    <AppChrome>
      <div className="flex min-h-dvh flex-col bg-white">
        <header className="border-b border-slate-200 print:hidden">
          <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
            <Logo to={student ? pathname : back} />
            {student ? (
              <Form method="post" action={href("/auth/sign-out")}>
                <button
                  type="submit"
                  className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
                >
                  {t("menu.signOut")}
                </button>
              </Form>
            ) : (
              <Link
                to={back}
                className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                <ArrowLeftIcon className="size-4 rtl-flip" />
                {back === "/dashboard" ? t("nav.backToDashboard") : t("nav.backHome")}
              </Link>
            )}
          </div>
        </header>
        <main id="main" className="flex-1">
          <Outlet />
        </main>
      </div>
    </AppChrome>
  );
}
