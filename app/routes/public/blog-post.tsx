import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/blog-post";
import { BlogCardView, COVER_HEIGHT, COVER_WIDTH, PostMeta } from "~/features/blog/blog-card";
import { browserQuery } from "~/features/content/client";
import { blogPost, type QueryFactory } from "~/features/content/pages";
import { serverQueries } from "~/features/content/viewer.server";
import { useRootData } from "~/features/site/root-data";
import { JsonLd, Seo } from "~/features/site/seo";
import { useLocale, useT } from "~/lib/i18n/react";
import { publicCacheControl } from "~/lib/routing/cache-policy";
import { localizePath, routeLocale } from "~/lib/routing/paths";
import { englishPolishOnlyRedirect } from "~/lib/routing/prefix-rule";
import { contentLang } from "~/lib/i18n/locales";

export const handle = { contentCollections: ["blog"] };

function load(q: QueryFactory, request: Request, slug: string) {
  const { pathname } = new URL(request.url);
  return blogPost(q, routeLocale(pathname) ?? "en", slug, pathname);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const english = englishPolishOnlyRedirect(url.pathname);
  if (english) throw redirect(`${english}${url.search}`, 301);
  return data(await load(serverQueries(context), request, params.slug), {
    headers: { "Cache-Control": publicCacheControl() },
  });
}

export async function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  if (englishPolishOnlyRedirect(new URL(request.url).pathname)) return serverLoader();
  return load((c) => browserQuery(c), request, params.slug);
}

export { passThroughHeaders as headers } from "~/lib/route-headers";

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const origin = useRootData()?.env.appOrigin ?? "";
  const { post, related } = loaderData;
  const seo = post.seo as { title: string; description: string };
  return (
    <>
      <Seo
        title={`${seo.title} · Parley`}
        description={seo.description}
        type="article"
        publishedAt={post.publishedAt}
      />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.description,
          image: `${origin}${post.cover}`,
          datePublished: post.publishedAt,
          dateModified: post.publishedAt,
          inLanguage: post.locale,
          author: { "@type": "Person", name: post.author },
          publisher: { "@type": "Organization", name: "Parley", "@id": `${origin}/#organization` },
          mainEntityOfPage: `${origin}${post.path}`,
          wordCount: post.readingMinutes * 200,
          keywords: post.tags.join(", "),
        }}
      />
      <nav aria-label={t("blog.breadcrumbs")} className="mb-6 text-sm">
        <Link
          to={localizePath("/blog", locale.code)}
          className="font-semibold text-brand-700 hover:underline"
        >
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>{" "}
          {t("blog.back")}
        </Link>
      </nav>
      <article {...contentLang(post.locale)}>
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            {post.title}
          </h1>
          <p className="mt-4 text-lg text-slate-700">{post.description}</p>
          <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-sm font-medium text-ink">{post.author}</p>
            <PostMeta post={post} />
          </div>
        </header>
        <img
          src={post.cover}
          alt={post.coverAlt}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          fetchPriority="high"
          className="mt-8 aspect-[40/21] w-full rounded-2xl bg-slate-100 object-cover"
        />
        <div className="prose-parley mt-10" dangerouslySetInnerHTML={{ __html: post.body }} />
        {post.tags.length ? (
          <ul aria-label={t("blog.tags")} className="mt-10 flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </article>
      {related.length ? (
        <section aria-labelledby="related-title" className="mt-16 border-t border-slate-200 pt-10">
          <h2 id="related-title" className="text-2xl font-bold text-ink">
            {t("blog.related")}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-3">
            {related.map((card) => (
              <li key={card.slug}>
                <BlogCardView post={card} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
