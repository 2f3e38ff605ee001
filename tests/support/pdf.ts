import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";

export interface PdfPage {
  /** Size in points, rounded: A4 is 595 × 842, US Letter 612 × 792. */
  width: number;
  height: number;
  text: string;
}

/** A PDF's pages read back by PDF.js (Firefox's reader): throws when it is not a valid PDF. */
export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  if (Buffer.from(bytes.subarray(0, 5)).toString() !== "%PDF-") throw new Error("not a PDF");
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: PdfPage[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ("str" in item ? (item as TextItem).str : ""))
      .join(" ")
      .replace(/\s+/g, " ");
    pages.push({ width: Math.round(width), height: Math.round(height), text });
  }
  await doc.destroy();
  return pages;
}

/** All the pages' text in one string. */
export const allText = (pages: PdfPage[]) => pages.map((p) => p.text).join(" ");
