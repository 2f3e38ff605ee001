import { Form, href, useNavigation } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/field";
import { LocalDateTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { useFormChecks, useMessage, type FormAnswer, type FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import type { OperatorSetting } from "~/lib/flags.server";
import { MaintenanceSchema } from "../maintenance-form";
import { OperatorSchema } from "../operator-form";
import { REDIRECT_STATUSES, RedirectSchema } from "../redirect-form";
import type { listRedirects } from "../redirects.server";

/** What /admin/settings loads: the maintenance switch as every instance sees it. */
export interface AdminSettingsData {
  maintenance: {
    enabled: boolean;
    /** MAINTENANCE_MODE forces it on: the panel cannot switch it off. */
    forced: boolean;
    message: string | null;
    until: string | null;
  };
  /** The operator's details as stored in the panel (empty fields are null). */
  operator: OperatorSetting;
  /** SUPPORT_EMAIL: used while the panel gives no support address. */
  defaultSupportEmail: string;
  /** The redirect table (spec §2.4). */
  redirects: Awaited<ReturnType<typeof listRedirects>>;
}

type OperatorField = keyof AdminSettingsData["operator"];
const OPERATOR_FIELDS: { name: OperatorField; max: number; type?: "email"; wide?: boolean }[] = [
  { name: "legalName", max: 200, wide: true },
  { name: "address", max: 300, wide: true },
  { name: "vatNumber", max: 40 },
  { name: "country", max: 80 },
  { name: "supportEmail", max: 254, type: "email" },
  { name: "privacyEmail", max: 254, type: "email" },
];

/**
 * Site settings: the maintenance switch, with a note to visitors and the expected end
 * (administrators keep using the site), and the operator's details that the legal pages, FAQ,
 * footers and mails name. Both take effect on every instance at once. Each form posts to its
 * own route (/admin/settings/maintenance, /admin/settings/operator).
 */
export function AdminSettingsPage({
  loaded,
  posted,
}: {
  loaded: AdminSettingsData;
  posted?: FormAnswer;
}) {
  const t = useT();
  const message = useMessage();
  const navigation = useNavigation();
  const postedForm = posted && "form" in posted ? posted.form : undefined;
  const postedTo =
    postedForm === "operator" || postedForm === "redirects" ? postedForm : "maintenance";
  const failure = posted && "errors" in posted ? (posted as FormFailure) : undefined;
  const maintenanceFailure = postedTo === "maintenance" ? failure : undefined;
  const operatorFailure = postedTo === "operator" ? failure : undefined;
  const redirectFailure = postedTo === "redirects" ? failure : undefined;
  const redirectChecks = useFormChecks(RedirectSchema, redirectFailure);
  const keptRedirect = redirectFailure?.values;
  const { errors, formProps } = useFormChecks(MaintenanceSchema, maintenanceFailure);
  const operatorChecks = useFormChecks(OperatorSchema, operatorFailure);
  const kept = maintenanceFailure?.values;
  const keptOperator = operatorFailure?.values;
  const { maintenance, operator } = loaded;
  return (
    <>
      <title>{`${t("page.adminSettings.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminSettings.title")}
        description={t("page.adminSettings.description")}
      />
      <AnswerAlert answer={posted} className="mb-6" />
      <section
        aria-labelledby="maintenance-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="maintenance-heading" className="text-lg font-semibold text-ink">
          {t("adminSettings.maintenance")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("adminSettings.maintenanceIntro")}</p>
        <p className="mt-3 text-sm font-medium text-ink" data-testid="maintenance-state">
          {maintenance.enabled ? t("adminSettings.stateOn") : t("adminSettings.stateOff")}
          {maintenance.enabled && maintenance.until ? (
            <>
              {" "}
              {t("adminSettings.stateUntil")} <LocalDateTime value={maintenance.until} />
            </>
          ) : null}
        </p>
        {maintenance.forced ? (
          <Alert tone="warning" className="mt-3">
            {t("adminSettings.forced")}
          </Alert>
        ) : null}
        <Form
          method="post"
          action={href("/admin/settings/maintenance")}
          className="mt-4 grid gap-4"
          {...formProps}
        >
          <CheckboxField
            label={t("adminSettings.enabled")}
            name="enabled"
            defaultChecked={kept ? kept.enabled === "on" : maintenance.enabled}
          />
          <TextAreaField
            label={t("adminSettings.message")}
            name="message"
            rows={3}
            maxLength={500}
            defaultValue={String(kept?.message ?? maintenance.message ?? "")}
            error={message(errors.message)}
            hint={t("adminSettings.messageHint")}
          />
          <TextField
            className="max-w-xs"
            label={t("adminSettings.until")}
            name="until"
            type="datetime-local"
            defaultValue={String(kept?.until ?? maintenance.until?.slice(0, 16) ?? "")}
            error={message(errors.until)}
            hint={t("adminSettings.untilHint")}
          />
          <div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {t("adminSettings.save")}
            </Button>
          </div>
        </Form>
      </section>
      <section
        aria-labelledby="operator-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="operator-heading" className="text-lg font-semibold text-ink">
          {t("adminSettings.operator")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("adminSettings.operatorIntro")}</p>
        <Form
          method="post"
          action={href("/admin/settings/operator")}
          className="mt-4 grid gap-4 sm:grid-cols-2"
          {...operatorChecks.formProps}
        >
          {OPERATOR_FIELDS.map((field) => (
            <TextField
              key={field.name}
              className={field.wide ? "sm:col-span-2" : undefined}
              label={t(`adminSettings.field.${field.name}`)}
              name={field.name}
              type={field.type ?? "text"}
              maxLength={field.max}
              autoComplete="off"
              defaultValue={String(keptOperator?.[field.name] ?? operator[field.name] ?? "")}
              error={message(operatorChecks.errors[field.name])}
              hint={
                field.name === "supportEmail"
                  ? t("adminSettings.supportEmailHint", { email: loaded.defaultSupportEmail })
                  : field.name === "privacyEmail"
                    ? t("adminSettings.privacyEmailHint")
                    : undefined
              }
            />
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {t("adminSettings.saveOperator")}
            </Button>
          </div>
        </Form>
      </section>
      <section
        aria-labelledby="redirects-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="redirects-heading" className="text-lg font-semibold text-ink">
          {t("adminSettings.redirects")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("adminSettings.redirectsIntro")}</p>
        {loaded.redirects.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t("adminSettings.redirectsNone")}</p>
        ) : (
          <ul
            className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200"
            data-testid="redirects"
          >
            {loaded.redirects.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-3 px-3 py-2"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-mono break-all text-ink" dir="ltr">
                    {r.path}
                    {r.matchType === "prefix" ? "/…" : ""} → {r.target}
                  </p>
                  <p className="text-slate-600">
                    {t(`adminSettings.redirectMatch.${r.matchType}`)} · {r.statusCode}
                    {r.note ? ` · ${r.note}` : ""}
                  </p>
                </div>
                <Form method="post" action={href("/admin/settings/redirects")}>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={r.id} />
                  <Button type="submit" theme="white" size="small">
                    {t("adminSettings.redirectDelete")}
                    <span className="sr-only"> {r.path}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          action={href("/admin/settings/redirects")}
          className="mt-4 grid gap-4 sm:grid-cols-2"
          {...redirectChecks.formProps}
        >
          <TextField
            label={t("adminSettings.field.redirectPath")}
            name="path"
            maxLength={300}
            autoComplete="off"
            dir="ltr"
            defaultValue={String(keptRedirect?.path ?? "")}
            error={message(redirectChecks.errors.path)}
            hint={t("adminSettings.redirectPathHint")}
          />
          <TextField
            label={t("adminSettings.field.redirectTarget")}
            name="target"
            maxLength={500}
            autoComplete="off"
            dir="ltr"
            defaultValue={String(keptRedirect?.target ?? "")}
            error={message(redirectChecks.errors.target)}
            hint={t("adminSettings.redirectTargetHint")}
          />
          <label className="text-sm font-medium text-slate-800">
            {t("adminSettings.field.redirectMatch")}
            <select
              name="matchType"
              defaultValue={String(keptRedirect?.matchType ?? "exact")}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
            >
              <option value="exact">{t("adminSettings.redirectMatch.exact")}</option>
              <option value="prefix">{t("adminSettings.redirectMatch.prefix")}</option>
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminSettings.field.redirectStatus")}
            <select
              name="statusCode"
              defaultValue={String(keptRedirect?.statusCode ?? "302")}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
            >
              {REDIRECT_STATUSES.map((code) => (
                <option key={code} value={code}>
                  {t(`adminSettings.redirectStatus.${code}`)}
                </option>
              ))}
            </select>
          </label>
          <TextField
            className="sm:col-span-2"
            label={t("adminSettings.field.redirectNote")}
            name="note"
            maxLength={200}
            defaultValue={String(keptRedirect?.note ?? "")}
            error={message(redirectChecks.errors.note)}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {t("adminSettings.redirectAdd")}
            </Button>
          </div>
        </Form>
      </section>
    </>
  );
}
