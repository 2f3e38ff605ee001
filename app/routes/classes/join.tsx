import { data } from "react-router";
import type { Route } from "./+types/join";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function JoinPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.join.title")} · Parley`}</title>
      <PageHeader title={t("page.join.title")} description={t("page.join.description")} />
      <EmptyState title={t("page.join.emptyTitle")}>{t("page.join.empty")}</EmptyState>
    </>
  );
}
