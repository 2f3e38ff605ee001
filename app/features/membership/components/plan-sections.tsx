import { useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { ExpiryDateTime, LocalDate } from "~/components/ui/local-time";
import { useLocale, useT } from "~/lib/i18n/react";
import { dataKey } from "~/lib/i18n/translate";
import { CurrencySwitcher } from "../currency-switcher";
import type { MembershipView } from "../membership.server";
import { PLAN_NAME_KEY } from "../plan-name";
import { formatPrice } from "../prices";
import { useMembershipForm } from "./membership-forms";

/** A titled card of the membership page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The teacher's plan now, with the way to Stripe's billing portal when they pay. */
export function CurrentPlan({ view }: { view: MembershipView }) {
  const t = useT();
  const { fetcher, action, busy } = useMembershipForm("portal");
  const p = view.plan;
  return (
    <Section title={t("membership.current.title")}>
      {p.kind === "free" ? (
        <div className="space-y-2 text-slate-700">
          <p className="text-xl font-semibold text-ink">{t(PLAN_NAME_KEY.free)}</p>
          <p>{t("membership.current.freeText")}</p>
          {p.trialEndedAt ? (
            <p className="text-sm text-slate-600">
              {t("membership.current.trialEnded")} <ExpiryDateTime value={p.trialEndedAt} />
            </p>
          ) : null}
        </div>
      ) : p.kind === "trial" ? (
        <div className="space-y-2 text-slate-700">
          <p className="text-xl font-semibold text-ink">
            {t(PLAN_NAME_KEY[p.source === "trial" ? "trial" : "access"])}
          </p>
          <p>
            {p.source === "trial"
              ? t("membership.current.trialEnds")
              : t("membership.current.accessEnds")}{" "}
            <strong>
              <ExpiryDateTime value={p.expiresAt} />
            </strong>
          </p>
          <p className="text-sm text-slate-600">{t("membership.current.afterTrial")}</p>
        </div>
      ) : p.kind === "lifetime" ? (
        <div className="space-y-2 text-slate-700">
          <p className="text-xl font-semibold text-ink">{t(PLAN_NAME_KEY.premium)}</p>
          <p>{t("membership.current.lifetime")}</p>
        </div>
      ) : p.kind === "school" ? (
        <div className="space-y-2 text-slate-700">
          <p className="text-xl font-semibold text-ink">{t(PLAN_NAME_KEY.school)}</p>
          <p>{t("membership.throughSchool", { school: view.school?.name ?? "" })}</p>
        </div>
      ) : (
        <div className="space-y-3 text-slate-700">
          <p className="text-xl font-semibold text-ink">
            {p.interval === "year" ? t("membership.plan.yearly") : t("membership.plan.monthly")}
          </p>
          <p>
            {t("membership.current.status")}{" "}
            <strong>{t(dataKey(`membership.status.${p.status.toLowerCase()}`))}</strong>
          </p>
          {p.periodEnd ? (
            <p>
              {p.cancelAtPeriodEnd
                ? t("membership.current.endsOn")
                : t("membership.current.renewsOn")}{" "}
              <strong>
                <LocalDate value={p.periodEnd} />
              </strong>
            </p>
          ) : null}
          {p.status === "PAST_DUE" ? (
            <Alert tone="error">{t("membership.current.pastDue")}</Alert>
          ) : null}
          {view.school?.isPremium ? (
            <Alert tone="info">
              {t("membership.current.schoolToo", { school: view.school.name })}
            </Alert>
          ) : null}
        </div>
      )}
      {view.hasCustomer && view.paymentsEnabled ? (
        <fetcher.Form method="post" action={action} className="mt-5">
          <Button type="submit" theme="white" loading={busy}>
            {t("membership.portal")}
          </Button>
          <p className="mt-2 text-sm text-slate-600">{t("membership.portalHint")}</p>
        </fetcher.Form>
      ) : null}
    </Section>
  );
}

/** The premium plans to buy, monthly or yearly, in the page's currency. */
export function Plans({ view }: { view: MembershipView }) {
  const t = useT();
  const locale = useLocale();
  const { fetcher, action, busy } = useMembershipForm("checkout");
  const [interval, setInterval] = useState<"month" | "year">("year");
  const price = (amount: number) => formatPrice(amount, view.currency, locale.iso);
  const options = [
    { value: "month" as const, label: t("membership.interval.month") },
    {
      value: "year" as const,
      label: t("membership.interval.year"),
      badge: t("membership.save", { percent: view.prices.savingPercent }),
    },
  ];
  return (
    <Section title={t("membership.premium.title")}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-slate-700">{t("membership.premium.text")}</p>
        <CurrencySwitcher
          current={view.currency}
          className="shrink-0 self-start ring-1 ring-slate-200"
        />
      </div>
      {!view.paymentsEnabled ? (
        <Alert tone="info" className="mt-4">
          {t("membership.error.notConfigured")}
        </Alert>
      ) : null}
      <fetcher.Form method="post" action={action} className="mt-5 space-y-5">
        <input type="hidden" name="currency" value={view.currency} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            {t("membership.interval.legend")}
          </legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {options.map((o) => (
              <label
                key={o.value}
                className={cx(
                  "flex cursor-pointer items-center justify-between gap-3 rounded-xl border p-4",
                  interval === o.value
                    ? "border-brand-600 ring-2 ring-brand-600"
                    : "border-slate-300",
                )}
              >
                <span className="flex items-center gap-3">
                  <input
                    type="radio"
                    name="interval"
                    value={o.value}
                    checked={interval === o.value}
                    onChange={() => setInterval(o.value)}
                    className="size-4"
                  />
                  <span>
                    <span className="block font-semibold text-ink">{o.label}</span>
                    <bdi dir="ltr" className="text-slate-700">
                      {price(o.value === "year" ? view.prices.year : view.prices.month)}
                    </bdi>{" "}
                    <span className="text-sm text-slate-600">
                      {o.value === "year" ? t("membership.perYear") : t("membership.perMonth")}
                    </span>
                  </span>
                </span>
                {o.badge ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {o.badge}
                  </span>
                ) : null}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" size="large" loading={busy} disabled={!view.paymentsEnabled}>
          {t("membership.checkout.button")}
        </Button>
        <p className="text-sm text-slate-600">{t("membership.checkout.note")}</p>
      </fetcher.Form>
    </Section>
  );
}
