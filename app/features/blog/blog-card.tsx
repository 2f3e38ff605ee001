import { Link } from "react-router";
import type { BlogCard } from "~/features/content";
import { formatDate } from "~/lib/format";
import { useLocale, useT } from "~/lib/i18n/react";

/** Cover images are drawn at 1200×630; the layout reserves that ratio so nothing shifts. */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

export function PostMeta({
  post,
}: {
  post: Pick<BlogCard, "publishedAt" | "readingMinutes" | "author">;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
      <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale.iso, "UTC")}</time>
      <span aria-hidden="true">·</span>
      <span>{t("blog.readingTime", { count: post.readingMinutes })}</span>
    </p>
  );
}

export function BlogCardView({
  post,
  eager = false,
  headingLevel = 2,
}: {
  post: BlogCard;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition hover:shadow-md">
      <img
        src={post.cover}
        alt=""
        width={COVER_WIDTH}
        height={COVER_HEIGHT}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[40/21] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <PostMeta post={post} />
        <Heading className="mt-2 text-lg font-semibold text-ink group-hover:text-brand-700">
          <Link
            to={post.path ?? "#"}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 text-slate-700">{post.description}</p>
      </div>
    </article>
  );
}
