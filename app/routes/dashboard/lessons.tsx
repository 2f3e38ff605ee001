import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/lessons";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function LessonsPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.lessons.title")} · Parley`}</title>
      <PageHeader title={t("page.lessons.title")} description={t("page.lessons.description")} />
      <EmptyState title={t("page.lessons.emptyTitle")}>{t("page.lessons.empty")}</EmptyState>
    </>
  );
}
