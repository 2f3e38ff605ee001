import { data } from "react-router";
import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/class";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function ClassPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.class.title")} · Parley`}</title>
      <PageHeader title={t("page.class.title")} description={t("page.class.description")} />
      <EmptyState title={t("page.class.emptyTitle")}>{t("page.class.empty")}</EmptyState>
    </>
  );
}
