import { data, Link } from "react-router";
import type { Route } from "./+types/newsletter-archive";
import { browserQuery } from "~/features/content/client";
import { newsletterArchive } from "~/features/content/pages";
import { serverQueries } from "~/features/content/viewer.server";
import { Seo } from "~/features/site/seo";
import { formatDate } from "~/lib/format";
import { useLocale, useT } from "~/lib/i18n/react";
import { publicCacheControl } from "~/lib/routing/cache-policy";
import { contentLang } from "~/lib/i18n/locales";

export const handle = { contentCollections: ["newsletter"] };

export async function loader({ context }: Route.LoaderArgs) {
  return data(await newsletterArchive(serverQueries(context)), {
    headers: { "Cache-Control": publicCacheControl(), Vary: "Accept-Language, Cookie" },
  });
}

export async function clientLoader() {
  return newsletterArchive((c) => browserQuery(c));
}

export { passThroughHeaders as headers } from "~/lib/route-headers";

export default function NewsletterArchivePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <Seo title={t("newsletter.metaTitle")} description={t("newsletter.metaDescription")} />
      <h1 className="text-3xl font-bold tracking-tight text-ink">
        {t("page.newsletterArchive.title")}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{t("newsletter.intro")}</p>
      <ol className="mt-10 space-y-6" lang="en" dir="ltr">
        {loaderData.issues.map((issue) => (
          <li
            key={issue.slug}
            className="relative rounded-2xl border border-slate-200 bg-white p-6 hover:shadow-md"
          >
            <p className="text-sm text-slate-600" {...contentLang(locale.code)}>
              {t("newsletter.issue", { number: issue.issue })} ·{" "}
              <time dateTime={issue.publishedAt}>
                {formatDate(issue.publishedAt, locale.iso, "UTC")}
              </time>
            </p>
            <h2 className="mt-1 text-xl font-semibold text-ink">
              <Link
                to={issue.path ?? `/newsletter/${issue.slug}`}
                className="after:absolute after:inset-0 hover:text-brand-700"
              >
                {issue.title}
              </Link>
            </h2>
            <p className="mt-2 text-slate-700">{issue.description}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
