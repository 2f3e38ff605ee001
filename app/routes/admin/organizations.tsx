import { requireAdmin } from "~/lib/auth/session.server";
import type { Route } from "./+types/organizations";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminOrganizationsPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.adminOrganizations.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminOrganizations.title")}
        description={t("page.adminOrganizations.description")}
      />
      <EmptyState title={t("page.adminOrganizations.emptyTitle")}>
        {t("page.adminOrganizations.empty")}
      </EmptyState>
    </>
  );
}
