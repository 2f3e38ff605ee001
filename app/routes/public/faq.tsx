import { data, redirect } from "react-router";
import type { Route } from "./+types/faq";
import { browserQuery } from "~/features/content/client";
import { faqPage, type FaqItem, type QueryFactory } from "~/features/content/pages";
import { serverQueries } from "~/features/content/viewer.server";
import { JsonLd, Seo } from "~/features/site/seo";
import { supportChat } from "~/features/support/chat-store";
import { useT } from "~/lib/i18n/react";
import { publicCacheControl } from "~/lib/routing/cache-policy";
import { routeLocale } from "~/lib/routing/paths";
import { englishPolishOnlyRedirect } from "~/lib/routing/prefix-rule";
import { contentLang } from "~/lib/i18n/locales";

export const handle = { contentCollections: ["faq"] };

const CATEGORIES = [
  "getting-started",
  "exercises",
  "teaching",
  "plans-and-billing",
  "schools",
  "account-and-privacy",
] as const;

function load(q: QueryFactory, request: Request) {
  return faqPage(q, routeLocale(new URL(request.url).pathname) ?? "en");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const english = englishPolishOnlyRedirect(url.pathname);
  if (english) throw redirect(`${english}${url.search}`, 301);
  return data(await load(serverQueries(context), request), {
    headers: { "Cache-Control": publicCacheControl() },
  });
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (englishPolishOnlyRedirect(new URL(request.url).pathname)) return serverLoader();
  return load((c) => browserQuery(c), request);
}

export { passThroughHeaders as headers } from "~/lib/route-headers";

function plain(html: string): string {
  return html.replace(/<a [^>]*class="heading-anchor"[^>]*>#<\/a>/g, "").trim();
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { items } = loaderData;
  const groups = CATEGORIES.map((c) => ({
    category: c,
    items: items.filter((i) => i.category === c),
  })).filter((g) => g.items.length > 0);
  return (
    <>
      <Seo title={t("faq.metaTitle")} description={t("faq.metaDescription")} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: items.map((item: FaqItem) => ({
            "@type": "Question",
            name: item.question,
            acceptedAnswer: { "@type": "Answer", text: plain(item.body) },
          })),
        }}
      />
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {t("page.faq.title")}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">{t("faq.intro")}</p>
      </header>
      <nav aria-label={t("faq.topics")} className="mb-10 flex flex-wrap gap-2">
        {groups.map((g) => (
          <a
            key={g.category}
            href={`#${g.category}`}
            className="rounded-full border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-300 hover:text-brand-700"
          >
            {t(`faq.category.${g.category}`)}
          </a>
        ))}
      </nav>
      <div className="space-y-12">
        {groups.map((g) => (
          <section
            key={g.category}
            id={g.category}
            aria-labelledby={`${g.category}-title`}
            className="scroll-mt-24"
          >
            <h2 id={`${g.category}-title`} className="text-xl font-bold text-ink">
              {t(`faq.category.${g.category}`)}
            </h2>
            <div
              className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200"
              {...contentLang(g.items[0]?.locale ?? "en")}
            >
              {g.items.map((item) => (
                <details key={item.slug} id={item.slug} className="group scroll-mt-24 p-5">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ink">
                    {item.question}
                    <span
                      aria-hidden="true"
                      className="text-brand-700 transition group-open:rotate-45"
                    >
                      +
                    </span>
                  </summary>
                  <div
                    className="prose-parley mt-3"
                    dangerouslySetInnerHTML={{ __html: item.body }}
                  />
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
      <aside className="mt-14 rounded-2xl bg-brand-50 p-6">
        <h2 className="text-lg font-semibold text-ink">{t("faq.moreTitle")}</h2>
        <p className="mt-1 text-slate-700">{t("faq.moreText")}</p>
        <button
          type="button"
          onClick={() => supportChat.open()}
          className="mt-4 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t("faq.chat")}
        </button>
      </aside>
    </>
  );
}
