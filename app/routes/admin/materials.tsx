import { requireAdmin } from "~/lib/auth/session.server";
import type { Route } from "./+types/materials";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminMaterialsPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.adminMaterials.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminMaterials.title")}
        description={t("page.adminMaterials.description")}
      />
      <EmptyState title={t("page.adminMaterials.emptyTitle")}>
        {t("page.adminMaterials.empty")}
      </EmptyState>
    </>
  );
}
