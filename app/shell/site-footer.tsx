import { Link, href } from "react-router";
import { Logo } from "~/components/ui/logo";
import { useLocale, useT } from "~/lib/i18n/react";
import { localizePath } from "~/lib/routing/paths";
import { LanguageSwitcher } from "./language-switcher";

const LEGAL_SLUGS = ["terms", "privacy", "cookies", "refunds", "credits"] as const;

export function SiteFooter() {
  const t = useT();
  const locale = useLocale();
  const home = localizePath("/", locale.code);
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <Logo to={home} />
          <p className="mt-3 max-w-sm text-sm text-slate-600">{t("footer.tagline")}</p>
          <LanguageSwitcher className="mt-4" />
        </div>
        <nav aria-label={t("footer.product")}>
          <h2 className="text-sm font-semibold text-ink">{t("footer.product")}</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-600">
            <li>
              <Link to={`${home}#how-it-works`} className="hover:text-brand-700">
                {t("nav.howItWorks")}
              </Link>
            </li>
            <li>
              <Link to={`${home}#pricing`} className="hover:text-brand-700">
                {t("nav.pricing")}
              </Link>
            </li>
            <li>
              <Link to={localizePath("/blog", locale.code)} className="hover:text-brand-700">
                {t("nav.blog")}
              </Link>
            </li>
            <li>
              <Link to={localizePath("/faq", locale.code)} className="hover:text-brand-700">
                {t("nav.faq")}
              </Link>
            </li>
            <li>
              <Link to={href("/newsletter")} className="hover:text-brand-700">
                {t("nav.newsletter")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("footer.legal")}>
          <h2 className="text-sm font-semibold text-ink">{t("footer.legal")}</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-600">
            {LEGAL_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={href("/legal/:slug", { slug })} className="hover:text-brand-700">
                  {t(`legal.${slug}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-600">
        {t("footer.copyright", { year: String(new Date().getFullYear()) })}
      </p>
    </footer>
  );
}
