import { data } from "react-router";
import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/lesson";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, {
    status: 404,
    statusText: params.id,
  });
}

export default function LessonPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.lesson.title")} · Parley`}</title>
      <PageHeader title={t("page.lesson.title")} description={t("page.lesson.description")} />
      <EmptyState title={t("page.lesson.emptyTitle")}>{t("page.lesson.empty")}</EmptyState>
    </>
  );
}
