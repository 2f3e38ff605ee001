import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/exercises";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true, search: true };

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function ExercisesPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.exercises.title")} · Parley`}</title>
      <PageHeader title={t("page.exercises.title")} description={t("page.exercises.description")} />
      <EmptyState title={t("page.exercises.emptyTitle")}>{t("page.exercises.empty")}</EmptyState>
    </>
  );
}
