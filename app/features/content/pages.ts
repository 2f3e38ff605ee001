import type { CollectionName } from "./collections";
import type { Row } from "./columns";
import type { ContentQuery } from "./query";
import { notFound } from "~/lib/not-found";

/**
 * What each public content page reads, written once against the query builder. The
 * server runs these with its own executor (for the first page load) and the browser with
 * its local copy (for later navigations), so both render from the same rows.
 */
export type QueryFactory = <C extends CollectionName>(collection: C) => ContentQuery<C>;

/** Languages the content collections are written in; other pages fall back to English. */
function contentLocale(locale: string): "en" | "pl" {
  return locale === "pl" ? "pl" : "en";
}

export type BlogCard = Pick<
  Row<"blog">,
  | "slug"
  | "path"
  | "title"
  | "description"
  | "cover"
  | "coverAlt"
  | "publishedAt"
  | "readingMinutes"
  | "author"
  | "tags"
>;
const CARD_FIELDS = [
  "slug",
  "path",
  "title",
  "description",
  "cover",
  "coverAlt",
  "publishedAt",
  "readingMinutes",
  "author",
  "tags",
] as const;

const BLOG_PAGE_SIZE = 9;

export async function blogIndex(q: QueryFactory, locale: string, page: number) {
  const lang = contentLocale(locale);
  const total = await q("blog").where("locale", "=", lang).count();
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const posts = await q("blog")
    .where("locale", "=", lang)
    .order("publishedAt", "DESC")
    .limit(BLOG_PAGE_SIZE)
    .skip((current - 1) * BLOG_PAGE_SIZE)
    .select(...CARD_FIELDS)
    .all();
  return { posts: posts as BlogCard[], page: current, pages, total };
}

export async function blogPost(q: QueryFactory, locale: string, slug: string, path: string) {
  const lang = contentLocale(locale);
  const post = await q("blog").where("locale", "=", lang).where("slug", "=", slug).first();
  if (!post) notFound(path);
  const others = await q("blog")
    .where("locale", "=", lang)
    .where("slug", "<>", slug)
    .order("publishedAt", "DESC")
    .select(...CARD_FIELDS)
    .all();
  // Related: most shared tags first, then the newest.
  const shared = (card: BlogCard) => card.tags.filter((t) => post.tags.includes(t)).length;
  const related = [...(others as BlogCard[])]
    .sort((a, b) => shared(b) - shared(a) || b.publishedAt.localeCompare(a.publishedAt))
    .slice(0, 3);
  return { post, related };
}

export type FaqItem = Pick<
  Row<"faq">,
  "slug" | "question" | "description" | "body" | "category" | "position" | "locale"
>;
const FAQ_FIELDS = [
  "slug",
  "question",
  "description",
  "body",
  "category",
  "position",
  "locale",
] as const;

export async function faqPage(q: QueryFactory, locale: string) {
  const items = await q("faq")
    .where("locale", "=", contentLocale(locale))
    .order("category")
    .order("position")
    .select(...FAQ_FIELDS)
    .all();
  return { items: items as FaqItem[] };
}

/** The questions a landing page shows: the first of the getting-started and billing ones. */
export async function faqExcerpt(q: QueryFactory, locale: string, count = 5) {
  const items = await q("faq")
    .where("locale", "=", contentLocale(locale))
    .where("category", "IN", ["getting-started", "plans-and-billing"])
    .order("position")
    .limit(count)
    .select(...FAQ_FIELDS)
    .all();
  return items as FaqItem[];
}

export async function legalPage(q: QueryFactory, locale: string, slug: string, path: string) {
  const lang = contentLocale(locale);
  const rows = await q("legal")
    .where("slug", "=", slug)
    .where("locale", "IN", lang === "en" ? ["en"] : [lang, "en"])
    .all();
  const page = rows.find((r) => r.locale === lang) ?? rows.find((r) => r.locale === "en");
  if (!page) notFound(path);
  const others = await q("legal")
    .where("locale", "=", page.locale)
    .select("slug", "title", "path")
    .all();
  return { page, others };
}

export async function landingVariant(q: QueryFactory, locale: string, slug: string, path: string) {
  const page = await q("landing")
    .where("locale", "=", contentLocale(locale))
    .where("slug", "=", slug)
    .first();
  if (!page) notFound(path);
  return { page };
}

type NewsletterCard = Pick<
  Row<"newsletter">,
  "slug" | "path" | "title" | "description" | "publishedAt" | "issue"
>;
const ISSUE_FIELDS = ["slug", "path", "title", "description", "publishedAt", "issue"] as const;

export async function newsletterArchive(q: QueryFactory) {
  const issues = await q("newsletter")
    .order("publishedAt", "DESC")
    .select(...ISSUE_FIELDS)
    .all();
  return { issues: issues as NewsletterCard[] };
}

export async function newsletterIssue(q: QueryFactory, slug: string, path: string) {
  const issue = await q("newsletter").where("slug", "=", slug).first();
  if (!issue) notFound(path);
  const [newer, older] = await Promise.all([
    q("newsletter")
      .where("publishedAt", ">", issue.publishedAt)
      .order("publishedAt", "ASC")
      .select(...ISSUE_FIELDS)
      .first(),
    q("newsletter")
      .where("publishedAt", "<", issue.publishedAt)
      .order("publishedAt", "DESC")
      .select(...ISSUE_FIELDS)
      .first(),
  ]);
  return { issue, newer: newer as NewsletterCard | null, older: older as NewsletterCard | null };
}
