import { useEffect } from "react";
import { href, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/newsletter";
import { LocalDateTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { BoxedTable } from "~/components/ui/table-head";
import { MAIL_STATUSES } from "~/features/mail/mail-status";
import { parseNewsletterId } from "~/features/mail/newsletter-archive.server";
import { newsletterDetail } from "~/features/mail/newsletters.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";
import { notFound } from "~/lib/not-found";

/** One newsletter: what it says, whom it went to, how far its sending got. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = parseNewsletterId(params.id);
  const detail = id === null ? null : await newsletterDetail(getServices(context), id);
  if (!detail) notFound(request);
  const enqueued = Object.values(detail.counts).reduce((a, b) => a + b, 0);
  return {
    subject: detail.subject,
    audience: detail.audience,
    status: detail.status,
    html: detail.html,
    scheduledFor: detail.scheduledFor.toISOString(),
    sentAt: detail.sentAt?.toISOString() ?? null,
    total: detail.recipients ?? enqueued,
    counts: detail.counts,
    recipients: detail.recipientsShown.map((r) => ({
      ...r,
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
  };
}

export default function AdminNewsletterPage({ loaderData: n }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const done = n.status === "sent" && n.counts.pending === 0;
  // While it goes out, the progress refreshes itself.
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [done, revalidator]);
  const handled = n.total - n.counts.pending;
  return (
    <>
      <title>{`${n.subject} · Parley`}</title>
      <p className="mb-2 text-sm">
        <Link to={href("/admin/newsletters")} className="text-brand-800 underline">
          {t("adminNewsletters.back")}
        </Link>
      </p>
      <PageHeader
        title={n.subject}
        description={t(
          n.audience === "marketing"
            ? "adminNewsletters.audienceMarketingShort"
            : "adminNewsletters.audienceAppShort",
        )}
      />
      <section aria-labelledby="progress-heading" className="mb-8">
        <h2 id="progress-heading" className="mb-2 text-lg font-semibold text-ink">
          {t("adminNewsletters.progress")}
        </h2>
        {n.status === "scheduled" ? (
          <p className="text-sm text-slate-700">
            {t("adminNewsletters.scheduledFor")}: <LocalDateTime value={n.scheduledFor} />
          </p>
        ) : (
          <>
            <progress
              className="h-3 w-full"
              value={handled}
              max={Math.max(1, n.total)}
              aria-label={t("adminNewsletters.progress")}
            />
            <p className="mt-1 text-sm text-slate-700" data-testid="newsletter-progress">
              {t("adminNewsletters.sentOf", { sent: n.counts.sent, total: n.total })}
            </p>
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
              {MAIL_STATUSES.filter((s) => n.counts[s] > 0).map((s) => (
                <div key={s} className="flex gap-1">
                  <dt className="text-slate-600">{t(`adminJobs.status.${s}`)}:</dt>
                  <dd className="font-medium text-ink">{n.counts[s]}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </section>
      <section aria-labelledby="recipients-heading" className="mb-8">
        <h2 id="recipients-heading" className="mb-2 text-lg font-semibold text-ink">
          {t("adminNewsletters.recipients")}
        </h2>
        {n.recipients.length === 0 ? (
          <p className="text-sm text-slate-700">{t("adminNewsletters.noRecipients")}</p>
        ) : (
          <BoxedTable
            labelledBy="recipients-heading"
            columns={[
              { label: t("adminJobs.mail") },
              { label: t("adminJobs.status") },
              { label: t("adminNewsletters.date") },
            ]}
          >
            {n.recipients.map((r) => (
              <tr key={r.to} className="border-t border-slate-100 align-top">
                <td className="break-all px-4 py-2">{r.to}</td>
                <td className="px-4 py-2">
                  {(MAIL_STATUSES as readonly string[]).includes(r.status)
                    ? t(`adminJobs.status.${r.status as (typeof MAIL_STATUSES)[number]}`)
                    : r.status}
                </td>
                <td className="px-4 py-2">{r.sentAt ? <LocalDateTime value={r.sentAt} /> : "—"}</td>
              </tr>
            ))}
          </BoxedTable>
        )}
      </section>
      <section aria-labelledby="body-heading">
        <h2 id="body-heading" className="mb-2 text-lg font-semibold text-ink">
          {t("adminNewsletters.previewHeading")}
        </h2>
        <div
          className="prose-parley max-w-none overflow-x-auto rounded-xl border border-slate-200 bg-white p-4"
          lang="en"
          dir="ltr"
          // Sanitised by renderMarkdown on the server: no raw HTML, safe links only.
          dangerouslySetInnerHTML={{ __html: n.html }}
        />
      </section>
    </>
  );
}
