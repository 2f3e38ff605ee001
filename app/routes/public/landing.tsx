import { data, redirect } from "react-router";
import type { Route } from "./+types/landing";
import { ButtonLink } from "~/components/ui/button";
import { getServices } from "~/lib/context.server";
import { LOCALE_COOKIE, preferredLocale, readCookie } from "~/lib/i18n/detect";
import { DEFAULT_LOCALE } from "~/lib/i18n/locales";
import { useT } from "~/lib/i18n/react";
import { localizePath, splitLocalePrefix } from "~/lib/routing/paths";

/**
 * The root path may redirect by configuration (ROOT_REDIRECT), and a first visit to the
 * English root goes to the visitor's own language when it is another (spec §4.6).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getServices(context);
  const url = new URL(request.url);
  const { prefix } = splitLocalePrefix(url.pathname);
  if (!prefix) {
    if (env.ROOT_REDIRECT && env.ROOT_REDIRECT !== "/")
      throw redirect(`${env.ROOT_REDIRECT}${url.search}`);
    const preferred = preferredLocale({
      cookie: readCookie(request.headers.get("cookie"), LOCALE_COOKIE),
      acceptLanguage: request.headers.get("accept-language"),
    });
    if (preferred !== DEFAULT_LOCALE)
      throw redirect(`${localizePath("/", preferred)}${url.search}`);
  }
  return data(null, { headers: { Vary: "Accept-Language, Cookie" } });
}

export default function Landing() {
  const t = useT();
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
      <title>{t("landing.metaTitle")}</title>
      <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
        {t("landing.heroTitle")}
      </h1>
      <p className="mt-6 max-w-2xl text-lg text-slate-600">{t("landing.heroText")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/auth/sign-up" size="large" theme="secondary">
          {t("landing.ctaPrimary")}
        </ButtonLink>
      </div>
      <div id="how-it-works" className="mt-24" />
      <div id="pricing" className="mt-24" />
    </section>
  );
}
