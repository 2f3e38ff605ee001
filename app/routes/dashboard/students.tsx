import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/students";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function StudentsPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.students.title")} · Parley`}</title>
      <PageHeader title={t("page.students.title")} description={t("page.students.description")} />
      <EmptyState title={t("page.students.emptyTitle")}>{t("page.students.empty")}</EmptyState>
    </>
  );
}
