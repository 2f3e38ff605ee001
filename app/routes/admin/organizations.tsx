import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/organizations";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { TableHead } from "~/components/ui/table-head";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { isPremiumStatus } from "~/features/account/user-states";
import { MAX_SCHOOL_SEATS } from "~/features/membership/prices";
import {
  createSchool,
  listSchools,
  SchoolActionError,
  setSchoolComplimentary,
} from "~/features/schools/schools.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { refuse } from "~/lib/errors";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const schools = await listSchools(getServices(context));
  return {
    schools: schools.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      subscriptionExpiredAt: s.subscriptionExpiredAt?.toISOString() ?? null,
      premium: s.membershipPlan === 1 && isPremiumStatus(s.subscriptionStatus),
    })),
  };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    name: z.string().trim().min(2).max(120),
    ownerEmail: z.email().max(254),
    seats: z.coerce.number().int().min(1).max(MAX_SCHOOL_SEATS),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/)
      .transform((v) => v || null),
  }),
  z.object({
    intent: z.literal("complimentary"),
    organizationId: z.uuid(),
    on: z.enum(["1", "0"]),
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  requireAdmin(context, request);
  const services = getServices(context);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminSchools", "invalid");
  const input = parsed.data;
  if (input.intent === "complimentary") {
    await setSchoolComplimentary(services, input.organizationId, input.on === "1");
    return { ok: true, messageKey: "adminSchools.saved" as const };
  }
  try {
    await createSchool(services, input);
    return { ok: true, messageKey: "adminSchools.created" as const };
  } catch (error) {
    if (!(error instanceof SchoolActionError)) throw error;
    return refuse("adminSchools", error.code === "no-user" ? "no-user" : "in-another-school");
  }
}

export default function AdminOrganizationsPage() {
  const t = useT();
  const { schools } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <title>{`${t("page.adminOrganizations.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminOrganizations.title")}
        description={t("page.adminOrganizations.description")}
      />
      {answer ? (
        <Alert tone={answer.ok ? "success" : "error"} className="mb-6">
          {t(answer.messageKey)}
        </Alert>
      ) : null}
      <section
        aria-labelledby="new-school"
        className="mb-8 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <h2 id="new-school" className="text-lg font-semibold text-ink">
          {t("adminSchools.create")}
        </h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
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
        </Form>
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
