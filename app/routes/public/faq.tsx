import { redirect } from "react-router";
import { englishPolishOnlyRedirect } from "~/lib/routing/prefix-rule";
import type { Route } from "./+types/faq";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const english = englishPolishOnlyRedirect(url.pathname);
  if (english) throw redirect(`${english}${url.search}`, 301);
  return null;
}

export default function FaqPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.faq.title")} · Parley`}</title>
      <PageHeader title={t("page.faq.title")} description={t("page.faq.description")} />
      <EmptyState title={t("page.faq.emptyTitle")}>{t("page.faq.empty")}</EmptyState>
    </>
  );
}
