import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/happy-week";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-time";
import { isPremiumMember } from "~/features/account/user-states";
import {
  BillingError,
  promotionCodeId,
  startCheckout,
  userCurrency,
} from "~/features/membership/billing.server";
import { currencyForCountry, formatPrice, PRICES } from "~/features/membership/prices";
import { discountState } from "~/features/membership/promotions";
import { loadPromotions } from "~/features/membership/promotions.server";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useLocale, useT } from "~/lib/i18n/react";
import { stripeClient } from "~/lib/stripe.server";

/**
 * /r/happy-week: a time-boxed discount on the first payment (spec §1), through the Stripe
 * promotion code of content/info/promotions.yml. Outside its dates the page says so politely.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  const user = getUser(context);
  const state = discountState(await loadPromotions(services), services.clock.now());
  const currency = user ? userCurrency(user) : currencyForCountry(null);
  const campaign = state.state === "none" ? null : state.campaign;
  return {
    state: state.state,
    percentOff: campaign?.percentOff ?? 0,
    startsAt: campaign?.startsAt.toISOString() ?? null,
    endsAt: campaign?.endsAt.toISOString() ?? null,
    signedIn: Boolean(user),
    premium: user ? isPremiumMember(user.data) : false,
    currency,
    prices: PRICES[currency],
    paymentsEnabled: stripeClient(services.env) !== null,
  };
}

const CheckoutSchema = z.object({ interval: z.enum(["month", "year"]) });

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = CheckoutSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data({ messageKey: "membership.error.invalidRequest" }, { status: 400 });
  const state = discountState(await loadPromotions(services), services.clock.now());
  if (state.state !== "running") return data({ messageKey: "happyWeek.ended" }, { status: 409 });
  try {
    const promotion = await promotionCodeId(services, state.campaign.promotionCode);
    const url = await startCheckout(services, user, parsed.data.interval, {
      promotionCode: promotion,
    });
    return new Response(null, { status: 302, headers: { Location: url } });
  } catch (error) {
    if (error instanceof BillingError)
      return data(
        {
          messageKey:
            error.code === "not-configured"
              ? "membership.error.notConfigured"
              : error.code === "already-subscribed"
                ? "membership.error.alreadySubscribed"
                : "membership.error.stripe",
        },
        { status: error.code === "not-configured" ? 503 : 409 },
      );
    services.log.error({ err: error }, "happy-week checkout failed");
    return data({ messageKey: "membership.error.stripe" }, { status: 502 });
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
      {answer ? (
        <Alert tone="error" className="mt-6">
          {t(answer.messageKey)}
        </Alert>
      ) : null}
      {d.state === "running" ? (
        <>
          <p className="mt-4 text-lg text-slate-700">
            {t("happyWeek.text", { percent: d.percentOff })}
          </p>
          <p className="mt-2 text-slate-600">
            {t("happyWeek.until")} <LocalDateTime value={d.endsAt ?? ""} />
          </p>
          {d.premium ? (
            <Alert tone="info" className="mt-6">
              {t("happyWeek.alreadyPremium")}
            </Alert>
          ) : (
            <div className="mt-8 grid gap-4 sm:grid-cols-2">
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
                      <bdi dir="ltr">{formatPrice(d.prices[interval], d.currency, locale.iso)}</bdi>
                    </s>
                  </p>
                  <p className="text-sm text-slate-600">{t("happyWeek.firstPayment")}</p>
                  {d.signedIn ? (
                    <Form method="post" className="mt-4">
                      <input type="hidden" name="interval" value={interval} />
                      <Button type="submit" disabled={!d.paymentsEnabled}>
                        {t("happyWeek.cta")}
                      </Button>
                    </Form>
                  ) : (
                    <ButtonLink to="/auth/sign-up" className="mt-4">
                      {t("happyWeek.join")}
                    </ButtonLink>
                  )}
                </div>
              ))}
            </div>
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
