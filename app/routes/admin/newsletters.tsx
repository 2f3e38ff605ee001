import { requireAdmin } from "~/lib/auth/session.server";
import type { Route } from "./+types/newsletters";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminNewslettersPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.adminNewsletters.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminNewsletters.title")}
        description={t("page.adminNewsletters.description")}
      />
      <EmptyState title={t("page.adminNewsletters.emptyTitle")}>
        {t("page.adminNewsletters.empty")}
      </EmptyState>
    </>
  );
}
