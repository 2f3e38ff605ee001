import { data } from "react-router";
import type { Route } from "./+types/legal";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function LegalPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.legal.title")} · Parley`}</title>
      <PageHeader title={t("page.legal.title")} description={t("page.legal.description")} />
      <EmptyState title={t("page.legal.emptyTitle")}>{t("page.legal.empty")}</EmptyState>
    </>
  );
}
