import { data, href, Link } from "react-router";
import type { Route } from "./+types/newsletter-archive";
import { LocalDate } from "~/components/ui/local-time";
import { newsletterArchive } from "~/features/content/pages";
import { serverQueries } from "~/features/content/viewer.server";
import { archivedNewsletters } from "~/features/mail/index.server";
import { Seo } from "~/features/site/seo";
import { getServices } from "~/lib/context.server";
import { formatDate } from "~/lib/format";
import { useLocale, useT } from "~/lib/i18n/react";
import { contentLang } from "~/lib/i18n/locales";

// The page itself reads on the server (below); the local copy serves the issues it links to.
export const handle = { contentCollections: ["newsletter"] };

/**
 * A newsletter sent from the admin panel should be listed within a minute or two, not after
 * the ten minutes (and a day of stale copies) that content pages may spend in a CDN.
 */
const ARCHIVE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";

/**
 * The issues written in content/newsletter and the newsletters sent from the admin panel,
 * newest first. Only the server can read the latter, so the page has no clientLoader: a
 * client navigation fetches this loader's data too.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [{ issues }, sent] = await Promise.all([
    newsletterArchive(serverQueries(context)),
    archivedNewsletters(getServices(context)),
  ]);
  const entries = [
    ...issues.map((issue) => ({ kind: "issue" as const, date: issue.publishedAt, issue })),
    ...sent.map((letter) => ({ kind: "sent" as const, date: letter.sentAt, letter })),
  ].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return data(
    { entries },
    { headers: { "Cache-Control": ARCHIVE_CACHE_CONTROL, Vary: "Accept-Language, Cookie" } },
  );
}

export { passThroughHeaders as headers } from "~/lib/route-headers";

const CARD = "relative rounded-2xl border border-slate-200 bg-white p-6 hover:shadow-md";
const CARD_LINK = "after:absolute after:inset-0 hover:text-brand-700";

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
        {loaderData.entries.map((entry) =>
          entry.kind === "issue" ? (
            <li key={`issue-${entry.issue.slug}`} className={CARD}>
              <p className="text-sm text-slate-600" {...contentLang(locale.code)}>
                {t("newsletter.issue", { number: entry.issue.issue })} ·{" "}
                <time dateTime={entry.issue.publishedAt}>
                  {formatDate(entry.issue.publishedAt, locale.iso, "UTC")}
                </time>
              </p>
              <h2 className="mt-1 text-xl font-semibold text-ink">
                <Link
                  to={entry.issue.path ?? `/newsletter/${entry.issue.slug}`}
                  className={CARD_LINK}
                >
                  {entry.issue.title}
                </Link>
              </h2>
              <p className="mt-2 text-slate-700">{entry.issue.description}</p>
            </li>
          ) : (
            <li key={`sent-${entry.letter.id}`} className={CARD}>
              <p className="text-sm text-slate-600" {...contentLang(locale.code)}>
                <LocalDate value={entry.letter.sentAt} />
              </p>
              <h2 className="mt-1 text-xl font-semibold text-ink">
                <Link
                  to={href("/newsletter/sent/:id", { id: String(entry.letter.id) })}
                  className={CARD_LINK}
                >
                  {entry.letter.subject}
                </Link>
              </h2>
              <p className="mt-2 text-slate-700">{entry.letter.description}</p>
            </li>
          ),
        )}
      </ol>
    </>
  );
}
