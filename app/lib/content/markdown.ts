import MarkdownIt from "markdown-it";

/**
 * Markdown to HTML for content pages. Raw HTML in the source is never passed through, and
 * links are validated (no javascript:, vbscript: or data: URLs), so the output carries no
 * script or event handler whatever the input. Headings get ids and anchor links.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });

const SAFE_LINK = /^(https?:|mailto:|tel:|\/|#|\.{0,2}\/)/i;
md.validateLink = (url: string) => {
  const trimmed = url.trim();
  // Relative links without a scheme ("page", "page#x") are safe too.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return true;
  return SAFE_LINK.test(trimmed);
};

function slugifyHeading(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

md.core.ruler.push("heading_anchors", (state) => {
  const used = new Map<string, number>();
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token?.type !== "heading_open") continue;
    const inline = tokens[i + 1];
    const text = inline?.children?.map((c) => c.content).join("") ?? "";
    const base = slugifyHeading(text);
    const count = used.get(base) ?? 0;
    used.set(base, count + 1);
    const id = count === 0 ? base : `${base}-${count}`;
    token.attrSet("id", id);
    const env = state.env as { toc?: TocEntry[] } | undefined;
    env?.toc?.push({ id, text, depth: Number(token.tag.slice(1)) });
    if (inline?.children) {
      const open = new state.Token("link_open", "a", 1);
      open.attrSet("href", `#${id}`);
      open.attrSet("class", "heading-anchor");
      open.attrSet("aria-hidden", "true");
      open.attrSet("tabindex", "-1");
      const hash = new state.Token("text", "", 0);
      hash.content = "#";
      const close = new state.Token("link_close", "a", -1);
      inline.children.push(new state.Token("text", "", 0), open, hash, close);
    }
  }
});

// Tables scroll sideways on narrow screens instead of overflowing the page; the scrolling box
// takes keyboard focus so it can be scrolled without a mouse (axe scrollable-region-focusable).
md.renderer.rules.table_open = () => '<div class="table-scroll" tabindex="0"><table>\n';
md.renderer.rules.table_close = () => "</table></div>\n";

// Pictures from /pictures/ (flashcards, cards: issue 17 item 1) load lazily at a fixed size,
// so a table of twenty cards neither jumps while loading nor loads what is off screen.
const renderImage = md.renderer.rules.image;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && String(token.attrGet("src") ?? "").startsWith("/pictures/")) {
    token.attrSet("width", "64");
    token.attrSet("height", "64");
    token.attrSet("loading", "lazy");
    token.attrSet("decoding", "async");
    token.attrSet("class", "content-picture");
  }
  return renderImage
    ? renderImage(tokens, idx, options, env, self)
    : self.renderToken(tokens, idx, options);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}

export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

/** HTML plus the headings it contains, for a table of contents. */
export function renderMarkdownDocument(source: string): { html: string; toc: TocEntry[] } {
  const env: { toc: TocEntry[] } = { toc: [] };
  const html = md.render(source, env);
  return { html, toc: env.toc };
}

/** Plain text of a Markdown source (for descriptions and reading time). */
export function markdownToText(source: string): string {
  const entities: Record<string, string> = {
    "&amp;": "&",
    "&lt;": "<",
    "&gt;": ">",
    "&quot;": '"',
    "&#39;": "'",
  };
  return md
    .render(source)
    .replace(/<a [^>]*class="heading-anchor"[^>]*>#<\/a>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z]+;|&#\d+;/g, (e) => entities[e] ?? " ")
    .replace(/\s+/g, " ")
    .trim();
}
