import { Form, href, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { ExpiryDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { AnswerAlert } from "~/components/answer-alert";
import type { FormAnswer } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { dataKey } from "~/lib/i18n/translate";
import { usePageForms } from "~/lib/page-forms";
import type { searchUsers } from "../grants.server";

/** What /admin/users loads: the search, the administrator's own id, the matching users. */
export interface AdminUsersData {
  q: string;
  me: string;
  users: Awaited<ReturnType<typeof searchUsers>>;
}

/** What a form of the page answers: what was done, or why not. */
export type AdminUsersAnswer = FormAnswer;

/**
 * The administrator's users page (search, premium access, administrator rights). Its forms
 * post to /admin/users/access and /admin/users/rights (one form per route module, issue
 * 20): with JavaScript through one fetcher, answering in place; without it the browser lands
 * on the form's route, which renders this page with `posted`.
 */
export function AdminUsersPage({
  loaded,
  posted,
}: {
  loaded: AdminUsersData;
  posted?: AdminUsersAnswer;
}) {
  const t = useT();
  const { q, me, users } = loaded;
  const { fetcher, answer: fetched } = usePageForms<AdminUsersAnswer>("admin-users");
  const answer = fetched ?? posted;
  // Each form posts to its own route, keeping the search, so that without JavaScript the
  // answer comes on the same list.
  const search = useLocation().search;
  const access = `${href("/admin/users/access")}${search}`;
  const rights = `${href("/admin/users/rights")}${search}`;
  return (
    <>
      <title>{`${t("page.adminUsers.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminUsers.title")}
        description={t("page.adminUsers.description")}
      />
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-800">
          {t("adminUsers.search")}
          <input
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            className="mt-1 block w-72 rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <Button type="submit" theme="white">
          {t("adminUsers.searchButton")}
        </Button>
      </Form>
      <AnswerAlert answer={answer} className="mb-6" />
      {users.length === 0 ? (
        <EmptyState title={t("page.adminUsers.emptyTitle")}>{t("adminUsers.none")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div>
                <p className="font-medium text-ink">
                  <Link to={href("/admin/user/:id", { id: u.id })} className="hover:underline">
                    {u.name || u.email}
                  </Link>{" "}
                  <span className="text-sm text-slate-600">{u.email}</span>
                  {u.admin ? (
                    <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
                      {t("adminUsers.adminBadge")}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  {t(`adminUsers.plan.${u.plan}`)}
                  {u.until ? (
                    <>
                      {" "}
                      · {t("adminUsers.until")} <ExpiryDateTime value={u.until} />
                    </>
                  ) : null}
                  {u.grant ? ` · ${t(dataKey(`adminUsers.grant.${u.grant}`))}` : null}
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                {u.plan === "subscription" ? null : (
                  <>
                    <fetcher.Form method="post" action={access} className="flex items-end gap-2">
                      <input type="hidden" name="intent" value="grant-days" />
                      <input type="hidden" name="userId" value={u.id} />
                      <label className="text-xs font-medium text-slate-700">
                        {t("adminUsers.days")}
                        <input
                          name="days"
                          type="number"
                          min={1}
                          max={3650}
                          defaultValue={30}
                          className="mt-1 block w-20 rounded-lg border border-slate-300 px-2 py-1"
                        />
                      </label>
                      <Button type="submit" size="small" theme="white">
                        {t("adminUsers.grantDays")}
                        <span className="sr-only"> {u.email}</span>
                      </Button>
                    </fetcher.Form>
                    {u.plan === "lifetime" || u.plan === "access" ? (
                      <IntentButton
                        intent="revoke"
                        action={access}
                        fetcher={fetcher}
                        fields={{ userId: u.id }}
                      >
                        {t("adminUsers.revoke")}
                        <span className="sr-only"> {u.email}</span>
                      </IntentButton>
                    ) : (
                      <IntentButton
                        intent="grant-lifetime"
                        action={access}
                        fetcher={fetcher}
                        fields={{ userId: u.id }}
                      >
                        {t("adminUsers.grantLifetime")}
                        <span className="sr-only"> {u.email}</span>
                      </IntentButton>
                    )}
                  </>
                )}
                {u.id === me ? null : (
                  <fetcher.Form method="post" action={rights} className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="admin-rights" />
                    <input type="hidden" name="userId" value={u.id} />
                    <input type="hidden" name="admin" value={u.admin ? "0" : "1"} />
                    <label className="flex items-center gap-1.5 pb-1.5 text-xs font-medium text-slate-700">
                      <input type="checkbox" name="confirm" required />
                      {t("adminUsers.confirmRights")}
                      <span className="sr-only"> {u.email}</span>
                    </label>
                    <Button type="submit" size="small" theme="white">
                      {u.admin ? t("adminUsers.removeAdmin") : t("adminUsers.makeAdmin")}
                      <span className="sr-only"> {u.email}</span>
                    </Button>
                  </fetcher.Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
