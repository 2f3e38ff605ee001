import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader() {
  return null;
}

export default function NewsletterArchivePage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.newsletterArchive.title")} · Parley`}</title>
      <PageHeader
        title={t("page.newsletterArchive.title")}
        description={t("page.newsletterArchive.description")}
      />
      <EmptyState title={t("page.newsletterArchive.emptyTitle")}>
        {t("page.newsletterArchive.empty")}
      </EmptyState>
    </>
  );
}
