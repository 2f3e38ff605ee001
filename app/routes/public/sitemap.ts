import type { Route } from "./+types/sitemap";
import { getServices } from "~/lib/context.server";
import { LANGUAGES } from "~/lib/i18n/locales";
import { localizePath, splitLocalePrefix } from "~/lib/routing/paths";

function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

/** The public pages of one language with their alternates in every language. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = getServices(context).env.appOrigin;
  const { prefix } = splitLocalePrefix(new URL(request.url).pathname);
  const locale = prefix ?? "en";
  const paths = ["/", "/faq", "/blog"];
  const urls = paths.map((path) => {
    const alternates = LANGUAGES.map(
      (l) =>
        `    <xhtml:link rel="alternate" hreflang="${l.iso}" href="${escapeXml(origin + localizePath(path, l.code))}"/>`,
    ).join("\n");
    return `  <url>\n    <loc>${escapeXml(origin + localizePath(path, locale))}</loc>\n${alternates}\n  </url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
