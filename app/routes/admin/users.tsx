import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/users";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { ExpiryDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { setAdminRights } from "~/features/account/admin-tasks.server";
import {
  grantAccess,
  grantLifetime,
  revokeGrant,
  searchUsers,
} from "~/features/membership/grants.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { refuse } from "~/lib/errors";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { dataKey } from "~/lib/i18n/translate";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireAdmin(context, request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  return { q, me: me.id, users: await searchUsers(getServices(context), q) };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("grant-days"),
    userId: z.string().min(1).max(100),
    days: z.coerce.number().int().min(1).max(3650),
  }),
  z.object({ intent: z.literal("grant-lifetime"), userId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("revoke"), userId: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal("admin-rights"),
    userId: z.string().min(1).max(100),
    admin: z.enum(["1", "0"]),
    confirm: z.literal("on").optional(),
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const me = requireAdmin(context, request);
  const services = getServices(context);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminGrant", "invalid");
  const input = parsed.data;
  if (input.intent === "admin-rights") {
    if (!input.confirm) return refuse("adminRights", "confirm");
    const outcome = await setAdminRights(services, me.id, input.userId, input.admin === "1");
    if (!outcome.ok) return refuse("adminRights", outcome.reason);
    return {
      ok: true,
      messageKey:
        input.admin === "1"
          ? ("adminUsers.adminGranted" as const)
          : ("adminUsers.adminRemoved" as const),
    };
  }
  if (input.intent === "revoke") {
    await revokeGrant(services, input.userId);
    return { ok: true, messageKey: "adminUsers.revoked" as const };
  }
  const outcome =
    input.intent === "grant-days"
      ? await grantAccess(services, input.userId, { days: input.days }, "admin")
      : await grantLifetime(services, input.userId, "admin");
  if (!outcome.ok) return refuse("adminGrant", outcome.reason);
  return { ok: true, messageKey: "adminUsers.granted" as const };
}

export default function AdminUsersPage() {
  const t = useT();
  const { q, me, users } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
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
      {answer ? (
        <Alert tone={answer.ok ? "success" : "error"} className="mb-6">
          {t(answer.messageKey)}
        </Alert>
      ) : null}
      {users.length === 0 ? (
        <EmptyState title={t("page.adminUsers.emptyTitle")}>{t("adminUsers.none")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div>
                <p className="font-medium text-ink">
                  {u.name || u.email} <span className="text-sm text-slate-600">{u.email}</span>
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
                    <Form method="post" className="flex items-end gap-2">
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
                    </Form>
                    {u.plan === "lifetime" || u.plan === "access" ? (
                      <IntentButton intent="revoke" fields={{ userId: u.id }}>
                        {t("adminUsers.revoke")}
                        <span className="sr-only"> {u.email}</span>
                      </IntentButton>
                    ) : (
                      <IntentButton intent="grant-lifetime" fields={{ userId: u.id }}>
                        {t("adminUsers.grantLifetime")}
                        <span className="sr-only"> {u.email}</span>
                      </IntentButton>
                    )}
                  </>
                )}
                {u.id === me ? null : (
                  <Form method="post" className="flex items-end gap-2">
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
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
