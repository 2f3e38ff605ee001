import { data } from "react-router";
import type { Route } from "./+types/newsletter-issue";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function NewsletterIssuePage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.newsletterIssue.title")} · Parley`}</title>
      <PageHeader
        title={t("page.newsletterIssue.title")}
        description={t("page.newsletterIssue.description")}
      />
      <EmptyState title={t("page.newsletterIssue.emptyTitle")}>
        {t("page.newsletterIssue.empty")}
      </EmptyState>
    </>
  );
}
