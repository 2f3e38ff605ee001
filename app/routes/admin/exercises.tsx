import { requireAdmin } from "~/lib/auth/session.server";
import type { Route } from "./+types/exercises";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminExercisesPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.adminExercises.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminExercises.title")}
        description={t("page.adminExercises.description")}
      />
      <EmptyState title={t("page.adminExercises.emptyTitle")}>
        {t("page.adminExercises.empty")}
      </EmptyState>
    </>
  );
}
