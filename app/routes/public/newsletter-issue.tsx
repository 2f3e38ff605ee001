import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/newsletter-issue";
import { browserQuery } from "~/features/content/client";
import { newsletterIssue } from "~/features/content/pages";
import { serverQueries } from "~/features/content/viewer.server";
import { Seo } from "~/features/site/seo";
import { formatDate } from "~/lib/format";
import { useLocale, useT } from "~/lib/i18n/react";
import { publicCacheControl } from "~/lib/routing/cache-policy";
import { englishPolishOnlyRedirect } from "~/lib/routing/prefix-rule";
import { contentLang } from "~/lib/i18n/locales";

export const handle = { contentCollections: ["newsletter"] };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Issues are written in English: language prefixes lead to the one address.
  const english = englishPolishOnlyRedirect(url.pathname);
  if (english) throw redirect(`${english}${url.search}`, 301);
  return data(await newsletterIssue(serverQueries(context), params.file, url.pathname), {
    headers: { "Cache-Control": publicCacheControl() },
  });
}

export async function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (englishPolishOnlyRedirect(url.pathname)) return serverLoader();
  return newsletterIssue((c) => browserQuery(c), params.file, url.pathname);
}

export { passThroughHeaders as headers } from "~/lib/route-headers";

export default function NewsletterIssuePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { issue, newer, older } = loaderData;
  return (
    <>
      <Seo
        title={`${issue.title} · Parley`}
        description={issue.description}
        type="article"
        publishedAt={issue.publishedAt}
      />
      <article
        lang="en"
        dir="ltr"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
      >
        <p className="text-sm text-slate-600" {...contentLang(locale.code)}>
          {t("newsletter.issue", { number: issue.issue })} ·{" "}
          <time dateTime={issue.publishedAt}>
            {formatDate(issue.publishedAt, locale.iso, "UTC")}
          </time>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{issue.title}</h1>
        <div className="prose-parley mt-8" dangerouslySetInnerHTML={{ __html: issue.body }} />
      </article>
      <nav
        aria-label={t("newsletter.more")}
        className="mt-8 flex flex-wrap justify-between gap-4 text-sm"
      >
        {older ? (
          <Link
            to={older.path ?? "/newsletter"}
            rel="prev"
            className="font-semibold text-brand-700 hover:underline"
          >
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              ←
            </span>{" "}
            {older.title}
          </Link>
        ) : (
          <span />
        )}
        {newer ? (
          <Link
            to={newer.path ?? "/newsletter"}
            rel="next"
            className="font-semibold text-brand-700 hover:underline"
          >
            {newer.title}{" "}
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              →
            </span>
          </Link>
        ) : null}
      </nav>
    </>
  );
}
