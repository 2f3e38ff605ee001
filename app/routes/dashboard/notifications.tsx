import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/notifications";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function NotificationsPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.notifications.title")} · Parley`}</title>
      <PageHeader
        title={t("page.notifications.title")}
        description={t("page.notifications.description")}
      />
      <EmptyState title={t("page.notifications.emptyTitle")}>
        {t("page.notifications.empty")}
      </EmptyState>
    </>
  );
}
