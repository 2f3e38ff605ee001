import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { AUDIT_ACTIONS } from "~/lib/audit-actions";
import type { readAuditLog } from "~/lib/audit.server";
import { useT } from "~/lib/i18n/react";

export type AdminAuditData = Awaited<ReturnType<typeof readAuditLog>> & {
  action: string;
  actor: string;
};

/** Admin → Audit log: what administrators did, newest first, by action or administrator. */
export function AdminAuditPage({ loaded }: { loaded: AdminAuditData }) {
  const t = useT();
  return (
    <>
      <title>{`${t("page.adminAudit.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminAudit.title")}
        description={t("page.adminAudit.description")}
      />
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-800">
          {t("adminAudit.filterAction")}
          <select
            name="action"
            defaultValue={loaded.action}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 sm:w-64"
          >
            <option value="">{t("adminAudit.any")}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`adminAudit.action.${a}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="w-full text-sm font-medium text-slate-800 sm:w-64">
          {t("adminAudit.filterActor")}
          <input
            name="actor"
            type="search"
            defaultValue={loaded.actor}
            maxLength={100}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <Button type="submit" theme="white">
          {t("adminAudit.apply")}
        </Button>
      </Form>
      <p className="mb-3 text-sm text-slate-600" role="status">
        {t("adminAudit.results", { count: loaded.total })}
      </p>
      {loaded.entries.length === 0 ? (
        <EmptyState title={t("adminAudit.none")} />
      ) : (
        <ol
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
          data-testid="audit-log"
        >
          {loaded.entries.map((e) => (
            <li key={e.id} className="px-4 py-3">
              <p className="font-medium text-ink">{t(`adminAudit.action.${e.action}`)}</p>
              <p className="text-sm text-slate-600">
                {t("adminAudit.by", { who: e.actorEmail })} · <LocalDateTime value={e.createdAt} />
              </p>
              {e.target ? (
                <p className="text-sm break-all text-slate-700" dir="ltr">
                  {e.target}
                </p>
              ) : null}
              {Object.keys(e.details).length > 0 ? (
                <p className="font-mono text-xs break-all text-slate-600" dir="ltr">
                  {Object.entries(e.details)
                    .map(([k, v]) => `${k}: ${v === null ? "—" : String(v)}`)
                    .join(" · ")}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={loaded.page} pages={loaded.pageCount} label={t("adminAudit.pages")} />
    </>
  );
}
