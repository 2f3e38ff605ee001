import { useState } from "react";
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  href,
} from "react-router";
import { z } from "zod";
import type { Route } from "./+types/membership";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { TableHead } from "~/components/ui/table-head";
import { cx } from "~/components/ui/cx";
import { ExpiryDateTime, LocalDate } from "~/components/ui/local-time";
import { PLAN_NAME_KEY } from "~/features/membership/plan-name";
import { PageHeader } from "~/components/ui/page-header";
import { loadUserOrganization } from "~/features/account/profile.server";
import {
  BillingError,
  completeCheckout,
  openPortal,
  startCheckout,
  startSchoolCheckout,
} from "~/features/membership/billing.server";
import { redeemCode, type RedeemFailure } from "~/features/membership/grants.server";
import { pricingCurrency } from "~/features/membership/currency.server";
import { CurrencySwitcher } from "~/features/membership/currency-switcher";
import {
  loadMembership,
  settledPremium,
  withFreshData,
  type MembershipView,
} from "~/features/membership/membership.server";
import { claimPromotion } from "~/features/membership/promotions.server";
import {
  CURRENCIES,
  formatPrice,
  MAX_SCHOOL_SEATS,
  MIN_SCHOOL_SEATS,
  type Currency,
} from "~/features/membership/prices";
import {
  acceptInvite,
  describeInvite,
  inviteTeacher,
  leaveSchool,
  removeMember,
  revokeInvite,
  schoolRoster,
  SchoolActionError,
  type InviteView,
  type SchoolError,
  type SchoolRoster,
} from "~/features/schools/schools.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useLocale, useT } from "~/lib/i18n/react";
import { consumeRate } from "~/lib/rate-limit.server";
import { RedeemCodeField } from "~/features/membership/redeem-code-field";
import { HOUR_MS } from "~/lib/time";
import { dataKey, type MessageKey } from "~/lib/i18n/translate";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  let checkout: "success" | "canceled" | null =
    url.searchParams.get("checkout") === "canceled" ? "canceled" : null;
  if (
    url.searchParams.get("checkout") === "success" &&
    sessionId &&
    /^cs_\w{4,200}$/.test(sessionId)
  ) {
    try {
      const membership = await loadUserOrganization(services.db, user.id);
      if (await completeCheckout(services, user, sessionId, membership?.organization.id ?? null))
        checkout = "success";
    } catch (error) {
      // Unconfirmed is not paid: the page shows the plan as it is; the webhook completes it.
      services.log.warn({ err: error }, "checkout return could not be confirmed");
    }
  }
  // Read again: completing the checkout may have changed the user's row.
  const fresh = checkout === "success" ? await withFreshData(services, user) : user;
  // Decided on this request (the account's country, else the request's), so the first view
  // already shows the teacher's currency; ?currency= is the teacher's own pick.
  const view = await loadMembership(
    services,
    fresh,
    pricingCurrency(request, context, fresh.data.countryCode),
  );
  const token = url.searchParams.get("invite");
  const invite = token ? await describeInvite(services, token) : null;
  const roster = view.school?.canManage ? await schoolRoster(services, view.school.id) : null;
  // Right after accepting an invitation: welcome the teacher to the school they now belong to.
  const joined = url.searchParams.get("joined") === "1" ? (view.school?.name ?? null) : null;
  return { view, checkout, invite: token ? { token, details: invite } : null, roster, joined };
}

const IntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("checkout"),
    interval: z.enum(["month", "year"]),
    // The currency the prices were shown in; amounts always come from the server's prices.
    currency: z.enum(CURRENCIES).optional(),
  }),
  z.object({ intent: z.literal("portal") }),
  z.object({
    intent: z.literal("school-checkout"),
    seats: z.coerce.number().int().min(MIN_SCHOOL_SEATS).max(MAX_SCHOOL_SEATS),
    currency: z.enum(CURRENCIES).optional(),
  }),
  z.object({ intent: z.literal("school-portal") }),
  z.object({ intent: z.literal("redeem"), code: z.string().trim().min(1).max(64) }),
  z.object({ intent: z.literal("accept-invite"), token: z.string().min(10).max(100) }),
  z.object({
    intent: z.literal("invite"),
    email: z.email().max(254),
    role: z.enum(["admin", "member"]).default("member"),
  }),
  z.object({ intent: z.literal("revoke-invite"), inviteId: z.uuid() }),
  z.object({ intent: z.literal("remove-member"), userId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("leave") }),
  z.object({ intent: z.literal("claim-promotion") }),
]);

const SCHOOL_MESSAGES: Record<SchoolError, MessageKey> = {
  "not-found": "school.error.notFound",
  "not-manager": "membership.error.notSchoolManager",
  full: "school.error.full",
  "already-member": "school.error.alreadyMember",
  "in-another-school": "school.error.inAnotherSchool",
  "invite-invalid": "school.error.inviteInvalid",
  "invite-expired": "school.error.inviteExpired",
  "invite-other-email": "school.error.inviteOtherEmail",
  "owner-cannot-leave": "school.error.ownerCannotLeave",
  "no-user": "school.error.notFound",
};

function answer(messageKey: MessageKey, values?: Record<string, string | number>): RedeemAnswer {
  return { ok: true, messageKey, values };
}

async function schoolAction(
  services: ReturnType<typeof getServices>,
  user: ReturnType<typeof requireUser>,
  input: z.infer<typeof IntentSchema>,
) {
  try {
    switch (input.intent) {
      case "accept-invite": {
        await acceptInvite(services, user, input.token);
        // Off the invitation's address: it has been used, and a reload must not call it invalid.
        throw redirect(`${href("/dashboard/membership")}?joined=1`);
      }
      case "invite":
        await inviteTeacher(services, user.id, { email: input.email, role: input.role });
        return answer("school.invited", { email: input.email });
      case "revoke-invite":
        await revokeInvite(services, user.id, input.inviteId);
        return answer("school.inviteRevoked");
      case "remove-member":
        await removeMember(services, user.id, input.userId);
        return answer("school.memberRemoved");
      case "leave":
        await leaveSchool(services, user.id);
        return answer("school.left");
      default:
        return null;
    }
  } catch (error) {
    if (error instanceof SchoolActionError)
      return data({ ok: false, messageKey: SCHOOL_MESSAGES[error.code] }, { status: 409 });
    throw error;
  }
}

export interface RedeemAnswer {
  ok: boolean;
  messageKey: MessageKey;
  values?: Record<string, string | number>;
}

const REDEEM_MESSAGES: Record<RedeemFailure | "rate", MessageKey> = {
  invalid: "redeem.error.invalid",
  expired: "redeem.error.expired",
  used: "redeem.error.used",
  "already-redeemed": "redeem.error.alreadyRedeemed",
  subscribed: "redeem.error.subscribed",
  rate: "redeem.error.tooMany",
};

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = IntentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data(
      { ok: false, messageKey: "membership.error.invalidRequest" as const },
      { status: 400 },
    );
  const input = parsed.data;

  if (input.intent === "redeem") {
    const rate = await consumeRate(services.db, `redeem:${user.id}`, {
      windowMs: HOUR_MS,
      max: 10,
    });
    if (!rate.allowed)
      return data(
        {
          ok: false,
          messageKey: REDEEM_MESSAGES.rate,
          values: { count: Math.ceil(rate.retryAfterS / 60) },
        } satisfies RedeemAnswer,
        { status: 429, headers: { "Retry-After": String(rate.retryAfterS) } },
      );
    const result = await redeemCode(services, user.id, input.code);
    if (!result.ok)
      return data(
        { ok: false, messageKey: REDEEM_MESSAGES[result.reason] } satisfies RedeemAnswer,
        {
          status: 422,
        },
      );
    return {
      ok: true,
      messageKey:
        result.kind === "plan"
          ? ("redeem.success.plan" as const)
          : ("redeem.success.days" as const),
      values: { count: result.days ?? 0 },
    } satisfies RedeemAnswer;
  }

  if (input.intent === "claim-promotion") {
    // Claiming twice changes nothing; either way the page then shows the plan it gave.
    await claimPromotion(services, user);
    return redirect(href("/dashboard/membership"));
  }

  const school = await schoolAction(services, user, input);
  if (school) return school;

  try {
    if (input.intent === "checkout") {
      // A premium school's member has nothing to pay for (the page offers no checkout).
      const settled = await settledPremium(services, user);
      if (settled?.kind === "school")
        return data(
          {
            ok: false,
            messageKey: "membership.schoolCovers" as const,
            values: { school: settled.school },
          },
          { status: 409 },
        );
      const currency: Currency =
        input.currency ?? pricingCurrency(request, context, user.data.countryCode).currency;
      return redirect(await startCheckout(services, user, input.interval, { currency }));
    }
    if (input.intent === "portal") {
      if (!user.data.stripeCustomerId)
        return data(
          { ok: false, messageKey: "membership.error.noBilling" as const },
          { status: 409 },
        );
      return redirect(await openPortal(services, user.data.stripeCustomerId));
    }
    const membership = await loadUserOrganization(services.db, user.id);
    if (!membership || membership.role === "member")
      return data(
        { ok: false, messageKey: "membership.error.notSchoolManager" as const },
        { status: 403 },
      );
    if (input.intent === "school-checkout")
      return redirect(
        await startSchoolCheckout(
          services,
          user,
          membership.organization.id,
          input.seats,
          input.currency ?? null,
        ),
      );
    if (!membership.organization.stripeCustomerId)
      return data(
        { ok: false, messageKey: "membership.error.noBilling" as const },
        { status: 409 },
      );
    return redirect(await openPortal(services, membership.organization.stripeCustomerId));
  } catch (error) {
    if (error instanceof BillingError) {
      const key: MessageKey =
        error.code === "not-configured"
          ? "membership.error.notConfigured"
          : error.code === "already-subscribed"
            ? "membership.error.alreadySubscribed"
            : "membership.error.stripe";
      if (error.code !== "not-configured" && error.code !== "already-subscribed")
        services.log.error({ err: error }, "billing failed");
      return data(
        { ok: false, messageKey: key },
        { status: error.code === "not-configured" ? 503 : 409 },
      );
    }
    services.log.error({ err: error }, "Stripe request failed");
    return data({ ok: false, messageKey: "membership.error.stripe" as const }, { status: 502 });
  }
}

export default function MembershipPage() {
  const t = useT();
  const { view, checkout, invite, roster, joined } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <title>{`${t("page.membership.title")} · Parley`}</title>
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
        <PageHeader
          title={t("page.membership.title")}
          description={t("page.membership.description")}
        />
        {checkout === "success" ? (
          <Alert tone="success">{t("membership.checkout.success")}</Alert>
        ) : checkout === "canceled" ? (
          <Alert tone="info">{t("membership.checkout.canceled")}</Alert>
        ) : null}
        {answer && !answer.messageKey.startsWith("redeem.") ? (
          <Alert tone={answer.ok ? "success" : "error"}>
            {t(answer.messageKey, "values" in answer ? answer.values : undefined)}
          </Alert>
        ) : null}
        {joined ? <Alert tone="success">{t("school.joined", { school: joined })}</Alert> : null}
        {invite ? <Invitation token={invite.token} details={invite.details} /> : null}
        <CurrentPlan view={view} />
        {view.plan.kind === "subscription" ||
        view.plan.kind === "lifetime" ||
        view.plan.kind === "school" ? null : (
          <Plans view={view} />
        )}
        {view.school ? <School view={view} roster={roster} /> : null}
        <Invoices view={view} />
        {view.plan.kind === "subscription" || view.plan.kind === "lifetime" ? null : (
          <Redeem answer={answer?.messageKey.startsWith("redeem.") ? answer : null} />
        )}
      </div>
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
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

function CurrentPlan({ view }: { view: MembershipView }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "portal";
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
        <Form method="post" className="mt-5">
          <input type="hidden" name="intent" value="portal" />
          <Button type="submit" theme="white" loading={busy}>
            {t("membership.portal")}
          </Button>
          <p className="mt-2 text-sm text-slate-600">{t("membership.portalHint")}</p>
        </Form>
      ) : null}
    </Section>
  );
}

function Plans({ view }: { view: MembershipView }) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const [interval, setInterval] = useState<"month" | "year">("year");
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
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
      <Form method="post" className="mt-5 space-y-5">
        <input type="hidden" name="intent" value="checkout" />
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
      </Form>
    </Section>
  );
}

function Invitation({ token, details }: { token: string; details: InviteView | null }) {
  const t = useT();
  if (!details || details.accepted)
    return <Alert tone="error">{t("school.error.inviteInvalid")}</Alert>;
  if (details.expired) return <Alert tone="error">{t("school.error.inviteExpired")}</Alert>;
  return (
    <Section title={t("school.invitation.title", { school: details.school })}>
      <p className="text-slate-700">
        {t("school.invitation.text", { school: details.school, email: details.email })}
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="accept-invite" />
        <input type="hidden" name="token" value={token} />
        <Button type="submit">{t("school.invitation.accept")}</Button>
      </Form>
    </Section>
  );
}

function School({ view, roster }: { view: MembershipView; roster: SchoolRoster | null }) {
  const t = useT();
  const locale = useLocale();
  const school = view.school;
  const [seats, setSeats] = useState(
    Math.max(MIN_SCHOOL_SEATS, school?.members ?? MIN_SCHOOL_SEATS),
  );
  if (!school) return null;
  return (
    <Section title={t("membership.school.title", { school: school.name })}>
      <div className="space-y-2 text-slate-700">
        <p>
          {school.isPremium ? t("organization.planPremium") : t("organization.planFree")} ·{" "}
          {t("organization.seats", { count: school.seats })} ·{" "}
          {t("organization.members", { count: school.members })}
        </p>
        {school.isPremium && school.periodEnd ? (
          <p>
            {t("membership.current.renewsOn")} <LocalDate value={school.periodEnd} />
          </p>
        ) : null}
        <p>
          {t("membership.managedBy", {
            names: school.managers.map((m) => `${m.name} (${m.email})`).join(", "),
          })}
        </p>
      </div>
      {school.canManage && view.paymentsEnabled ? (
        school.isPremium ? (
          school.hasCustomer ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="school-portal" />
              <Button type="submit" theme="white">
                {t("membership.school.portal")}
              </Button>
            </Form>
          ) : null
        ) : (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="school-checkout" />
            <input type="hidden" name="currency" value={view.schoolCurrency} />
            <div className="basis-full">
              <CurrencySwitcher
                current={view.schoolCurrency}
                className="w-fit ring-1 ring-slate-200"
              />
            </div>
            <label className="block text-sm font-medium text-slate-800">
              {t("membership.school.seats")}
              <input
                type="number"
                name="seats"
                min={MIN_SCHOOL_SEATS}
                max={MAX_SCHOOL_SEATS}
                value={seats}
                onChange={(e) => setSeats(Number(e.currentTarget.value))}
                className="mt-1 block w-28 rounded-lg border border-slate-300 px-3 py-2"
              />
            </label>
            <Button type="submit">
              {t("membership.school.checkout", {
                total: formatPrice(
                  view.prices.schoolSeat * (Number.isFinite(seats) ? seats : 0),
                  view.schoolCurrency,
                  locale.iso,
                ),
              })}
            </Button>
            <p className="w-full text-sm text-slate-600">
              {t("membership.school.perSeat", {
                price: formatPrice(view.prices.schoolSeat, view.schoolCurrency, locale.iso),
              })}
            </p>
          </Form>
        )
      ) : null}
      {roster ? <Roster roster={roster} seats={school.seats} /> : null}
      {school.role !== "owner" ? (
        <Form method="post" className="mt-5 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="leave" />
          <Button type="submit" theme="white" size="small">
            {t("school.leave")}
          </Button>
          <p className="mt-2 text-sm text-slate-600">{t("school.leaveHint")}</p>
        </Form>
      ) : null}
    </Section>
  );
}

function Roster({ roster, seats }: { roster: SchoolRoster; seats: number }) {
  const t = useT();
  const free = seats - roster.members.length - roster.invites.length;
  return (
    <div className="mt-6 space-y-4">
      <h3 className="font-semibold text-ink">{t("school.members")}</h3>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {roster.members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span>
              <span className="font-medium text-ink">{m.name}</span>{" "}
              <span className="text-sm text-slate-600">{m.email}</span>{" "}
              <span className="text-sm text-slate-600">· {t(`organization.role.${m.role}`)}</span>
            </span>
            {m.role === "owner" ? null : (
              <IntentButton intent="remove-member" fields={{ userId: m.id }}>
                {t("school.remove")}
                <span className="sr-only"> {m.name}</span>
              </IntentButton>
            )}
          </li>
        ))}
        {roster.invites.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span className="text-slate-700">
              {i.email} <span className="text-sm text-slate-600">· {t("school.pending")}</span>
            </span>
            <IntentButton intent="revoke-invite" fields={{ inviteId: i.id }}>
              {t("school.revoke")}
              <span className="sr-only"> {i.email}</span>
            </IntentButton>
          </li>
        ))}
      </ul>
      {free > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="invite" />
          <label className="block text-sm font-medium text-slate-800">
            {t("school.inviteEmail")}
            <input
              type="email"
              name="email"
              required
              maxLength={254}
              autoComplete="off"
              className="mt-1 block w-72 rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            {t("school.inviteRole")}
            <select
              name="role"
              defaultValue="member"
              className="mt-1 block rounded-lg border border-slate-300 px-3 py-2"
            >
              <option value="member">{t("organization.role.member")}</option>
              <option value="admin">{t("organization.role.admin")}</option>
            </select>
          </label>
          <Button type="submit">{t("school.invite")}</Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">{t("school.noSeats")}</p>
      )}
      <p className="text-sm text-slate-600">
        {t("school.seatsLeft", { count: Math.max(0, free) })}
      </p>
    </div>
  );
}

function Invoices({ view }: { view: MembershipView }) {
  const t = useT();
  const locale = useLocale();
  if (!view.hasCustomer) return null;
  return (
    <Section title={t("membership.invoices.title")}>
      {view.invoices.length === 0 ? (
        <p className="text-slate-600">{t("membership.invoices.none")}</p>
      ) : (
        <table className="w-full text-start text-sm">
          <TableHead
            columns={[
              { label: t("membership.invoices.date") },
              { label: t("membership.invoices.number") },
              { label: t("membership.invoices.amount"), end: true },
              { label: t("membership.invoices.open"), end: true, hidden: true },
            ]}
          />
          <tbody>
            {view.invoices.map((invoice) => (
              <tr key={invoice.id} className="border-b border-slate-100">
                <td className="py-2">
                  <LocalDate value={invoice.createdAt} />
                </td>
                <td className="py-2">{invoice.number ?? "—"}</td>
                <td className="py-2 text-end">
                  <bdi dir="ltr">
                    {new Intl.NumberFormat(locale.iso, {
                      style: "currency",
                      currency: invoice.currency,
                    }).format(invoice.amount / 100)}
                  </bdi>
                </td>
                <td className="py-2 text-end">
                  {invoice.url ? (
                    <a
                      href={invoice.url}
                      className="font-medium text-brand-700 underline"
                      rel="noreferrer"
                    >
                      {t("membership.invoices.open")}
                      <span className="sr-only"> {invoice.number}</span>
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Redeem({ answer }: { answer: RedeemAnswer | null }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "redeem";
  return (
    <Section title={t("membership.redeem.title")}>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="redeem" />
        <p className="text-sm text-slate-600">{t("redeem.intro")}</p>
        <div className="flex flex-wrap items-end gap-3">
          <RedeemCodeField />
          <Button type="submit" theme="white" loading={busy}>
            {t("redeem.submit")}
          </Button>
        </div>
        {answer ? (
          <Alert tone={answer.ok ? "success" : "error"}>
            {t(answer.messageKey, answer.values)}
          </Alert>
        ) : null}
      </Form>
    </Section>
  );
}
