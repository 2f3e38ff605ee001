import { Form, useNavigation } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { useMessage, type FormAnswer, type FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import type { campaignsPage, CampaignState } from "../campaigns.server";

export type AdminCampaignsData = Awaited<ReturnType<typeof campaignsPage>>;

const STATE_TONES: Record<CampaignState, string> = {
  off: "bg-slate-100 text-slate-800 ring-slate-300",
  upcoming: "bg-amber-50 text-amber-900 ring-amber-300",
  running: "bg-green-50 text-green-900 ring-green-300",
  ended: "bg-slate-100 text-slate-700 ring-slate-300",
};

type Group = "thanksgiving" | "wosp" | "happyWeek";

/**
 * Admin → Campaigns: Thanksgiving, WOŚP and Happy Week with their dates (UTC), saved for
 * every instance at once; or back to the campaigns of content/info/promotions.yml.
 */
export function AdminCampaignsPage({
  loaded,
  answer,
}: {
  loaded: AdminCampaignsData;
  answer?: FormAnswer;
}) {
  const t = useT();
  const message = useMessage();
  const busy = useNavigation().state === "submitting";
  const failure = answer && "errors" in answer ? (answer as FormFailure) : undefined;
  const errorOf = (group: Group, field: string) => message(failure?.errors[`${group}.${field}`]);
  const valueOf = (group: Group, field: string): string => {
    if (failure) return failure.values[`${group}.${field}`] ?? "";
    return (loaded[group].values as Record<string, string | undefined>)[field] ?? "";
  };
  const dateField = (group: Group, field: string, hint?: string) => (
    <TextField
      label={t(`adminCampaigns.field.${field as "startsAt" | "endsAt" | "accessUntil"}`)}
      name={`${group}.${field}`}
      type="datetime-local"
      defaultValue={valueOf(group, field)}
      error={errorOf(group, field)}
      hint={hint}
    />
  );
  const header = (group: Group) => (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id={`campaign-${group}`} className="text-lg font-semibold text-ink">
        {t(`adminCampaigns.name.${group}`)}
      </h2>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATE_TONES[loaded[group].state]}`}
        data-testid={`campaign-state-${group}`}
      >
        {t(`adminCampaigns.state.${loaded[group].state}`)}
      </span>
    </div>
  );
  const enabled = (group: Group) => (
    <CheckboxField
      label={t("adminCampaigns.field.enabled")}
      name={`${group}.enabled`}
      defaultChecked={valueOf(group, "enabled") === "on"}
    />
  );
  return (
    <>
      <title>{`${t("page.adminCampaigns.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminCampaigns.title")}
        description={t("page.adminCampaigns.description")}
      />
      <AnswerAlert answer={answer} className="mb-6" />
      <p className="mb-6 text-sm text-slate-700" data-testid="campaigns-source">
        {loaded.fromPanel ? t("adminCampaigns.fromPanel") : t("adminCampaigns.fromFile")}
      </p>
      {/* Saved: the fields show the campaigns as stored (codes in capitals), not as typed. */}
      <Form method="post" noValidate className="grid gap-6" key={JSON.stringify(loaded)}>
        <input type="hidden" name="intent" value="save" />
        {(["thanksgiving", "wosp"] as const).map((group) => (
          <section
            key={group}
            aria-labelledby={`campaign-${group}`}
            className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
          >
            {header(group)}
            <p className="text-sm text-slate-600">{t("adminCampaigns.accessIntro")}</p>
            {enabled(group)}
            <div className="grid gap-4 sm:grid-cols-3">
              {dateField(group, "startsAt")}
              {dateField(group, "endsAt")}
              {dateField(group, "accessUntil")}
            </div>
            <TextField
              label={t("adminCampaigns.field.countries")}
              name={`${group}.countries`}
              defaultValue={valueOf(group, "countries")}
              error={errorOf(group, "countries")}
              hint={t("adminCampaigns.countriesHint")}
              maxLength={200}
              autoComplete="off"
              dir="ltr"
            />
          </section>
        ))}
        <section
          aria-labelledby="campaign-happyWeek"
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          {header("happyWeek")}
          <p className="text-sm text-slate-600">{t("adminCampaigns.discountIntro")}</p>
          {enabled("happyWeek")}
          <div className="grid gap-4 sm:grid-cols-2">
            {dateField("happyWeek", "startsAt")}
            {dateField("happyWeek", "endsAt")}
            <TextField
              label={t("adminCampaigns.field.percentOff")}
              name="happyWeek.percentOff"
              type="number"
              inputMode="numeric"
              min={1}
              max={90}
              defaultValue={valueOf("happyWeek", "percentOff")}
              error={errorOf("happyWeek", "percentOff")}
            />
            <TextField
              label={t("adminCampaigns.field.promotionCode")}
              name="happyWeek.promotionCode"
              defaultValue={valueOf("happyWeek", "promotionCode")}
              error={errorOf("happyWeek", "promotionCode")}
              hint={t("adminCampaigns.codeHint")}
              maxLength={32}
              autoComplete="off"
              dir="ltr"
            />
          </div>
        </section>
        <p className="text-sm text-slate-600">{t("adminCampaigns.utcHint")}</p>
        <div>
          <Button type="submit" disabled={busy}>
            {t("adminCampaigns.save")}
          </Button>
        </div>
      </Form>
      {loaded.fromPanel ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="reset" />
          <Button type="submit" theme="white" disabled={busy}>
            {t("adminCampaigns.reset")}
          </Button>
        </Form>
      ) : null}
    </>
  );
}
