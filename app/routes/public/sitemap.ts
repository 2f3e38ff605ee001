import type { Route } from "./+types/sitemap";
import {
  anonymousViewer,
  collectionBuildTimes,
  contentStore,
} from "~/features/content/store.server";
import { getServices } from "~/lib/context.server";
import { archivedNewsletters } from "~/features/mail/index.server";
import { DEFAULT_LOCALE, LANGUAGES } from "~/lib/i18n/locales";
import { publicCacheControl } from "~/lib/routing/cache-policy";
import { contentLanguages, localizePath, splitLocalePrefix } from "~/lib/routing/paths";

export function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

interface Entry {
  /** The page's path without a language prefix. */
  path: string;
  lastmod: string | null;
  /** Localized pages get a URL per language they exist in; others appear once, in English. */
  localized: boolean;
  /** The languages a content page is actually written in, when narrower than the route's. */
  languages?: string[];
}

function day(iso: string | Date | null | undefined): string | null {
  if (!iso) return null;
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

function latest(values: (string | null)[]): string | null {
  return (
    values
      .filter((v): v is string => v !== null)
      .sort()
      .pop() ?? null
  );
}

/**
 * Spec §2.1: /sitemap.xml lists the English and unprefixed public pages, and
 * /{lang}/sitemap.xml the pages of that language; every localized URL carries its
 * alternates in each language it exists in (reciprocal across the sitemaps) and x-default.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const origin = services.env.appOrigin;
  const { prefix } = splitLocalePrefix(new URL(request.url).pathname);
  const locale = prefix ?? DEFAULT_LOCALE;
  const store = await contentStore(services.database);
  const viewer = anonymousViewer(services.clock.now());
  const q = <C extends Parameters<typeof store.query>[0]>(c: C) => store.query(c, viewer);

  const [posts, legal, issues, variants, built, sent] = await Promise.all([
    q("blog").select("slug", "locale", "publishedAt").all(),
    q("legal").where("locale", "=", "en").select("slug", "updatedAt").all(),
    q("newsletter").order("publishedAt", "DESC").select("slug", "publishedAt").all(),
    q("landing").select("slug", "locale").all(),
    collectionBuildTimes(services.db),
    archivedNewsletters(services),
  ]);
  const builtAt = (c: string) => day(built.get(c) ?? null);
  const newestPost = latest(posts.map((p) => day(p.publishedAt)));

  const entries: Entry[] = [
    { path: "/", lastmod: latest([builtAt("landing"), builtAt("faq")]), localized: true },
    { path: "/faq", lastmod: builtAt("faq"), localized: true },
    { path: "/blog", lastmod: newestPost, localized: true },
    ...[...new Set(posts.map((p) => p.slug))].map((slug) => ({
      path: `/blog/${slug}`,
      lastmod: latest(posts.filter((p) => p.slug === slug).map((p) => day(p.publishedAt))),
      localized: true,
      languages: posts.filter((p) => p.slug === slug).map((p) => p.locale),
    })),
    ...[...new Set(variants.map((v) => v.slug))].map((slug) => ({
      path: `/${slug}`,
      lastmod: builtAt("landing"),
      localized: true,
      languages: variants.filter((v) => v.slug === slug).map((v) => v.locale),
    })),
    ...issues.map((i) => ({
      path: `/newsletter/${i.slug}`,
      lastmod: day(i.publishedAt),
      localized: true,
    })),
    ...sent.map((n) => ({
      path: `/newsletter/sent/${n.id}`,
      lastmod: day(n.sentAt),
      localized: false,
    })),
    {
      path: "/newsletter",
      lastmod: latest([day(issues[0]?.publishedAt ?? null), day(sent[0]?.sentAt ?? null)]),
      localized: false,
    },
    ...legal.map((l) => ({
      path: `/legal/${l.slug}`,
      lastmod: day(l.updatedAt),
      localized: false,
    })),
  ];

  const urls: string[] = [];
  for (const entry of entries) {
    if (!entry.localized) {
      if (locale !== DEFAULT_LOCALE) continue;
      urls.push(urlXml(origin + entry.path, entry.lastmod, []));
      continue;
    }
    const only = entry.languages ?? contentLanguages(entry.path);
    const languages = only ? LANGUAGES.filter((l) => only.includes(l.code)) : LANGUAGES;
    if (!languages.some((l) => l.code === locale)) continue;
    const alternates = [
      ...languages.map((l) => ({
        hreflang: l.iso,
        href: origin + localizePath(entry.path, l.code),
      })),
      { hreflang: "x-default", href: origin + localizePath(entry.path, DEFAULT_LOCALE) },
    ];
    urls.push(urlXml(origin + localizePath(entry.path, locale), entry.lastmod, alternates));
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": publicCacheControl(),
    },
  });
}

function urlXml(
  loc: string,
  lastmod: string | null,
  alternates: { hreflang: string; href: string }[],
): string {
  const lines = [`  <url>`, `    <loc>${escapeXml(loc)}</loc>`];
  if (lastmod) lines.push(`    <lastmod>${lastmod}</lastmod>`);
  for (const a of alternates)
    lines.push(
      `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
    );
  lines.push(`  </url>`);
  return lines.join("\n");
}
