import MarkdownIt from "markdown-it";
import type { Token } from "markdown-it";
import { pictureSvg } from "~/lib/content/pictures.server";
import { dataKey, type Translate } from "~/lib/i18n/translate";
import {
  PdfWriter,
  type Paper,
  type Span,
  type TableCell,
  type TableRow,
} from "~/lib/pdf/writer.server";
import type { ReaderLocale } from "~/lib/pdf/request.server";
import type { MaterialCard } from "./materials.server";

/**
 * A material (worksheet, flashcards, board game, lesson plan…) as a printable PDF (issue 17
 * item 2): its Markdown body set block by block — headings, paragraphs, lists, quotes and
 * tables with their pictures — in English, under a header in the teacher's language.
 */

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
const PICTURE = /^\/pictures\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

interface Inline {
  spans: Span[];
  pictures: { svg: string; alt: string }[];
}

/** An inline token's text as styled spans, and the pictures it shows. */
async function inline(token: Token | undefined): Promise<Inline> {
  const spans: Span[] = [];
  const pictures: Inline["pictures"] = [];
  let bold = 0;
  let italic = 0;
  for (const child of token?.children ?? []) {
    const style = bold > 0 ? "bold" : italic > 0 ? "italic" : "regular";
    switch (child.type) {
      case "strong_open":
        bold++;
        break;
      case "strong_close":
        bold--;
        break;
      case "em_open":
        italic++;
        break;
      case "em_close":
        italic--;
        break;
      case "softbreak":
        spans.push({ text: " ", style });
        break;
      case "hardbreak":
        spans.push({ text: "\n", style });
        break;
      case "image": {
        const name = PICTURE.exec(String(child.attrGet("src") ?? ""))?.[1];
        const svg = name ? await pictureSvg(name) : null;
        const alt = child.children?.map((c) => c.content).join("") ?? child.content;
        if (svg) pictures.push({ svg, alt });
        break;
      }
      default:
        if (child.content) spans.push({ text: child.content, style });
    }
  }
  return { spans, pictures };
}

export async function materialPdf(
  material: MaterialCard & { body: string | null },
  paper: Paper,
  t: Translate,
  locale: ReaderLocale,
): Promise<Buffer> {
  if (material.body === null) throw new Error("A locked material has no body");
  const typeName = t(dataKey(`materials.typeName.${material.type}`));
  const w = new PdfWriter({
    paper,
    locale: locale.code,
    dir: locale.dir,
    title: material.title,
    header: typeName,
    pageLabel: (page, total) => t("pdf.page", { page, total }),
  });
  w.text(
    [material.level, typeName, t("library.minutes", { count: material.durationMinutes })].join(
      " · ",
    ),
    { size: 10, chrome: true, color: "#1d35d7", style: "bold" },
  );
  w.space(4);
  w.text(material.title, { size: 20, style: "bold" });
  w.space(2);
  w.text(material.summary, { size: 11, color: "#475569" });
  w.space(10);

  const tokens = md.parse(material.body, {});
  // Open lists, innermost last: ordered or not, and the number of the next item.
  const lists: { ordered: boolean; next: number; pending: boolean }[] = [];
  let quote = 0;
  let table: TableRow[] | null = null;
  let row: TableCell[] | null = null;

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const indent = lists.length * 16 + quote * 14;
    switch (token.type) {
      case "heading_open": {
        const level = Number(token.tag.slice(1));
        const { spans } = await inline(tokens[i + 1]);
        const size = level <= 1 ? 18 : level === 2 ? 15 : 12.5;
        w.space(level <= 2 ? 10 : 6);
        w.ensure(size * 4);
        w.text(spans, { size, style: "bold", indent });
        w.space(4);
        i += 2;
        break;
      }
      case "bullet_list_open":
      case "ordered_list_open":
        lists.push({
          ordered: token.type === "ordered_list_open",
          next: Number(token.attrGet("start") ?? 1),
          pending: false,
        });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        if (lists.length === 0) w.space(4);
        break;
      case "list_item_open": {
        const list = lists[lists.length - 1];
        if (list) list.pending = true;
        break;
      }
      case "blockquote_open":
        quote++;
        break;
      case "blockquote_close":
        quote--;
        break;
      case "paragraph_open": {
        const { spans, pictures } = await inline(tokens[i + 1]);
        i += 2;
        if (table) break;
        const list = lists[lists.length - 1];
        if (pictures.length > 0) w.pictures(pictures, 64, indent);
        if (spans.length === 0) break;
        const options = { size: 11, indent, color: quote > 0 ? "#334155" : undefined };
        if (list?.pending) {
          const marker = list.ordered ? `${list.next++}.` : "•";
          list.pending = false;
          w.ensure(16);
          w.textAt(marker, w.y, { size: 11, indent: indent - 14, color: "#1d35d7" });
        }
        w.text(spans, options);
        w.space(list ? 2 : 6);
        break;
      }
      case "table_open":
        table = [];
        break;
      case "tr_open":
        row = [];
        break;
      case "th_open":
      case "td_open": {
        const cell = await inline(tokens[i + 1]);
        row?.push(cell);
        i += 2;
        break;
      }
      case "tr_close":
        if (table && row) table.push({ header: tokens[i - 1]?.type === "th_close", cells: row });
        row = null;
        break;
      case "table_close":
        if (table) w.table(table);
        table = null;
        w.space(8);
        break;
      case "hr":
        w.space(4);
        w.rule();
        w.space(8);
        break;
      default:
        break;
    }
  }
  return w.finish();
}
