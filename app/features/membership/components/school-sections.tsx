import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { LocalDate } from "~/components/ui/local-time";
import { useLocale, useT } from "~/lib/i18n/react";
import { CurrencySwitcher } from "../currency-switcher";
import type { MembershipView } from "../membership.server";
import { formatPrice, MAX_SCHOOL_SEATS, MIN_SCHOOL_SEATS } from "../prices";
import type { InviteView, SchoolRoster } from "~/features/schools/index.server";
import { useMembershipForm } from "./membership-forms";
import { Section } from "./plan-sections";

/** An invitation opened from its e-mail (`?invite=`): the school's name and the way to join. */
export function Invitation({ token, details }: { token: string; details: InviteView | null }) {
  const t = useT();
  const { fetcher, action } = useMembershipForm("accept-invite");
  if (!details || details.accepted)
    return <Alert tone="error">{t("school.error.inviteInvalid")}</Alert>;
  if (details.expired) return <Alert tone="error">{t("school.error.inviteExpired")}</Alert>;
  return (
    <Section title={t("school.invitation.title", { school: details.school })}>
      <p className="text-slate-700">
        {t("school.invitation.text", { school: details.school, email: details.email })}
      </p>
      <fetcher.Form method="post" action={action} className="mt-4">
        <input type="hidden" name="token" value={token} />
        <Button type="submit">{t("school.invitation.accept")}</Button>
      </fetcher.Form>
    </Section>
  );
}

/**
 * The teacher's school: its plan, seats and managers; for a manager the way to pay for it
 * (or its billing portal) and its roster; for anyone but the owner the way out.
 */
export function School({ view, roster }: { view: MembershipView; roster: SchoolRoster | null }) {
  const t = useT();
  const locale = useLocale();
  const portal = useMembershipForm("school-portal");
  const checkout = useMembershipForm("school-checkout");
  const leave = useMembershipForm("leave");
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
            <portal.fetcher.Form method="post" action={portal.action} className="mt-4">
              <Button type="submit" theme="white">
                {t("membership.school.portal")}
              </Button>
            </portal.fetcher.Form>
          ) : null
        ) : (
          <checkout.fetcher.Form
            method="post"
            action={checkout.action}
            className="mt-4 flex flex-wrap items-end gap-3"
          >
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
          </checkout.fetcher.Form>
        )
      ) : null}
      {roster ? <Roster roster={roster} seats={school.seats} /> : null}
      {school.role !== "owner" ? (
        <leave.fetcher.Form
          method="post"
          action={leave.action}
          className="mt-5 border-t border-slate-200 pt-4"
        >
          <Button type="submit" theme="white" size="small">
            {t("school.leave")}
          </Button>
          <p className="mt-2 text-sm text-slate-600">{t("school.leaveHint")}</p>
        </leave.fetcher.Form>
      ) : null}
    </Section>
  );
}

/** A manager's roster: members and pending invitations, each removable, and a new invitation. */
function Roster({ roster, seats }: { roster: SchoolRoster; seats: number }) {
  const t = useT();
  const remove = useMembershipForm("remove-member");
  const revoke = useMembershipForm("revoke-invite");
  const invite = useMembershipForm("invite");
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
              <remove.fetcher.Form method="post" action={remove.action}>
                <input type="hidden" name="userId" value={m.id} />
                <Button type="submit" theme="white" size="small">
                  {t("school.remove")}
                  <span className="sr-only"> {m.name}</span>
                </Button>
              </remove.fetcher.Form>
            )}
          </li>
        ))}
        {roster.invites.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span className="text-slate-700">
              {i.email} <span className="text-sm text-slate-600">· {t("school.pending")}</span>
            </span>
            <revoke.fetcher.Form method="post" action={revoke.action}>
              <input type="hidden" name="inviteId" value={i.id} />
              <Button type="submit" theme="white" size="small">
                {t("school.revoke")}
                <span className="sr-only"> {i.email}</span>
              </Button>
            </revoke.fetcher.Form>
          </li>
        ))}
      </ul>
      {free > 0 ? (
        <invite.fetcher.Form
          method="post"
          action={invite.action}
          className="flex flex-wrap items-end gap-3"
        >
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
        </invite.fetcher.Form>
      ) : (
        <p className="text-sm text-slate-600">{t("school.noSeats")}</p>
      )}
      <p className="text-sm text-slate-600">
        {t("school.seatsLeft", { count: Math.max(0, free) })}
      </p>
    </div>
  );
}
