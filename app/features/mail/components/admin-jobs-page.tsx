import type { ReactNode } from "react";
import { href } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { TableHead, type Column } from "~/components/ui/table-head";
import type { FormAnswer } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { usePageForms } from "~/lib/page-forms";
import { MAIL_STATUSES, type MailStatus } from "../mail-status";

/** What /admin/jobs loads, dates as text. */
export interface AdminJobsData {
  transport: "smtp" | "outbox";
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

/** A data table in a white box that scrolls sideways on a narrow screen. */
function BoxedTable({ columns, children }: { columns: Column[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full text-sm">
        <TableHead className="bg-slate-50" cellClassName="px-4 py-2" columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
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
