import { Outlet } from "react-router";
import { Logo } from "~/components/ui/logo";
import { AppChrome } from "~/shell/app-chrome";
import { useLocale, useT } from "~/lib/i18n/react";
import { localizePath } from "~/lib/routing/paths";

/** Sign-in, sign-up and recovery: one card, with what Parley is beside it on large screens. */
export default function AuthLayout() {
  const t = useT();
  const locale = useLocale();
  return (
    <AppChrome>
      <div className="grid min-h-dvh lg:grid-cols-2">
        <main id="main" className="flex flex-col px-4 py-8 sm:px-10">
          <Logo to={localizePath("/", locale.code)} />
          <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
            <Outlet />
          </div>
        </main>
        <aside className="hidden flex-col justify-center bg-gradient-to-br from-brand-800 to-brand-950 p-12 text-white lg:flex">
          <p className="text-3xl font-bold leading-tight">{t("auth.aside.title")}</p>
          <ul className="mt-8 space-y-4 text-brand-100">
            <li>✓ {t("auth.aside.point1")}</li>
            <li>✓ {t("auth.aside.point2")}</li>
            <li>✓ {t("auth.aside.point3")}</li>
          </ul>
        </aside>
      </div>
    </AppChrome>
  );
}
