import { data } from "react-router";
import type { Route } from "./+types/newsletter-sent";
import { LocalDate } from "~/components/ui/local-time";
import { archivedNewsletter } from "~/features/mail/index.server";
import { Seo } from "~/features/site/seo";
import { getServices } from "~/lib/context.server";
import { contentLang } from "~/lib/i18n/locales";
import { useLocale } from "~/lib/i18n/react";
import { foundOr404 } from "~/lib/not-found";
import { publicCacheControl } from "~/lib/routing/cache-policy";

/**
 * A newsletter sent from the admin panel, as the public archive shows it: unknown, unsent
 * and private ones (and ids that are no ids) are the app's 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const letter = foundOr404(await archivedNewsletter(getServices(context), params.id), request);
  return data(
    { letter },
    // Written in English, framed in the reader's language (cookie or Accept-Language).
    { headers: { "Cache-Control": publicCacheControl(), Vary: "Accept-Language, Cookie" } },
  );
}

export { passThroughHeaders as headers } from "~/lib/route-headers";

export default function NewsletterSentPage({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { letter } = loaderData;
  return (
    <>
      <Seo
        title={`${letter.subject} · Parley`}
        description={letter.description}
        type="article"
        publishedAt={letter.sentAt}
      />
      <article
        lang="en"
        dir="ltr"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
      >
        <p className="text-sm text-slate-600" {...contentLang(locale.code)}>
          <LocalDate value={letter.sentAt} />
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{letter.subject}</h1>
        <div
          className="prose-parley mt-8"
          // Sanitised by renderMarkdown on the server: no raw HTML, safe links only.
          dangerouslySetInnerHTML={{ __html: letter.html }}
        />
      </article>
    </>
  );
}
