import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/review";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function ReviewPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.review.title")} · Parley`}</title>
      <PageHeader title={t("page.review.title")} description={t("page.review.description")} />
      <EmptyState title={t("page.review.emptyTitle")}>{t("page.review.empty")}</EmptyState>
    </>
  );
}
