import { href } from "react-router";
import { DateField } from "~/components/ui/date-time-fields";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { TableHead } from "~/components/ui/table-head";
import { LocalDateTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

import { answerMessage, type FormAnswer } from "~/lib/forms";
import { usePageForms } from "~/lib/page-forms";

/** What /admin loads: today (UTC) and the redeem codes, dates as text. */
export interface AdminCodesData {
  today: string;
  codes: {
    id: number;
    code: string;
    kind: string;
    days: number | null;
    uses: number;
    maxUses: number;
    note: string | null;
    expiresAt: string | null;
    disabled: boolean;
    createdAt: string;
  }[];
}

/** What a form of the page answers: what was done (and the new code), or why not. */
export type AdminCodesAnswer = FormAnswer & { created?: string };

/**
 * The admin panel's home: redeem codes, created and disabled. Its forms post to
 * /admin/codes/create and /admin/codes/disable (one form per route module, issue 20): with
 * JavaScript through one fetcher, answering in place; without it the browser lands on the
 * form's route, which renders this page with `posted`.
 */
export function AdminCodesPage({
  loaded,
  posted,
}: {
  loaded: AdminCodesData;
  posted?: AdminCodesAnswer;
}) {
  const t = useT();
  const { codes, today } = loaded;
  const { fetcher, answer: fetched } = usePageForms<AdminCodesAnswer>("admin-codes");
  const answer = fetched ?? posted;
  const message = answerMessage(answer);
  const field = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2";
  return (
    <>
      <title>{`${t("page.admin.title")} · Parley`}</title>
      <PageHeader title={t("page.admin.title")} description={t("page.admin.description")} />
      <section aria-labelledby="codes" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="codes" className="text-lg font-semibold text-ink">
          {t("adminCodes.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("adminCodes.intro")}</p>
        {message ? (
          <Alert tone={message.ok ? "success" : "error"} className="mt-4">
            {t(message.key, message.values)}{" "}
            {answer?.created ? <strong className="font-mono">{answer.created}</strong> : null}
          </Alert>
        ) : null}
        {/* The server's messages, not the browser's bubbles (the date picker still greys out past days). */}
        <fetcher.Form
          method="post"
          action={href("/admin/codes/create")}
          noValidate
          className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          <input type="hidden" name="intent" value="create-code" />
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.kind")}
            <select name="kind" defaultValue="days" className={field}>
              <option value="days">{t("adminCodes.kindDays")}</option>
              <option value="plan">{t("adminCodes.kindPlan")}</option>
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.days")}
            <input
              name="days"
              type="number"
              min={1}
              max={3650}
              defaultValue={30}
              className={field}
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.maxUses")}
            <input
              name="maxUses"
              type="number"
              min={1}
              max={100000}
              defaultValue={1}
              required
              className={field}
            />
          </label>
          <DateField label={t("adminCodes.expiresAt")} name="expiresAt" min={today} />
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.code")}
            <input
              name="code"
              maxLength={40}
              placeholder={t("adminCodes.codePlaceholder")}
              className={`${field} font-mono`}
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.note")}
            <input name="note" maxLength={200} className={field} />
          </label>
          <div className="sm:col-span-2 lg:col-span-3">
            <Button type="submit">{t("adminCodes.create")}</Button>
          </div>
        </fetcher.Form>
        {codes.length ? (
          <div className="mt-6 overflow-x-auto">
            <table className="w-full text-sm">
              <TableHead
                columns={[
                  { label: t("adminCodes.code") },
                  { label: t("adminCodes.kind") },
                  { label: t("adminCodes.uses"), end: true },
                  { label: t("adminCodes.expiresAt") },
                  { label: t("adminCodes.note") },
                  { label: t("adminCodes.actions"), end: true, hidden: true },
                ]}
              />
              <tbody>
                {codes.map((c) => (
                  <tr key={c.id} className="border-t border-slate-100">
                    <td className="py-2 font-mono">{c.disabled ? <s>{c.code}</s> : c.code}</td>
                    <td className="py-2">
                      {c.kind === "plan"
                        ? t("adminCodes.kindPlan")
                        : t("adminCodes.daysValue", { count: c.days ?? 0 })}
                    </td>
                    <td className="py-2 text-end">
                      {c.uses} / {c.maxUses}
                    </td>
                    <td className="py-2">
                      {c.expiresAt ? <LocalDateTime value={c.expiresAt} /> : "—"}
                    </td>
                    <td className="py-2">{c.note ?? ""}</td>
                    <td className="py-2 text-end">
                      {c.disabled ? null : (
                        <IntentButton
                          intent="disable-code"
                          action={href("/admin/codes/disable")}
                          fetcher={fetcher}
                          fields={{ id: c.id }}
                        >
                          {t("adminCodes.disable")}
                          <span className="sr-only"> {c.code}</span>
                        </IntentButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}
