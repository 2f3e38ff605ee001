import { requireAdmin } from "~/lib/auth/session.server";
import type { Route } from "./+types/users";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminUsersPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.adminUsers.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminUsers.title")}
        description={t("page.adminUsers.description")}
      />
      <EmptyState title={t("page.adminUsers.emptyTitle")}>{t("page.adminUsers.empty")}</EmptyState>
    </>
  );
}
