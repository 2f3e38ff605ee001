import { Button } from "~/components/ui/button";
import { LocalDate } from "~/components/ui/local-time";
import { TableHead } from "~/components/ui/table-head";
import { useLocale, useT } from "~/lib/i18n/react";
import type { MembershipView } from "../membership.server";
import { RedeemCodeField } from "../redeem-code-field";
import { AnswerAlert } from "~/components/answer-alert";
import { useMembershipAnswer, useMembershipForm } from "./membership-forms";
import { Section } from "./plan-sections";

/** The teacher's Stripe invoices, each with its link (only once they are a customer). */
export function Invoices({ view }: { view: MembershipView }) {
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

/** The redeem-code box; a redeem answer (`redeem.*`) shows in it, not above the sections. */
export function Redeem() {
  const t = useT();
  const { fetcher, action, busy } = useMembershipForm("redeem");
  const message = useMembershipAnswer();
  return (
    <Section title={t("membership.redeem.title")}>
      <fetcher.Form method="post" action={action} className="space-y-3">
        <p className="text-sm text-slate-600">{t("redeem.intro")}</p>
        <div className="flex flex-wrap items-end gap-3">
          <RedeemCodeField />
          <Button type="submit" theme="white" loading={busy}>
            {t("redeem.submit")}
          </Button>
        </div>
        {message?.key.startsWith("redeem.") ? <AnswerAlert message={message} /> : null}
      </fetcher.Form>
    </Section>
  );
}
