import { href } from "react-router";
import { Button } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { TableHead } from "~/components/ui/table-head";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { MAX_SCHOOL_SEATS } from "~/features/membership";
import type { listSchools } from "../schools.server";
import { useT } from "~/lib/i18n/react";

import { AnswerAlert } from "~/components/answer-alert";
import type { FormAnswer } from "~/lib/forms";
import { usePageForms } from "~/lib/page-forms";

type SchoolRow = Awaited<ReturnType<typeof listSchools>>[number];

/** What /admin/organizations loads: the schools, dates as text. */
export interface AdminSchoolsData {
  schools: (Omit<SchoolRow, "createdAt" | "subscriptionExpiredAt"> & {
    createdAt: string;
    subscriptionExpiredAt: string | null;
    premium: boolean;
  })[];
}

/** What a form of the page answers: what was done, or why not. */
export type AdminSchoolsAnswer = FormAnswer;

/**
 * The administrator's schools page: create a school for a teacher, give or end complimentary
 * Premium. Its forms post to /admin/organizations/create and /complimentary (one form per
 * route module, issue 20): with JavaScript through one fetcher, answering in place; without
 * it the browser lands on the form's route, which renders this page with `posted`.
 */
export function AdminSchoolsPage({
  loaded,
  posted,
}: {
  loaded: AdminSchoolsData;
  posted?: AdminSchoolsAnswer;
}) {
  const t = useT();
  const { schools } = loaded;
  const { fetcher, answer: fetched } = usePageForms<AdminSchoolsAnswer>("admin-schools");
  const answer = fetched ?? posted;
  return (
    <>
      <title>{`${t("page.adminOrganizations.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminOrganizations.title")}
        description={t("page.adminOrganizations.description")}
      />
      <AnswerAlert answer={answer} className="mb-6" />
      <section
        aria-labelledby="new-school"
        className="mb-8 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <h2 id="new-school" className="text-lg font-semibold text-ink">
          {t("adminSchools.create")}
        </h2>
        <fetcher.Form
          method="post"
          action={href("/admin/organizations/create")}
          className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <input type="hidden" name="intent" value="create" />
          <label className="text-sm font-medium text-slate-800">
            {t("adminSchools.name")}
            <input
              name="name"
              required
              minLength={2}
              maxLength={120}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminSchools.owner")}
            <input
              name="ownerEmail"
              type="email"
              required
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminSchools.seats")}
            <input
              name="seats"
              type="number"
              min={1}
              max={MAX_SCHOOL_SEATS}
              defaultValue={10}
              required
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminSchools.country")}
            <input
              name="countryCode"
              maxLength={2}
              placeholder="PL"
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 uppercase"
            />
          </label>
          <div className="sm:col-span-2 lg:col-span-4">
            <Button type="submit">{t("adminSchools.createButton")}</Button>
          </div>
        </fetcher.Form>
      </section>
      {schools.length === 0 ? (
        <EmptyState title={t("page.adminOrganizations.emptyTitle")}>
          {t("page.adminOrganizations.empty")}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <TableHead
              className="bg-slate-50"
              cellClassName="px-4 py-2"
              columns={[
                { label: t("adminSchools.name") },
                { label: t("adminSchools.owner") },
                { label: t("adminSchools.teachers"), end: true },
                { label: t("adminSchools.plan") },
                { label: t("adminSchools.createdAt") },
                { label: t("adminSchools.actions"), end: true, hidden: true },
              ]}
            />
            <tbody>
              {schools.map((s) => (
                <tr key={s.id} className="border-t border-slate-100">
                  <td className="px-4 py-2 font-medium text-ink">{s.name}</td>
                  <td className="px-4 py-2">{s.owner ?? "—"}</td>
                  <td className="px-4 py-2 text-end">
                    {s.members} / {s.seats}
                  </td>
                  <td className="px-4 py-2">
                    {s.premium ? t("organization.planPremium") : t("organization.planFree")}
                    {s.subscriptionStatus ? ` (${s.subscriptionStatus})` : ""}
                  </td>
                  <td className="px-4 py-2">
                    <LocalDateTime value={s.createdAt} />
                  </td>
                  <td className="px-4 py-2 text-end">
                    {s.subscriptionStatus === null || s.subscriptionStatus === "INFINITE" ? (
                      <IntentButton
                        intent="complimentary"
                        action={href("/admin/organizations/complimentary")}
                        fetcher={fetcher}
                        fields={{ organizationId: s.id, on: s.premium ? "0" : "1" }}
                      >
                        {s.premium
                          ? t("adminSchools.endComplimentary")
                          : t("adminSchools.complimentary")}
                        <span className="sr-only"> {s.name}</span>
                      </IntentButton>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
