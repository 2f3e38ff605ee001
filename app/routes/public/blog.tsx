import { redirect } from "react-router";
import { englishPolishOnlyRedirect } from "~/lib/routing/prefix-rule";
import type { Route } from "./+types/blog";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const english = englishPolishOnlyRedirect(url.pathname);
  if (english) throw redirect(`${english}${url.search}`, 301);
  return null;
}

export default function BlogPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.blog.title")} · Parley`}</title>
      <PageHeader title={t("page.blog.title")} description={t("page.blog.description")} />
      <EmptyState title={t("page.blog.emptyTitle")}>{t("page.blog.empty")}</EmptyState>
    </>
  );
}
