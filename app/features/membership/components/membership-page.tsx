import { Alert } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";
import { PostedAnswer } from "~/lib/page-forms";
import type { MembershipPageData } from "../membership-page.server";
import { AnswerAlert } from "~/components/answer-alert";
import { Invoices, Redeem } from "./billing-sections";
import { useMembershipAnswer, type MembershipAnswer } from "./membership-forms";
import { CurrentPlan, Plans } from "./plan-sections";
import { Invitation, School } from "./school-sections";

/**
 * The membership page (spec §9): the plan, the plans to buy, the school, invoices and the
 * redeem box. `posted` is the answer of a form sent without JavaScript, which the form's own
 * route renders this page with.
 */
export function MembershipPage({
  loaded,
  posted,
}: {
  loaded: MembershipPageData;
  posted?: MembershipAnswer;
}) {
  return (
    <PostedAnswer value={posted}>
      <MembershipSections loaded={loaded} />
    </PostedAnswer>
  );
}

function MembershipSections({ loaded }: { loaded: MembershipPageData }) {
  const t = useT();
  const { view, checkout, invite, roster, joined } = loaded;
  const message = useMembershipAnswer();
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
        {message && !message.key.startsWith("redeem.") ? <AnswerAlert message={message} /> : null}
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
        {view.plan.kind === "subscription" || view.plan.kind === "lifetime" ? null : <Redeem />}
      </div>
    </>
  );
}
