import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader() {
  return null;
}

export default function HappyWeekPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.happyWeek.title")} · Parley`}</title>
      <PageHeader title={t("page.happyWeek.title")} description={t("page.happyWeek.description")} />
      <EmptyState title={t("page.happyWeek.emptyTitle")}>{t("page.happyWeek.empty")}</EmptyState>
    </>
  );
}
