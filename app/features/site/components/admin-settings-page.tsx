import { Form, href, useNavigation } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/field";
import { LocalDateTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { useFormChecks, useMessage, type FormAnswer, type FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { MaintenanceSchema } from "../maintenance-form";

/** What /admin/settings loads: the maintenance switch as every instance sees it. */
export interface AdminSettingsData {
  maintenance: {
    enabled: boolean;
    /** MAINTENANCE_MODE forces it on: the panel cannot switch it off. */
    forced: boolean;
    message: string | null;
    until: string | null;
  };
}

/**
 * Site settings: the maintenance switch, with a note to visitors and the expected end. It
 * takes effect on every instance at once (administrators keep using the site). The form
 * posts to /admin/settings/maintenance (one form per route module).
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
  const failure = posted && "errors" in posted ? (posted as FormFailure) : undefined;
  const { errors, formProps } = useFormChecks(MaintenanceSchema, failure);
  const kept = failure?.values;
  const { maintenance } = loaded;
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
    </>
  );
}
