import { ButtonLink } from "~/components/ui/button";
import type { Row } from "~/features/content";
import { useRootData } from "~/features/site";
import { Seo } from "~/features/site";
import { useT } from "~/lib/i18n/react";
import { contentLang } from "~/lib/i18n/locales";

export interface VariantData {
  kind: "variant";
  page: Row<"landing">;
}

interface Hero {
  title: string;
  text: string;
  cta: string;
}

/** A landing page for one audience (schools, online tutors), written in the landing collection. */
export function Variant({ data }: { data: VariantData }) {
  const t = useT();
  const root = useRootData();
  const { page } = data;
  const hero = (page.meta as { hero?: Hero }).hero;
  const seo = page.seo as { title: string; description: string };
  const signedIn = Boolean(root?.profile);
  return (
    <div {...contentLang(page.locale)}>
      <Seo title={seo.title} description={seo.description} />
      <section className="bg-gradient-to-b from-brand-50/70 to-white">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 lg:py-20">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {page.title}
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
            {hero?.title ?? page.title}
          </h1>
          <p className="mt-5 text-lg text-slate-700">{hero?.text ?? page.description}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink
              to={signedIn ? "/dashboard" : "/auth/sign-up"}
              size="large"
              theme="secondary"
            >
              {signedIn ? t("nav.dashboard") : t("landing.ctaPrimary")}
            </ButtonLink>
            {hero?.cta ? (
              <ButtonLink to="?chat=1" size="large" theme="white">
                {hero.cta}
              </ButtonLink>
            ) : null}
          </div>
        </div>
      </section>
      <article className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <div className="prose-parley" dangerouslySetInnerHTML={{ __html: page.body }} />
      </article>
    </div>
  );
}
