import { data, Link } from "react-router";
import type { Route } from "./+types/legal";
import { browserQuery, documentLocale } from "~/features/content/client";
import { legalPage, type QueryFactory } from "~/features/content/pages";
import { serverQueries } from "~/features/content/viewer.server";
import { Seo } from "~/features/site/seo";
import { formatDate } from "~/lib/format";
import { pageLocale } from "~/lib/i18n/page-locale.server";
import { useLocale, useT } from "~/lib/i18n/react";
import { publicCacheControl } from "~/lib/routing/cache-policy";
import { contentLang } from "~/lib/i18n/locales";

export const handle = { contentCollections: ["legal"] };

function load(q: QueryFactory, request: Request, locale: string, slug: string) {
  return legalPage(q, locale, slug, new URL(request.url).pathname);
}

/** Legal pages are not localized routes: they follow the reader's language (English or Polish). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const result = await load(
    serverQueries(context),
    request,
    pageLocale(request, context),
    params.slug,
  );
  return data(result, {
    headers: { "Cache-Control": publicCacheControl(), Vary: "Accept-Language, Cookie" },
  });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return load((c) => browserQuery(c), request, documentLocale(), params.slug);
}

export { passThroughHeaders as headers } from "~/lib/route-headers";

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { page, others } = loaderData;
  const toc = (
    (page.meta as { toc?: { id: string; text: string; depth: number }[] }).toc ?? []
  ).filter((h) => h.depth === 2);
  return (
    <div>
      <Seo title={page.metaTitle} description={page.description} />
      <header className="mb-8">
        <h1
          className="text-3xl font-bold tracking-tight text-ink sm:text-4xl"
          {...contentLang(page.locale)}
        >
          {page.title}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {t("legal.updated", {
            date: formatDate(page.updatedAt, locale.iso, "UTC"),
          })}
        </p>
      </header>
      <div className="grid gap-10 lg:grid-cols-[1fr_14rem]">
        <div
          className="prose-parley min-w-0"
          {...contentLang(page.locale)}
          dangerouslySetInnerHTML={{ __html: page.body }}
        />
        <aside>
          <div className="lg:sticky lg:top-24">
            {toc.length > 2 ? (
              <nav aria-label={t("legal.contents")} className="hidden lg:block">
                <h2 className="text-sm font-semibold text-ink">{t("legal.contents")}</h2>
                <ol className="mt-2 space-y-1 text-sm" {...contentLang(page.locale)}>
                  {toc.map((h) => (
                    <li key={h.id}>
                      <a href={`#${h.id}`} className="text-slate-700 hover:text-brand-700">
                        {h.text}
                      </a>
                    </li>
                  ))}
                </ol>
              </nav>
            ) : null}
            <nav aria-label={t("footer.legal")} className="mt-6">
              <h2 className="text-sm font-semibold text-ink">{t("footer.legal")}</h2>
              <ul className="mt-2 space-y-1 text-sm">
                {others.map((o) => (
                  <li key={o.slug}>
                    <Link
                      {...contentLang(page.locale)}
                      to={o.path ?? `/legal/${o.slug}`}
                      aria-current={o.slug === page.slug ? "page" : undefined}
                      className="text-slate-700 hover:text-brand-700 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
                    >
                      {o.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </aside>
      </div>
    </div>
  );
}
