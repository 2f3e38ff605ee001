import { data, Form, Link, useLoaderData, href } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/notifications";
import { Button } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { listNotifications, markRead } from "~/features/notifications/notifications.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { items: await listNotifications(getServices(context), user.id) };
}

const ActionSchema = z.object({
  intent: z.enum(["read", "read-all"]),
  id: z.string().max(100).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success || (parsed.data.intent === "read" && !parsed.data.id))
    return data({ ok: false }, { status: 400 });
  await markRead(
    getServices(context),
    user.id,
    parsed.data.intent === "read-all" ? "all" : (parsed.data.id ?? ""),
  );
  return { ok: true };
}

export default function NotificationsPage() {
  const t = useT();
  const { items } = useLoaderData<typeof loader>();
  const unread = items.filter((i) => !i.read).length;
  return (
    <div className="space-y-6">
      <title>{`${t("page.notifications.title")} · Parley`}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title={t("page.notifications.title")}
          description={t("page.notifications.description")}
        />
        {unread ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" theme="white">
              {t("notifications.readAll")}
            </Button>
          </Form>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState title={t("page.notifications.emptyTitle")}>
          {t("page.notifications.empty")}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((n) => (
            <li key={n.id} className="flex flex-wrap items-start justify-between gap-3 px-5 py-4">
              <div className="min-w-0 flex-1">
                <p className={n.read ? "text-slate-700" : "font-semibold text-ink"}>
                  {!n.read ? <span className="sr-only">{t("notifications.unread")}: </span> : null}
                  {n.url ? (
                    <Link to={n.url} className="hover:underline">
                      {t(n.messageKey, n.values)}
                    </Link>
                  ) : (
                    t(n.messageKey, n.values)
                  )}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {t(`notifications.kind.${n.kind}`)} · <LocalDateTime value={n.createdAt} />
                </p>
              </div>
              {n.read ? null : (
                <IntentButton intent="read" fields={{ id: n.id }}>
                  {t("notifications.markRead")}
                </IntentButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600">
        <Link
          to={`${href("/dashboard/account")}#notifications`}
          className="font-medium text-brand-700 underline"
        >
          {t("notifications.preferences")}
        </Link>
      </p>
    </div>
  );
}
