import bidiFactory from "bidi-js";
import PDFDocument from "pdfkit";
import SVGtoPDF from "svg-to-pdfkit";
import { fontChain, fontForChar, type FontStyle, type LoadedFont } from "./fonts.server";

/**
 * A small flow layout on PDFKit for Parley's printable files (issue 17 item 2): paragraphs
 * that wrap, pictures, cards that stay on one page, a running header and page numbers.
 *
 * PDFKit places glyphs left to right and sets one face per call, so this module does what a
 * browser would: it picks a face per character (fonts.server.ts), breaks lines itself (word
 * boundaries from Intl.Segmenter, so Japanese, Chinese and Thai break too), orders each line
 * with the Unicode bidirectional algorithm (bidi-js) and draws each run of one direction and
 * one face on its own. fontkit shapes the run (Arabic joining, Indic clusters) and reverses a
 * right-to-left one. The interface language's words ("chrome") are set in its direction and
 * aligned to its start; the exercises' English is set left to right.
 */

export type Paper = "a4" | "letter";
export const PAPERS: readonly Paper[] = ["a4", "letter"];

const SIZES: Record<Paper, [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };

export interface Span {
  text: string;
  style?: FontStyle;
}

export interface TextOptions {
  size: number;
  style?: FontStyle;
  color?: string;
  /** Interface words (the reader's language and direction) rather than English content. */
  chrome?: boolean;
  /** Start of the line (left in English), end, or centre. */
  align?: "start" | "end" | "center";
  /** Extra room from the start edge (a list's indent). */
  indent?: number;
  /** Width to fill (from the start edge plus indent); the text column by default. */
  width?: number;
  /** Line height as a multiple of the size. */
  leading?: number;
}

interface Token {
  text: string;
  style: FontStyle;
  space: boolean;
  width: number;
}

interface Line {
  tokens: Token[];
  width: number;
  height: number;
  ascent: number;
}

const bidi = bidiFactory();
const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
/** Joiners and variation selectors stay in the face of the character before them. */
const JOINER = /\u200d|[\ufe00-\ufe0f]/u;

/** Spaces in the chain's first face (an emoji face's space is wide); the rest by coverage. */
function faceFor(chain: LoadedFont[], char: string): LoadedFont {
  return /\s/u.test(char) ? chain[0]! : fontForChar(chain, char.codePointAt(0) ?? 32);
}
const ink = "#0f172a";

export interface TableCell {
  spans: Span[];
  pictures: { svg: string; alt: string }[];
}

export interface TableRow {
  header: boolean;
  cells: TableCell[];
}

export interface WriterOptions {
  paper: Paper;
  /** The interface language (a locale code such as "pl" or "zh-TW"). */
  locale: string;
  dir: "ltr" | "rtl";
  title: string;
  /** What the running header says after the product's name (e.g. "Teacher notes"). */
  header: string;
  /** "Page {page} of {total}" in the reader's language. */
  pageLabel: (page: number, total: number) => string;
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly width: number;
  readonly height: number;
  readonly margin = 48;
  y: number;
  private readonly options: WriterOptions;
  private readonly chains = new Map<string, LoadedFont[]>();
  private readonly registered = new Set<string>();
  private readonly segmenters = new Map<string, Intl.Segmenter>();

  constructor(options: WriterOptions) {
    this.options = options;
    const [width, height] = SIZES[options.paper];
    this.width = width;
    this.height = height;
    this.doc = new PDFDocument({
      size: [width, height],
      margin: 0,
      bufferPages: true,
      autoFirstPage: true,
      lang: "en",
      displayTitle: true,
      info: { Title: options.title, Author: "Parley", Creator: "Parley" },
    });
    this.y = this.top;
  }

  get top() {
    return this.margin + 28;
  }
  get bottom() {
    return this.height - this.margin - 20;
  }
  get columnWidth() {
    return this.width - 2 * this.margin;
  }
  get rtl() {
    return this.options.dir === "rtl";
  }

  private chain(chrome: boolean, style: FontStyle): LoadedFont[] {
    const key = `${chrome}:${style}`;
    let chain = this.chains.get(key);
    if (!chain) {
      chain = fontChain(this.options.locale, style, !chrome);
      this.chains.set(key, chain);
    }
    return chain;
  }

  private use(font: LoadedFont, size: number) {
    if (!this.registered.has(font.name)) {
      this.doc.registerFont(font.name, font.data);
      this.registered.add(font.name);
    }
    this.doc.font(font.name).fontSize(size);
  }

  /** The text cut where its face changes: [face, text] pairs in logical order. */
  private faceRuns(text: string, chain: LoadedFont[]): [LoadedFont, string][] {
    const runs: [LoadedFont, string][] = [];
    for (const char of text) {
      const last = runs[runs.length - 1];
      const font = last && JOINER.test(char) ? last[0] : faceFor(chain, char);
      if (last && last[0] === font) last[1] += char;
      else runs.push([font, char]);
    }
    return runs;
  }

  private measure(text: string, style: FontStyle, chrome: boolean, size: number): number {
    let width = 0;
    for (const [font, run] of this.faceRuns(text, this.chain(chrome, style))) {
      this.use(font, size);
      width += this.doc.widthOfString(run);
    }
    return width;
  }

  private segmenter(chrome: boolean): Intl.Segmenter {
    const locale = chrome ? this.options.locale : "en";
    let s = this.segmenters.get(locale);
    if (!s) {
      s = new Intl.Segmenter(locale, { granularity: "word" });
      this.segmenters.set(locale, s);
    }
    return s;
  }

  private tokens(spans: Span[], o: TextOptions): Token[] {
    const chrome = o.chrome ?? false;
    const out: Token[] = [];
    for (const span of spans) {
      const style = span.style ?? o.style ?? "regular";
      if (span.text === "\n") {
        out.push({ text: "\n", style, space: true, width: 0 });
        continue;
      }
      let prevWordLike = false;
      for (const seg of this.segmenter(chrome).segment(span.text.replace(/\s+/g, " "))) {
        const space = /^\s+$/u.test(seg.segment);
        const last = out[out.length - 1];
        // Punctuation sticks to the word before it; two words with no space between them
        // (Japanese, Chinese, Thai) may break there.
        const join =
          last !== undefined &&
          !last.space &&
          !space &&
          last.style === style &&
          !(prevWordLike && seg.isWordLike);
        if (join) last.text += seg.segment;
        else out.push({ text: space ? " " : seg.segment, style, space, width: 0 });
        prevWordLike = !space && (seg.isWordLike ?? false);
      }
    }
    for (const token of out)
      if (token.text !== "\n") token.width = this.measure(token.text, token.style, chrome, o.size);
    return out;
  }

  /** A token wider than the line, cut into pieces that fit. */
  private split(token: Token, max: number, o: TextOptions): Token[] {
    const pieces: Token[] = [];
    let current = "";
    for (const char of token.text) {
      const next = current + char;
      if (current && this.measure(next, token.style, o.chrome ?? false, o.size) > max) {
        pieces.push({ ...token, text: current, width: 0 });
        current = char;
      } else current = next;
    }
    if (current) pieces.push({ ...token, text: current, width: 0 });
    for (const p of pieces) p.width = this.measure(p.text, p.style, o.chrome ?? false, o.size);
    return pieces;
  }

  private lines(spans: Span[], o: TextOptions): Line[] {
    const max = (o.width ?? this.columnWidth) - (o.indent ?? 0);
    const lines: Line[] = [];
    let line: Token[] = [];
    let width = 0;
    const flush = () => {
      while (line.length > 0 && line[line.length - 1]!.space) width -= line.pop()!.width;
      if (line.length > 0) lines.push(this.lineBox(line, width, o));
      line = [];
      width = 0;
    };
    const queue = this.tokens(spans, o);
    while (queue.length > 0) {
      const token = queue.shift()!;
      if (token.text === "\n") {
        flush();
        continue;
      }
      if (token.space && line.length === 0) continue;
      if (width + token.width <= max || line.length === 0) {
        if (line.length === 0 && token.width > max) {
          queue.unshift(...this.split(token, max, o));
          const first = queue.shift()!;
          line.push(first);
          width += first.width;
          continue;
        }
        line.push(token);
        width += token.width;
      } else {
        flush();
        if (!token.space) queue.unshift(token);
      }
    }
    flush();
    return lines;
  }

  private lineBox(tokens: Token[], width: number, o: TextOptions): Line {
    let ascent = 0;
    let descent = 0;
    for (const token of tokens)
      for (const [font] of this.faceRuns(token.text, this.chain(o.chrome ?? false, token.style))) {
        ascent = Math.max(ascent, font.ascent * o.size);
        descent = Math.max(descent, font.descent * o.size);
      }
    const height = Math.max(o.size * (o.leading ?? 1.35), (ascent + descent) * 1.02);
    return { tokens, width, height, ascent: (height - ascent - descent) / 2 + ascent };
  }

  /** Height the text would take. */
  heightOf(text: string | Span[], o: TextOptions): number {
    return this.lines(typeof text === "string" ? [{ text }] : text, o).reduce(
      (sum, l) => sum + l.height,
      0,
    );
  }

  /** Draws one line: bidi runs in visual order, each in its face. */
  private drawLine(line: Line, top: number, o: TextOptions) {
    const chrome = o.chrome ?? false;
    const dir = chrome ? this.options.dir : "ltr";
    const chars: { char: string; style: FontStyle }[] = [];
    for (const token of line.tokens)
      for (const char of token.text) chars.push({ char, style: token.style });
    const text = chars.map((c) => c.char).join("");
    const { levels } = bidi.getEmbeddingLevels(text, dir);
    // Runs of one level, style and face, in logical order.
    interface Run {
      level: number;
      style: FontStyle;
      font: LoadedFont;
      text: string;
    }
    const runs: Run[] = [];
    let unit = 0;
    for (const { char, style } of chars) {
      const level = levels[unit] ?? 0;
      unit += char.length;
      const last = runs[runs.length - 1];
      const font = last && JOINER.test(char) ? last.font : faceFor(this.chain(chrome, style), char);
      if (last && last.level === level && last.style === style && last.font === font)
        last.text += char;
      else runs.push({ level, style, font, text: char });
    }
    // Rule L2: from the highest level down to the lowest odd one, reverse every stretch of
    // runs at that level or above.
    const highest = Math.max(0, ...runs.map((r) => r.level));
    const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : 99)));
    for (let level = highest; level >= lowestOdd && level > 0; level--) {
      for (let i = 0; i < runs.length; i++) {
        if (runs[i]!.level < level) continue;
        let j = i;
        while (j + 1 < runs.length && runs[j + 1]!.level >= level) j++;
        runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
        i = j;
      }
    }
    const max = (o.width ?? this.columnWidth) - (o.indent ?? 0);
    const align = o.align ?? "start";
    const startLeft = dir === "ltr" ? align === "start" : align === "end";
    const offset =
      align === "center" ? (max - line.width) / 2 : startLeft ? 0 : Math.max(0, max - line.width);
    let x =
      dir === "ltr"
        ? this.margin + (o.indent ?? 0) + offset
        : this.width - this.margin - (o.indent ?? 0) - max + offset;
    this.doc.fillColor(o.color ?? ink);
    for (const run of runs) {
      const odd = run.level % 2 === 1;
      const rtlScript = STRONG_RTL.test(run.text);
      // Mirrored brackets at an odd level; fontkit reverses a run in a right-to-left script,
      // anything else at an odd level (punctuation beside digits) is reversed here.
      let shown = odd
        ? [...run.text].map((c) => bidi.getMirroredCharacter(c) ?? c).join("")
        : run.text;
      if (odd && !rtlScript) shown = [...shown].reverse().join("");
      // Word by word: PDFKit drops the space before a glyph that carries an offset (Arabic
      // dots are such glyphs in Noto), so spaces are only gaps here.
      const words = shown.split(/(\s+)/u).filter(Boolean);
      if (odd && rtlScript) words.reverse();
      this.use(run.font, o.size);
      for (const word of words) {
        const width = this.doc.widthOfString(word);
        if (word.trim())
          this.doc.text(word, x, top + line.ascent, { lineBreak: false, baseline: "alphabetic" });
        x += width;
      }
    }
  }

  /** Flows text from the cursor down, onto new pages as needed. */
  text(text: string | Span[], o: TextOptions) {
    for (const line of this.lines(typeof text === "string" ? [{ text }] : text, o)) {
      this.ensure(line.height);
      this.drawLine(line, this.y, o);
      this.y += line.height;
    }
  }

  /** Draws text at a fixed place (a header, a card's corner) without moving the cursor. */
  textAt(text: string, top: number, o: TextOptions) {
    let y = top;
    for (const line of this.lines([{ text }], o)) {
      this.drawLine(line, y, o);
      y += line.height;
    }
  }

  space(points: number) {
    this.y += points;
  }

  /** A new page unless `height` still fits on this one. */
  ensure(height: number) {
    if (this.y + height > this.bottom && this.y > this.top) this.newPage();
  }

  newPage() {
    this.doc.addPage({ size: [this.width, this.height], margin: 0 });
    this.y = this.top;
  }

  /** Pictures side by side from the start edge, `size` points square, wrapping. */
  pictures(items: { svg: string; alt: string }[], size: number, indent = 0) {
    const gap = 8;
    const perRow = Math.max(1, Math.floor((this.columnWidth - indent + gap) / (size + gap)));
    for (let i = 0; i < items.length; i += perRow) {
      this.ensure(size + gap);
      items.slice(i, i + perRow).forEach((item, k) => {
        const x = this.rtl
          ? this.width - this.margin - indent - (k + 1) * size - k * gap
          : this.margin + indent + k * (size + gap);
        this.picture(item.svg, x, this.y, size, item.alt);
      });
      this.y += size + gap;
    }
  }

  /** One picture, with its text as the figure's alternative description. */
  picture(svg: string, x: number, y: number, size: number, alt: string) {
    this.doc.save();
    SVGtoPDF(this.doc, svg, x, y, {
      width: size,
      height: size,
      preserveAspectRatio: "xMidYMid meet",
      assumePt: true,
    });
    this.doc.restore();
    // Hidden text under the picture: read by screen readers and found by search.
    this.use(this.chain(false, "regular")[0]!, 1);
    this.doc
      .fillOpacity(0)
      .text(alt, x, y + size / 2, { lineBreak: false })
      .fillOpacity(1);
  }

  /**
   * A table: columns sized to their content, a shaded header row repeated on every page it
   * runs onto, rows kept whole. Cells hold English text and pictures.
   */
  table(rows: TableRow[], size = 10) {
    if (rows.length === 0) return;
    const columns = Math.max(...rows.map((r) => r.cells.length));
    const pad = 5;
    const pictureSize = 44;
    // A column's share: its longest text (in characters, capped), or a picture's width.
    const want = Array.from({ length: columns }, (_, c) =>
      Math.max(
        4,
        ...rows.map((r) => {
          const cell = r.cells[c];
          if (!cell) return 0;
          const chars = Math.min(
            60,
            cell.spans.reduce((n, s) => n + s.text.length, 0),
          );
          return Math.max(chars, cell.pictures.length > 0 ? 9 * cell.pictures.length : 0);
        }),
      ),
    );
    const total = want.reduce((a, b) => a + b, 0);
    const widths = want.map((w) => (w / total) * this.columnWidth);
    const lefts = widths.map((_, c) => this.margin + widths.slice(0, c).reduce((a, b) => a + b, 0));
    const cellHeight = (cell: TableCell | undefined, c: number, header: boolean) =>
      cell
        ? (cell.pictures.length > 0 ? pictureSize + 4 : 0) +
          (cell.spans.some((s) => s.text.trim())
            ? this.heightOf(cell.spans, {
                size,
                style: header ? "bold" : "regular",
                width: widths[c]! - 2 * pad,
              })
            : 0) +
          2 * pad
        : 2 * pad;
    const rowHeight = (row: TableRow) =>
      Math.max(...row.cells.map((cell, c) => cellHeight(cell, c, row.header)), size * 1.6);
    const header = rows[0]?.header ? rows[0] : null;
    const draw = (row: TableRow) => {
      const height = rowHeight(row);
      if (this.y + height > this.bottom && this.y > this.top) {
        this.newPage();
        if (header && row !== header) draw(header);
      }
      const top = this.y;
      if (row.header)
        this.doc.save().rect(this.margin, top, this.columnWidth, height).fill("#eef2ff").restore();
      row.cells.forEach((cell, c) => {
        const left = lefts[c]!;
        // Cell text is laid out as a column of its own: from its left edge, its width.
        this.y = top + pad;
        if (cell.pictures.length > 0) {
          cell.pictures.forEach((p, k) =>
            this.picture(p.svg, left + pad + k * (pictureSize + 4), this.y, pictureSize, p.alt),
          );
          this.y += pictureSize + 4;
        }
        if (cell.spans.some((s) => s.text.trim()))
          this.text(cell.spans, {
            size,
            style: row.header ? "bold" : "regular",
            indent: left - this.margin + pad,
            width: left - this.margin + widths[c]! - pad,
          });
      });
      this.doc
        .save()
        .lineWidth(0.5)
        .strokeColor("#cbd5e1")
        .rect(this.margin, top, this.columnWidth, height)
        .stroke();
      for (const left of lefts.slice(1))
        this.doc
          .moveTo(left, top)
          .lineTo(left, top + height)
          .stroke();
      this.doc.restore();
      this.y = top + height;
    };
    for (const row of rows) draw(row);
  }

  /** A dashed box (a card to cut out) from `top` to the cursor. */
  cutBox(top: number, bottomY: number) {
    this.doc
      .save()
      .lineWidth(0.8)
      .dash(4, { space: 3 })
      .strokeColor("#94a3b8")
      .rect(this.margin, top, this.columnWidth, bottomY - top)
      .stroke()
      .undash()
      .restore();
  }

  rule(color = "#cbd5e1") {
    this.doc
      .save()
      .lineWidth(0.6)
      .strokeColor(color)
      .moveTo(this.margin, this.y)
      .lineTo(this.width - this.margin, this.y)
      .stroke()
      .restore();
  }

  /** Running header and page numbers on every page, then the file's bytes. */
  async finish(): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const small = { size: 9, color: "#475569" } as const;
      this.textAt("Parley", this.margin - 4, { ...small, style: "bold", chrome: true });
      this.textAt(this.options.header, this.margin - 4, { ...small, chrome: true, align: "end" });
      this.doc
        .save()
        .lineWidth(1.5)
        .strokeColor("#1d35d7")
        .moveTo(this.margin, this.margin + 12)
        .lineTo(this.width - this.margin, this.margin + 12)
        .stroke()
        .restore();
      this.textAt(this.options.pageLabel(i - start + 1, count), this.height - this.margin, {
        ...small,
        chrome: true,
        align: "center",
      });
    }
    const chunks: Buffer[] = [];
    return new Promise((resolve, reject) => {
      this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
      this.doc.end();
    });
  }
}
