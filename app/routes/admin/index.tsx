import { Form, useActionData, useLoaderData } from "react-router";
import { DateField } from "~/components/ui/date-time-fields";
import { z } from "zod";
import type { Route } from "./+types/index";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { TableHead } from "~/components/ui/table-head";
import { LocalDateTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import {
  createCode,
  disableCode,
  formatCode,
  listCodes,
  normalizeCode,
  CODE_PATTERN,
} from "~/features/membership/grants.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { refuse } from "~/lib/errors";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const services = getServices(context);
  const codes = await listCodes(services);
  return {
    // The earliest "valid until" day an administrator can pick (UTC, as codes expire).
    today: services.clock.now().toISOString().slice(0, 10),
    codes: codes.map((c) => ({
      id: c.id,
      code: formatCode(c.code, c.display),
      kind: c.kind,
      days: c.days,
      uses: c.uses,
      maxUses: c.maxUses,
      note: c.note,
      expiresAt: c.expiresAt?.toISOString() ?? null,
      disabled: c.disabledAt !== null,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create-code"),
    kind: z.enum(["days", "plan"]),
    days: z.coerce.number().int().min(1).max(3650).optional(),
    maxUses: z.coerce.number().int().min(1).max(100_000),
    expiresAt: z
      .string()
      .trim()
      .transform((v) => (v ? new Date(`${v}T23:59:59Z`) : null))
      .refine((d) => d === null || !Number.isNaN(d.getTime())),
    // Kept as typed (shown so); redemption compares letters and digits only.
    code: z
      .string()
      .trim()
      .max(40)
      .refine((v) => v === "" || CODE_PATTERN.test(normalizeCode(v))),
    note: z.string().trim().max(200).optional(),
  }),
  z.object({ intent: z.literal("disable-code"), id: z.coerce.number().int().positive() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminCodes", "invalid", { code: null });
  const input = parsed.data;
  if (input.intent === "disable-code") {
    await disableCode(services, input.id);
    return { ok: true, messageKey: "adminCodes.disabled" as const, code: null };
  }
  if (input.kind === "days" && !input.days) return refuse("adminCodes", "days", { code: null });
  // A code valid until a day already over could never be redeemed.
  if (input.expiresAt && input.expiresAt.getTime() <= services.clock.now().getTime())
    return refuse("adminCodes", "expired", { code: null });
  const code = await createCode(services, admin.id, {
    code: input.code || undefined,
    kind: input.kind,
    days: input.days ?? null,
    maxUses: input.maxUses,
    expiresAt: input.expiresAt,
    note: input.note || null,
  });
  if (!code) return refuse("adminCodes", "exists", { code: null });
  return { ok: true, messageKey: "adminCodes.created" as const, code };
}

export default function AdminPage() {
  const t = useT();
  const { codes, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const field = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2";
  return (
    <>
      <title>{`${t("page.admin.title")} · Parley`}</title>
      <PageHeader title={t("page.admin.title")} description={t("page.admin.description")} />
      <section aria-labelledby="codes" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="codes" className="text-lg font-semibold text-ink">
          {t("adminCodes.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("adminCodes.intro")}</p>
        {answer ? (
          <Alert tone={answer.ok ? "success" : "error"} className="mt-4">
            {t(answer.messageKey)}{" "}
            {answer.code ? <strong className="font-mono">{answer.code}</strong> : null}
          </Alert>
        ) : null}
        {/* The server's messages, not the browser's bubbles (the date picker still greys out past days). */}
        <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <input type="hidden" name="intent" value="create-code" />
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.kind")}
            <select name="kind" defaultValue="days" className={field}>
              <option value="days">{t("adminCodes.kindDays")}</option>
              <option value="plan">{t("adminCodes.kindPlan")}</option>
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.days")}
            <input
              name="days"
              type="number"
              min={1}
              max={3650}
              defaultValue={30}
              className={field}
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.maxUses")}
            <input
              name="maxUses"
              type="number"
              min={1}
              max={100000}
              defaultValue={1}
              required
              className={field}
            />
          </label>
          <DateField label={t("adminCodes.expiresAt")} name="expiresAt" min={today} />
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.code")}
            <input
              name="code"
              maxLength={40}
              placeholder={t("adminCodes.codePlaceholder")}
              className={`${field} font-mono`}
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("adminCodes.note")}
            <input name="note" maxLength={200} className={field} />
          </label>
          <div className="sm:col-span-2 lg:col-span-3">
            <Button type="submit">{t("adminCodes.create")}</Button>
          </div>
        </Form>
        {codes.length ? (
          <div className="mt-6 overflow-x-auto">
            <table className="w-full text-sm">
              <TableHead
                columns={[
                  { label: t("adminCodes.code") },
                  { label: t("adminCodes.kind") },
                  { label: t("adminCodes.uses"), end: true },
                  { label: t("adminCodes.expiresAt") },
                  { label: t("adminCodes.note") },
                  { label: t("adminCodes.actions"), end: true, hidden: true },
                ]}
              />
              <tbody>
                {codes.map((c) => (
                  <tr key={c.id} className="border-t border-slate-100">
                    <td className="py-2 font-mono">{c.disabled ? <s>{c.code}</s> : c.code}</td>
                    <td className="py-2">
                      {c.kind === "plan"
                        ? t("adminCodes.kindPlan")
                        : t("adminCodes.daysValue", { count: c.days ?? 0 })}
                    </td>
                    <td className="py-2 text-end">
                      {c.uses} / {c.maxUses}
                    </td>
                    <td className="py-2">
                      {c.expiresAt ? <LocalDateTime value={c.expiresAt} /> : "—"}
                    </td>
                    <td className="py-2">{c.note ?? ""}</td>
                    <td className="py-2 text-end">
                      {c.disabled ? null : (
                        <IntentButton intent="disable-code" fields={{ id: c.id }}>
                          {t("adminCodes.disable")}
                          <span className="sr-only"> {c.code}</span>
                        </IntentButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}
