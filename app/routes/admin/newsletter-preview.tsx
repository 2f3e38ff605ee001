import { requireAdmin } from "~/lib/auth/session.server";
import type { Route } from "./+types/newsletter-preview";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";
import { notFound } from "~/lib/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  notFound(request);
}

export default function AdminNewsletterPreviewPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.adminNewsletterPreview.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminNewsletterPreview.title")}
        description={t("page.adminNewsletterPreview.description")}
      />
      <EmptyState title={t("page.adminNewsletterPreview.emptyTitle")}>
        {t("page.adminNewsletterPreview.empty")}
      </EmptyState>
    </>
  );
}
