import { requireAdmin } from "~/lib/auth/session.server";
import type { Route } from "./+types/index";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.admin.title")} · Parley`}</title>
      <PageHeader title={t("page.admin.title")} description={t("page.admin.description")} />
      <EmptyState title={t("page.admin.emptyTitle")}>{t("page.admin.empty")}</EmptyState>
    </>
  );
}
