import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown, renderMarkdownDocument } from "./markdown";

describe("Markdown for content pages", () => {
  it("renders headings with anchors, links, tables, code blocks and lists", () => {
    const html = renderMarkdown(
      [
        "## Warm-up ideas",
        "",
        "See [the FAQ](/faq) and <https://parley.example>.",
        "",
        "| Level | Minutes |",
        "|---|---|",
        "| B1 | 15 |",
        "",
        "```",
        "say <hello>",
        "```",
        "",
        "- one",
        "- two",
        "",
        "1. first",
      ].join("\n"),
    );
    expect(html).toContain('<h2 id="warm-up-ideas">Warm-up ideas');
    expect(html).toContain('<a href="#warm-up-ideas" class="heading-anchor"');
    expect(html).toContain('<a href="/faq">the FAQ</a>');
    expect(html).toContain('<a href="https://parley.example">');
    expect(html).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(html).toContain("<td>B1</td>");
    expect(html).toContain("<pre><code>say &lt;hello&gt;");
    expect(html).toContain("<ul>\n<li>one</li>");
    expect(html).toContain("<ol>\n<li>first</li>");
  });

  it("gives repeated headings distinct anchors and lists them for a table of contents", () => {
    const { html, toc } = renderMarkdownDocument("## Tips\n\ntext\n\n## Tips\n\n### Más ideas");
    expect(html).toContain('id="tips"');
    expect(html).toContain('id="tips-1"');
    expect(toc).toEqual([
      { id: "tips", text: "Tips", depth: 2 },
      { id: "tips-1", text: "Tips", depth: 2 },
      { id: "mas-ideas", text: "Más ideas", depth: 3 },
    ]);
  });

  it.each([
    ["a script element", "<script>alert(1)</script>"],
    ["an event handler", '<img src="x" onerror="alert(1)">'],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["an encoded javascript: link", "[click](JaVaScRiPt:alert(1))"],
    ["a vbscript: link", "[click](vbscript:msgbox(1))"],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD4=)"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["an autolinked javascript: URL", "<javascript:alert(1)>"],
  ])("never lets through %s", (_label, source) => {
    const html = renderMarkdown(source);
    // Raw HTML comes out as visible text, never as elements or attributes.
    expect(html).not.toMatch(/<(script|iframe|img)\b/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
  });

  it("reads plain text for descriptions and reading time", () => {
    expect(markdownToText("## Title\n\nSome **bold** words &amp; more.")).toBe(
      "Title Some bold words & more.",
    );
  });
});
