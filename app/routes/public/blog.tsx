import { data, redirect } from "react-router";
import type { Route } from "./+types/blog";
import { Pagination } from "~/components/ui/pagination";
import { browserQuery } from "~/features/content/client";
import { blogIndex, type QueryFactory } from "~/features/content/pages";
import { serverQueries } from "~/features/content/viewer.server";
import { BlogCardView } from "~/features/blog/blog-card";
import { Seo } from "~/features/site/seo";
import { useT } from "~/lib/i18n/react";
import { publicCacheControl } from "~/lib/routing/cache-policy";
import { routeLocale } from "~/lib/routing/paths";
import { englishPolishOnlyRedirect } from "~/lib/routing/prefix-rule";

export const handle = { contentCollections: ["blog"] };

function load(q: QueryFactory, request: Request) {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  return blogIndex(q, routeLocale(url.pathname) ?? "en", Number.isSafeInteger(page) ? page : 1);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const english = englishPolishOnlyRedirect(url.pathname);
  if (english) throw redirect(`${english}${url.search}`, 301);
  return data(await load(serverQueries(context), request), {
    headers: { "Cache-Control": publicCacheControl() },
  });
}

/** Later navigations read the browser's copy of the blog (spec §7). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (englishPolishOnlyRedirect(new URL(request.url).pathname)) return serverLoader();
  return load((c) => browserQuery(c), request);
}

export { passThroughHeaders as headers } from "~/lib/route-headers";

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { posts, page, pages } = loaderData;
  return (
    <>
      <Seo
        title={page > 1 ? t("blog.metaTitlePage", { page }) : t("blog.metaTitle")}
        description={t("blog.metaDescription")}
      />
      <header className="mb-10">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {t("page.blog.title")}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700">{t("blog.intro")}</p>
      </header>
      <ul className="grid gap-8 sm:grid-cols-2">
        {posts.map((post, i) => (
          <li key={post.slug}>
            <BlogCardView post={post} eager={i < 2 && page === 1} />
          </li>
        ))}
      </ul>
      <Pagination page={page} pages={pages} label={t("blog.pages")} />
    </>
  );
}
