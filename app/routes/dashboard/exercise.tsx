import { data } from "react-router";
import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/exercise";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function ExercisePage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.exercise.title")} · Parley`}</title>
      <PageHeader title={t("page.exercise.title")} description={t("page.exercise.description")} />
      <EmptyState title={t("page.exercise.emptyTitle")}>{t("page.exercise.empty")}</EmptyState>
    </>
  );
}
