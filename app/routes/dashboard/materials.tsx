import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/materials";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function MaterialsPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.materials.title")} · Parley`}</title>
      <PageHeader title={t("page.materials.title")} description={t("page.materials.description")} />
      <EmptyState title={t("page.materials.emptyTitle")}>{t("page.materials.empty")}</EmptyState>
    </>
  );
}
