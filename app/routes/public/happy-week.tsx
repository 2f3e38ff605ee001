import { Form, Link, useActionData, useLoaderData, href } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/happy-week";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { ExpiryDateTime, LocalDate, LocalDateTime } from "~/components/ui/local-time";
import { isTrialActive } from "~/features/account/user-states";
import { BillingError, promotionCodeId, startCheckout } from "~/features/membership/billing.server";
import { pricingCurrency } from "~/features/membership/currency.server";
import { CurrencySwitcher } from "~/features/membership/currency-switcher";
import { settledPremium, type SettledPremium } from "~/features/membership/membership.server";
import { CURRENCIES, formatPrice, PRICES } from "~/features/membership/prices";
import { discountState } from "~/features/membership/promotions";
import { loadPromotions } from "~/features/membership/promotions.server";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { refuse } from "~/lib/errors";
import { AnswerAlert } from "~/components/answer-alert";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useLocale, useT } from "~/lib/i18n/react";
import { stripeClient } from "~/lib/stripe.server";

/**
 * /r/happy-week: a time-boxed discount on the first payment (spec §1), through the Stripe
 * promotion code of content/info/promotions.yml. Outside its dates the page says so politely.
 * The discount is for new memberships: a teacher who already pays (or whose school does) is
 * told so instead of being offered a checkout, and one on a trial or promotion is told that
 * a membership bought now starts today.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const user = getUser(context);
  const now = services.clock.now();
  const state = discountState(await loadPromotions(services), now);
  const currency = pricingCurrency(request, context, user?.data.countryCode ?? null).currency;
  const campaign = state.state === "none" ? null : state.campaign;
  const settled: SettledPremium | null = user ? await settledPremium(services, user) : null;
  const accessUntil =
    user && !settled && isTrialActive(user.data, now)
      ? (user.data.trialExpiresAt?.toISOString() ?? null)
      : null;
  return {
    state: state.state,
    percentOff: campaign?.percentOff ?? 0,
    startsAt: campaign?.startsAt.toISOString() ?? null,
    endsAt: campaign?.endsAt.toISOString() ?? null,
    signedIn: Boolean(user),
    settled,
    accessUntil,
    currency,
    prices: PRICES[currency],
    paymentsEnabled: stripeClient(services.env) !== null,
  };
}

const CheckoutSchema = z.object({
  interval: z.enum(["month", "year"]),
  currency: z.enum(CURRENCIES).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = CheckoutSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("happyWeek", "invalid");
  const state = discountState(await loadPromotions(services), services.clock.now());
  if (state.state !== "running") return refuse("happyWeek", "ended");
  const settled = await settledPremium(services, user);
  if (settled)
    return settled.kind === "school"
      ? refuse("happyWeek", "school-covers", { message: { school: settled.school } })
      : refuse("happyWeek", "already-premium");
  try {
    const promotion = await promotionCodeId(services, state.campaign.promotionCode);
    const url = await startCheckout(services, user, parsed.data.interval, {
      promotionCode: promotion,
      currency:
        parsed.data.currency ?? pricingCurrency(request, context, user.data.countryCode).currency,
    });
    return new Response(null, { status: 302, headers: { Location: url } });
  } catch (error) {
    if (error instanceof BillingError)
      return refuse(
        "happyWeek",
        error.code === "not-configured"
          ? "not-configured"
          : error.code === "already-subscribed"
            ? "already-premium"
            : "stripe",
      );
    services.log.error({ err: error }, "happy-week checkout failed");
    return refuse("happyWeek", "stripe-unreachable");
  }
}

export default function HappyWeekPage() {
  const t = useT();
  const locale = useLocale();
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const discounted = (amount: number) =>
    formatPrice(Math.round(amount * (100 - d.percentOff)) / 100, d.currency, locale.iso);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <title>{`${t("page.happyWeek.title")} · Parley`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {d.state === "running"
          ? t("happyWeek.title", { percent: d.percentOff })
          : t("page.happyWeek.title")}
      </h1>
      <AnswerAlert answer={answer} className="mt-6" />
      {d.state === "running" ? (
        <>
          <p className="mt-4 text-lg text-slate-700">
            {t("happyWeek.text", { percent: d.percentOff })}
          </p>
          <p className="mt-2 text-slate-600">
            {t("happyWeek.until")} <LocalDateTime value={d.endsAt ?? ""} />
          </p>
          {d.settled ? (
            <Alert tone="info" className="mt-6">
              <div className="space-y-1" data-testid="happy-week-settled">
                <SettledText settled={d.settled} />
                <p>
                  <Link to={href("/dashboard/membership")} className="font-semibold underline">
                    {t("membership.details")}
                  </Link>
                </p>
              </div>
            </Alert>
          ) : (
            <>
              {d.accessUntil ? (
                <div className="mt-6 space-y-1 text-slate-700">
                  <p>
                    {t("membership.current.accessEnds")}{" "}
                    <strong>
                      <ExpiryDateTime value={d.accessUntil} />
                    </strong>
                  </p>
                  <p>{t("happyWeek.startsToday")}</p>
                </div>
              ) : null}
              <CurrencySwitcher current={d.currency} className="mt-6 w-fit ring-1 ring-slate-200" />
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                {(["month", "year"] as const).map((interval) => (
                  <div key={interval} className="rounded-2xl border border-slate-200 bg-white p-6">
                    <h2 className="text-lg font-semibold text-ink">
                      {interval === "year"
                        ? t("membership.plan.yearly")
                        : t("membership.plan.monthly")}
                    </h2>
                    <p className="mt-3">
                      <bdi dir="ltr" className="text-3xl font-extrabold text-ink">
                        {discounted(d.prices[interval])}
                      </bdi>{" "}
                      <s className="text-slate-500">
                        <bdi dir="ltr">
                          {formatPrice(d.prices[interval], d.currency, locale.iso)}
                        </bdi>
                      </s>
                    </p>
                    <p className="text-sm text-slate-600">{t("happyWeek.firstPayment")}</p>
                    {d.signedIn ? (
                      <Form method="post" className="mt-4">
                        <input type="hidden" name="interval" value={interval} />
                        <input type="hidden" name="currency" value={d.currency} />
                        <Button type="submit" disabled={!d.paymentsEnabled}>
                          {t("happyWeek.cta")}
                        </Button>
                      </Form>
                    ) : (
                      <ButtonLink to={href("/auth/sign-up")} className="mt-4">
                        {t("happyWeek.join")}
                      </ButtonLink>
                    )}
                  </div>
                ))}
              </div>
            </>
          )}
          {!d.paymentsEnabled ? (
            <Alert tone="info" className="mt-6">
              {t("membership.error.notConfigured")}
            </Alert>
          ) : null}
        </>
      ) : d.state === "upcoming" ? (
        <p className="mt-4 text-lg text-slate-700">
          {t("happyWeek.upcoming")} <LocalDateTime value={d.startsAt ?? ""} />
        </p>
      ) : (
        <>
          <p className="mt-4 text-lg text-slate-700">{t("happyWeek.closed")}</p>
          <ButtonLink to={d.signedIn ? "/dashboard/membership" : "/#pricing"} className="mt-6">
            {t("happyWeek.seePlans")}
          </ButtonLink>
        </>
      )}
    </div>
  );
}

function SettledText({ settled }: { settled: SettledPremium }) {
  const t = useT();
  const first =
    settled.kind === "school" ? (
      t("membership.schoolCovers", { school: settled.school })
    ) : settled.kind === "subscription" && settled.periodEnd ? (
      <>
        {t("happyWeek.paidUntil")} <LocalDate value={settled.periodEnd} />
      </>
    ) : null;
  if (!first) return <p>{t("happyWeek.alreadyPremium")}</p>;
  return (
    <>
      <p>{first}</p>
      <p>{t("happyWeek.newOnly")}</p>
    </>
  );
}
