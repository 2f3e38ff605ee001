/**
 * A newsletter may only cite library items that exist (spec: nothing public claims what isn't
 * true). Items are cited as links to their pages; `scripts/check-content.ts` runs this on
 * every newsletter with the library's items and fails the build on any problem.
 */

/** A library item a newsletter can link to, by the path of its page. */
export interface CitableItem {
  title: string;
  /** YYYY-MM-DD */
  publishedAt: string;
}

/** The page paths of the library's items: exercises, materials, listening tracks. */
export function itemPath(type: "exercise" | "material" | "listening", slug: string): string {
  if (type === "exercise") return `/dashboard/exercises/${slug}`;
  if (type === "material") return `/dashboard/materials/${slug}`;
  return `/dashboard/listening?track=${slug}`;
}

const ITEM_LINK =
  /\[([^\]]+)\]\((\/dashboard\/(?:exercises\/|materials\/|listening\?track=)[^)\s]*)\)/g;

/**
 * What is wrong with a newsletter's citations: a link to an item that does not exist, a
 * link whose text is not the item's title, an item published after the newsletter, and a
 * list item of its "New in the library" section that links to no item.
 */
export function citationProblems(
  body: string,
  publishedAt: string,
  items: ReadonlyMap<string, CitableItem>,
): string[] {
  const problems: string[] = [];
  for (const [, text, href] of body.matchAll(ITEM_LINK)) {
    const item = items.get(href!);
    if (!item) problems.push(`links to ${href}, which is not in the library`);
    else {
      if (item.title !== text)
        problems.push(`calls ${href} "${text}"; its title is "${item.title}"`);
      if (item.publishedAt > publishedAt)
        problems.push(`cites ${href}, published ${item.publishedAt}, after the newsletter`);
    }
  }
  const section = /^## New in the library\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(body)?.[1] ?? "";
  for (const line of section.split("\n"))
    if (/^\s*[-*] /.test(line) && !new RegExp(ITEM_LINK.source).test(line))
      problems.push(
        `"New in the library" names an item without linking to it: ${line.trim().slice(0, 60)}`,
      );
  return problems;
}
