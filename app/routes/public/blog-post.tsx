import { data, redirect } from "react-router";
import { englishPolishOnlyRedirect } from "~/lib/routing/prefix-rule";
import type { Route } from "./+types/blog-post";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const english = englishPolishOnlyRedirect(url.pathname);
  if (english) throw redirect(`${english}${url.search}`, 301);
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function BlogPostPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.blogPost.title")} · Parley`}</title>
      <PageHeader title={t("page.blogPost.title")} description={t("page.blogPost.description")} />
      <EmptyState title={t("page.blogPost.emptyTitle")}>{t("page.blogPost.empty")}</EmptyState>
    </>
  );
}
