import { data } from "react-router";
import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/material";
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

export default function MaterialPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.material.title")} · Parley`}</title>
      <PageHeader title={t("page.material.title")} description={t("page.material.description")} />
      <EmptyState title={t("page.material.emptyTitle")}>{t("page.material.empty")}</EmptyState>
    </>
  );
}
