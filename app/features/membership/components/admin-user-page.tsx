import type { ReactNode } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { Button } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import type { FormAnswer } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { dataKey } from "~/lib/i18n/translate";
import type { loadAdminUser } from "../admin-user.server";

const KNOWN_STATUSES = [
  "active",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "infinite",
  "past_due",
  "trialing",
];

export type AdminUserData = NonNullable<Awaited<ReturnType<typeof loadAdminUser>>>;

function Card({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid={testId}
      aria-label={title}
    >
      <h2 className="mb-3 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700">{term}</dt>
          <dd className="break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RolesForm({ user, self }: { user: AdminUserData; self: boolean }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  if (self) return <p className="text-sm text-slate-700">{t("adminUser.rolesSelf")}</p>;
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="roles" />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          {t("adminUser.rolesLegend")}
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(["teacher", "student", "admin"] as const).map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name={role}
                defaultChecked={user.roles[role]}
                className="size-4 accent-brand-700"
              />
              {t(`adminUser.role.${role}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="confirm" className="size-4 accent-brand-700" />
        {t("adminUser.rolesConfirm", { email: user.email })}
      </label>
      <div>
        <Button type="submit" loading={busy}>
          {t("adminUser.rolesSave")}
        </Button>
      </div>
    </Form>
  );
}

/** Admin → Users → one user: who they are, what they have, what they did, what we sent. */
export function AdminUserPage({
  user,
  self,
  answer,
}: {
  user: AdminUserData;
  self: boolean;
  answer?: FormAnswer;
}) {
  const t = useT();
  const sub = user.subscription;
  return (
    <>
      <PageHeader title={user.name || user.email} description={user.email} />
      <p className="mb-4">
        <Link
          to={href("/admin/users")}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminUser.backToUsers")}
        </Link>
      </p>
      <AnswerAlert answer={answer} />
      <div className="grid gap-6">
        <Card title={t("adminUser.account")}>
          <Facts
            rows={[
              [
                t("adminUser.email"),
                <bdi key="e" dir="ltr">
                  {user.email}
                </bdi>,
              ],
              [
                t("adminUser.verified"),
                user.emailVerified ? t("adminUser.yes") : t("adminUser.no"),
              ],
              [t("adminUser.joined"), <LocalDateTime key="j" value={user.createdAt} />],
              [t("adminUser.country"), user.country ?? "—"],
            ]}
          />
        </Card>
        <Card title={t("adminUser.planTitle")} testId="user-plan">
          <Facts
            rows={[
              [t("adminSchools.plan"), t(`adminUsers.plan.${user.plan}`)],
              [
                t("adminUser.subscriptionStatus"),
                sub.status
                  ? t(
                      dataKey(
                        `membership.status.${KNOWN_STATUSES.includes(sub.status) ? sub.status : "unknown"}`,
                      ),
                    )
                  : "—",
              ],
              [
                t("adminUser.subscriptionId"),
                sub.id ? (
                  <bdi key="s" dir="ltr">
                    {sub.id}
                  </bdi>
                ) : (
                  "—"
                ),
              ],
              [
                t("adminUser.accessUntil"),
                sub.accessUntil ? <LocalDateTime key="a" value={sub.accessUntil} /> : "—",
              ],
              [
                t("adminUser.accessFrom"),
                sub.grant ? t(dataKey(`adminUsers.grant.${sub.grant}`)) : "—",
              ],
              [
                t("adminUser.school"),
                user.school
                  ? `${user.school.name} (${t(`adminUser.schoolRole.${user.school.role}`)})`
                  : "—",
              ],
            ]}
          />
        </Card>
        <Card title={t("adminUser.roles")} testId="user-roles">
          <RolesForm user={user} self={self} />
        </Card>
        <Card title={t("adminUser.devices", { count: user.devices.length })} testId="user-devices">
          {user.devices.length === 0 ? (
            <p className="text-sm text-slate-600">{t("adminUser.noDevices")}</p>
          ) : (
            <>
              <ul className="mb-3 grid gap-2 text-sm">
                {user.devices.map((d) => (
                  <li key={d.id} className="break-words">
                    <bdi dir="ltr" className="text-ink">
                      {d.device || t("adminUser.unknownDevice")}
                    </bdi>
                    <span className="block text-slate-600">
                      {t("adminUser.lastSeen")} <LocalDateTime value={d.lastSeen} />
                    </span>
                  </li>
                ))}
              </ul>
              <Form method="post">
                <input type="hidden" name="intent" value="sessions" />
                <Button type="submit" theme="white">
                  {t("adminUser.endSessions")}
                </Button>
              </Form>
            </>
          )}
        </Card>
        <Card title={t("adminUser.opened")}>
          {user.opened.length === 0 ? (
            <p className="text-sm text-slate-600">{t("adminUser.nothingYet")}</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {user.opened.map((o) => (
                <li key={o.id}>
                  <bdi lang="en" dir="ltr" className="text-ink">
                    {o.title}
                  </bdi>{" "}
                  <span className="text-slate-600">
                    · <LocalDateTime value={o.viewedAt} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("adminUser.mails")} testId="user-mails">
          {user.mails.length === 0 ? (
            <p className="text-sm text-slate-600">{t("adminUser.noMails")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {user.mails.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="break-words text-ink">
                      <bdi>{m.subject}</bdi>
                    </p>
                    <p className="text-slate-600">
                      {t(dataKey(`adminJobs.status.${m.status}`))} ·{" "}
                      <LocalDateTime value={m.createdAt} />
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="mailId" value={m.id} />
                    <Button type="submit" theme="white" size="small">
                      {t("adminUser.resend")}
                      <span className="sr-only">: {m.subject}</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("adminUser.history")}>
          {user.actions.length === 0 ? (
            <p className="text-sm text-slate-600">{t("adminUser.nothingYet")}</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {user.actions.map((a) => (
                <li key={a.id}>
                  <span className="text-ink">{t(dataKey(`adminAudit.action.${a.action}`))}</span>{" "}
                  <span className="text-slate-600">
                    · <bdi dir="ltr">{a.actorEmail}</bdi> · <LocalDateTime value={a.createdAt} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {user.review ? (
          <Card title={t("adminUser.review")}>
            <p className="text-sm text-ink">
              {t("adminReviews.stars", { count: user.review.rating })}
              {user.review.hiddenAt ? ` · ${t("adminReviews.hidden")}` : ""}
            </p>
            {user.review.text ? (
              <p className="mt-1 text-sm break-words text-slate-700">
                <bdi>{user.review.text}</bdi>
              </p>
            ) : null}
            <p className="mt-2">
              <Link
                to={href("/admin/reviews")}
                className="text-sm font-medium text-brand-700 hover:underline"
              >
                {t("adminUser.toReviews")}
              </Link>
            </p>
          </Card>
        ) : null}
      </div>
    </>
  );
}
