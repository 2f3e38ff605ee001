import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/account";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true, hideNotificationBanner: true };

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function AccountPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.account.title")} · Parley`}</title>
      <PageHeader title={t("page.account.title")} description={t("page.account.description")} />
      <EmptyState title={t("page.account.emptyTitle")}>{t("page.account.empty")}</EmptyState>
    </>
  );
}
