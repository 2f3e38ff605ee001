import { getServices, type ContextReader } from "~/lib/context.server";
import { getLocale } from "~/lib/i18n/locales";
import { pageLocale } from "~/lib/i18n/page-locale.server";
import { createTranslator, type Translate } from "~/lib/i18n/translate";
import { PAPERS, type Paper } from "./writer.server";

/** The reader's language and its direction, which a downloaded file's own words follow. */
export interface ReaderLocale {
  code: string;
  dir: "ltr" | "rtl";
}

/** The translator and language of the person downloading (slides and PDFs alike). */
export function readerLocale(
  request: Request,
  context: ContextReader,
): { t: Translate; locale: ReaderLocale } {
  const code = pageLocale(request, context);
  const t = createTranslator(code, getServices(context).i18n.get(code).messages);
  return { t, locale: { code, dir: getLocale(code).dir } };
}

export interface PdfRequest<P extends string> {
  part: P;
  paper: Paper;
  t: Translate;
  locale: ReaderLocale;
}

/**
 * The choices of a PDF download (`?part=…&paper=a4|letter`) and the reader's language, or a
 * 400 that names what is wrong.
 */
export function pdfRequest<P extends string>(
  request: Request,
  context: ContextReader,
  parts: readonly P[],
): PdfRequest<P> | Response {
  const query = new URL(request.url).searchParams;
  const part = (query.get("part") ?? parts[0]) as P;
  const paper = (query.get("paper") ?? "a4") as Paper;
  if (!parts.includes(part))
    return new Response(`"part" must be one of: ${parts.join(", ")}.`, { status: 400 });
  if (!PAPERS.includes(paper))
    return new Response(`"paper" must be one of: ${PAPERS.join(", ")}.`, { status: 400 });
  return { part, paper, ...readerLocale(request, context) };
}
