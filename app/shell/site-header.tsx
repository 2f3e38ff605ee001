import { useState } from "react";
import { Link, useLocation, href } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Logo } from "~/components/ui/logo";
import { supportChat } from "~/features/support/chat-store";
import { useLocale, useT } from "~/lib/i18n/react";
import { useHydrates } from "~/lib/hydration";
import { localizePath } from "~/lib/routing/paths";
import { useRootData } from "~/features/site/root-data";

/**
 * The public header. On the landing page (spec §2.6) it links to the page's sections and
 * has a contact link that opens the chat (large screens only); elsewhere it links to the
 * blog and FAQ. Join leads to sign-up, or to sign-in for a browser that signed up before;
 * a dashboard button appears for signed-in users and those who signed up before. Signed-out
 * visitors always find "Sign in", also on a browser that never signed up.
 */
export function SiteHeader({ variant = "site" }: { variant?: "landing" | "site" }) {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrates = useHydrates();
  const signedIn = Boolean(root?.profile);
  const signedUpBefore = root?.signedUpBefore ?? false;
  const home = localizePath("/", locale.code);
  // A section of the home page: a bare "#pricing" only on the home page itself (on /schools
  // or /tutors it would point at nothing), else the home page's address with it ("/pl#pricing").
  const location = useLocation();
  const onHome = variant === "landing" && location.pathname === home;
  const section = (hash: string) => (onHome ? hash : `${home}${hash}`);

  const links = [
    { to: section("#how-it-works"), label: t("nav.howItWorks") },
    { to: section("#pricing"), label: t("nav.pricing") },
    ...(variant === "site"
      ? [
          { to: localizePath("/blog", locale.code), label: t("nav.blog") },
          { to: localizePath("/faq", locale.code), label: t("nav.faq") },
        ]
      : []),
  ];

  const actions = (
    <>
      {signedIn || signedUpBefore ? (
        <ButtonLink to={href("/dashboard")} theme={signedIn ? "primary" : "white"} size="medium">
          {t("nav.dashboard")}
        </ButtonLink>
      ) : null}
      {signedIn || signedUpBefore ? null : (
        // Always findable (issue 21): a teacher on a school computer has no signed-up cookie.
        <ButtonLink to={href("/auth/sign-in")} theme="white" size="medium">
          {t("nav.signIn")}
        </ButtonLink>
      )}
      {signedIn ? null : (
        <ButtonLink
          to={signedUpBefore ? "/auth/sign-in" : "/auth/sign-up"}
          theme={signedUpBefore ? "primary" : "secondary"}
        >
          {signedUpBefore ? t("nav.signIn") : t("nav.join")}
        </ButtonLink>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo to={home} />
        <nav aria-label={t("nav.main")} className="ms-6 hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {link.label}
            </Link>
          ))}
          {variant === "landing" && hydrates ? (
            <button
              type="button"
              onClick={() => supportChat.open()}
              className="hidden rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 lg:inline-flex"
            >
              {t("nav.contact")}
            </button>
          ) : variant === "landing" ? (
            // A plain-HTML page opens the chat by loading itself with ?chat (spec §2.3).
            <a
              href="?chat=1"
              rel="nofollow"
              className="hidden rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 lg:inline-flex"
            >
              {t("nav.contact")}
            </a>
          ) : null}
        </nav>
        <div className="ms-auto hidden items-center gap-2 md:flex">{actions}</div>
        {/* A disclosure, so the menu opens with or without JavaScript. */}
        <details
          className="group ms-auto md:hidden"
          open={menuOpen}
          onToggle={(event) => setMenuOpen(event.currentTarget.open)}
        >
          <summary className="inline-flex cursor-pointer list-none items-center justify-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <span className="sr-only">{menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}</span>
            <svg viewBox="0 0 24 24" className="size-6 group-open:hidden" aria-hidden="true">
              <path
                d="M4 7h16M4 12h16M4 17h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <svg viewBox="0 0 24 24" className="hidden size-6 group-open:block" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </summary>
          <div
            id="site-menu"
            className="absolute inset-x-0 top-16 border-t border-slate-200 bg-white px-4 pb-4 shadow-lg"
          >
            <nav aria-label={t("nav.main")} className="flex flex-col py-2">
              {links.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  onClick={() => setMenuOpen(false)}
                  className="rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
                >
                  {link.label}
                </Link>
              ))}
            </nav>
            <div className="flex flex-wrap gap-2">{actions}</div>
          </div>
        </details>
      </div>
    </header>
  );
}
