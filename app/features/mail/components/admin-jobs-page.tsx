import { Form, href } from "react-router";
import { Button } from "~/components/ui/button";
import { LOCALES } from "~/lib/i18n/locales";
import { MAIL_KINDS } from "~/lib/mail-kinds";
import { AnswerAlert } from "~/components/answer-alert";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { BoxedTable } from "~/components/ui/table-head";
import type { FormAnswer } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { usePageForms } from "~/lib/page-forms";
import { MAIL_STATUSES, type MailStatus } from "../mail-status";

/** What /admin/jobs loads, dates as text. */
export interface AdminJobsData {
  transport: "smtp" | "outbox";
  /** One transactional mail rendered with sample values (`?kind=&lang=`). */
  preview: {
    kind: string;
    lang: string;
    /** The language the preview is in: `lang`, or English when the entry is not written in it. */
    shownIn: string;
    subject: string;
    html: string;
    text: string;
  };
  /** The email collection's lifecycle mails, previewed as `email:<slug>`. */
  lifecycle: { slug: string; subject: string }[];
  counts: Record<MailStatus, number>;
  recent: {
    id: number;
    kind: string;
    to: string;
    status: string;
    attempts: number;
    lastError: string | null;
    createdAt: string;
    sentAt: string | null;
  }[];
  failed: {
    id: string;
    queue: string;
    error: string;
    retries: number;
    createdOn: string;
    failedOn: string | null;
    mail: { kind: string; to: string } | null;
  }[];
}

/** Any transactional mail in any language, as the recipient sees it (HTML and text). */
function MailPreview({
  preview,
  lifecycle,
}: {
  preview: AdminJobsData["preview"];
  lifecycle: AdminJobsData["lifecycle"];
}) {
  const t = useT();
  const select = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2";
  return (
    <section aria-labelledby="previews-heading" className="mb-8">
      <h2 id="previews-heading" className="mb-1 text-lg font-semibold text-ink">
        {t("adminJobs.previews")}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t("adminJobs.previewsIntro")}</p>
      <Form method="get" preventScrollReset className="mb-4 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-800">
          {t("adminJobs.previewKind")}
          <select name="kind" defaultValue={preview.kind} className={select}>
            <optgroup label={t("adminJobs.previewGroupAccount")}>
              {MAIL_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("adminJobs.previewGroupCollection")}>
              {lifecycle.map((entry) => (
                <option key={entry.slug} value={`email:${entry.slug}`}>
                  {entry.slug}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t("adminJobs.previewLanguage")}
          <select name="lang" defaultValue={preview.lang} className={select}>
            {LOCALES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" theme="white">
          {t("adminJobs.previewShow")}
        </Button>
      </Form>
      {preview.shownIn !== preview.lang ? (
        <p className="mb-2 text-sm text-slate-700" role="note">
          {t("adminJobs.previewFallback", {
            language: LOCALES.find((l) => l.code === preview.lang)?.name ?? preview.lang,
          })}
        </p>
      ) : null}
      <p className="mb-2 text-sm">
        <span className="font-medium text-slate-800">{t("adminJobs.previewSubject")}:</span>{" "}
        <span data-testid="mail-preview-subject" lang={preview.shownIn} dir="auto">
          {preview.subject}
        </span>
      </p>
      <iframe
        title={t("adminJobs.previewHtml")}
        srcDoc={preview.html}
        sandbox=""
        className="h-[32rem] w-full rounded-xl border border-slate-200 bg-white"
      />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-800">
          {t("adminJobs.previewText")}
        </summary>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-white p-4 text-sm">
          {preview.text}
        </pre>
      </details>
    </section>
  );
}

function isMailStatus(status: string): status is MailStatus {
  return (MAIL_STATUSES as readonly string[]).includes(status);
}

/**
 * The administrator's view of mail and background work: how many mails are in each state,
 * the latest ones with their last error, and the jobs that used up their retries, each
 * with "Retry". The retry form posts to /admin/jobs/retry (one form per route module).
 */
export function AdminJobsPage({ loaded, posted }: { loaded: AdminJobsData; posted?: FormAnswer }) {
  const t = useT();
  const { fetcher, answer: fetched } = usePageForms<FormAnswer>("admin-jobs");
  const answer = fetched ?? posted;
  const statusLabel = (status: string) =>
    isMailStatus(status) ? t(`adminJobs.status.${status}`) : status;
  return (
    <>
      <title>{`${t("page.adminJobs.title")} · Parley`}</title>
      <PageHeader title={t("page.adminJobs.title")} description={t("page.adminJobs.description")} />
      <AnswerAlert answer={answer} className="mb-6" />
      {loaded.transport === "outbox" ? (
        <p className="mb-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {t("adminJobs.noSmtp")}
        </p>
      ) : null}

      <section aria-labelledby="outbox-heading" className="mb-8">
        <h2 id="outbox-heading" className="mb-3 text-lg font-semibold text-ink">
          {t("adminJobs.outbox")}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {MAIL_STATUSES.map((status) => (
            <div
              key={status}
              className="rounded-xl border border-slate-200 bg-white p-3"
              data-testid={`mail-count-${status}`}
            >
              <dt className="text-xs font-medium text-slate-600">{statusLabel(status)}</dt>
              <dd className="text-2xl font-semibold text-ink">{loaded.counts[status]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <MailPreview preview={loaded.preview} lifecycle={loaded.lifecycle} />

      <section aria-labelledby="failed-heading" className="mb-8">
        <h2 id="failed-heading" className="mb-3 text-lg font-semibold text-ink">
          {t("adminJobs.failed")}
        </h2>
        {loaded.failed.length === 0 ? (
          <EmptyState title={t("adminJobs.failedEmptyTitle")}>
            {t("adminJobs.failedEmpty")}
          </EmptyState>
        ) : (
          <BoxedTable
            labelledBy="failed-heading"
            columns={[
              { label: t("adminJobs.job") },
              { label: t("adminJobs.lastError") },
              { label: t("adminJobs.failedOn") },
              { label: t("adminJobs.actions"), end: true, hidden: true },
            ]}
          >
            {loaded.failed.map((job) => (
              <tr key={job.id} className="border-t border-slate-100 align-top">
                <td className="px-4 py-2">
                  <span className="font-medium text-ink">{job.queue}</span>
                  {job.mail ? (
                    <span className="block break-all text-slate-600">
                      {job.mail.kind} → {job.mail.to}
                    </span>
                  ) : null}
                </td>
                <td className="max-w-xs break-words px-4 py-2 text-slate-700">{job.error}</td>
                <td className="px-4 py-2">
                  {job.failedOn ? <LocalDateTime value={job.failedOn} /> : "—"}
                </td>
                <td className="px-4 py-2 text-end">
                  <IntentButton
                    intent="retry"
                    action={href("/admin/jobs/retry")}
                    fetcher={fetcher}
                    fields={{ queue: job.queue, id: job.id }}
                  >
                    {t("adminJobs.retry")}
                    <span className="sr-only">
                      {" "}
                      {job.mail ? `${job.mail.kind} → ${job.mail.to}` : job.queue}
                    </span>
                  </IntentButton>
                </td>
              </tr>
            ))}
          </BoxedTable>
        )}
      </section>

      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="mb-3 text-lg font-semibold text-ink">
          {t("adminJobs.recent")}
        </h2>
        {loaded.recent.length === 0 ? (
          <EmptyState title={t("adminJobs.recentEmptyTitle")}>
            {t("adminJobs.recentEmpty")}
          </EmptyState>
        ) : (
          <BoxedTable
            labelledBy="recent-heading"
            columns={[
              { label: t("adminJobs.mail") },
              { label: t("adminJobs.status") },
              { label: t("adminJobs.attempts"), end: true },
              { label: t("adminJobs.createdAt") },
            ]}
          >
            {loaded.recent.map((mail) => (
              <tr key={mail.id} className="border-t border-slate-100 align-top">
                <td className="px-4 py-2">
                  <span className="font-medium text-ink">{mail.kind}</span>
                  <span className="block break-all text-slate-600">{mail.to}</span>
                </td>
                <td className="px-4 py-2">
                  {statusLabel(mail.status)}
                  {mail.lastError && mail.status !== "sent" ? (
                    <span className="block max-w-xs break-words text-xs text-slate-600">
                      {mail.lastError}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-2 text-end">{mail.attempts}</td>
                <td className="px-4 py-2">
                  <LocalDateTime value={mail.createdAt} />
                </td>
              </tr>
            ))}
          </BoxedTable>
        )}
      </section>
    </>
  );
}
