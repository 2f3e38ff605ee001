import { and, desc, eq, sql } from "drizzle-orm";
import { newsletters } from "@db/schema";
import { markdownToText } from "~/lib/content/markdown";
import type { Services } from "~/lib/services.server";
import { newsletterHtml } from "./newsletters.server";

/** Length of the plain-text teaser under a newsletter's subject in the archive. */
const DESCRIPTION_CHARS = 200;

/**
 * Markdown read for the teaser: enough for 200 characters of text even with links and
 * formatting, without reading whole bodies (up to 50,000 characters) for a list.
 */
const DESCRIPTION_SOURCE_CHARS = 2000;

/** `newsletters.id` is a PostgreSQL integer: a larger number in a URL names no row. */
const MAX_ID = 2_147_483_647;

/** What the public may read: sent, and the admin ticked "Show in the public archive". */
const PUBLIC = and(eq(newsletters.status, "sent"), eq(newsletters.inArchive, true));

/** A Markdown block that is not prose: a heading, a list, a quote, code or a table. */
const NOT_PROSE = /^\s*(#|[-*+]\s|\d+[.)]\s|>|```|~~~|\|)/;

/**
 * The first ~200 characters of the newsletter's prose (its headings and lists read badly
 * run together), cut at a word, with an ellipsis when cut.
 */
function teaser(markdown: string): string {
  const prose = markdown.split(/\n\s*\n/).filter((block) => !NOT_PROSE.test(block));
  const text = markdownToText(prose.length ? prose.join("\n\n") : markdown)
    // Inline markup leaves a space where its tag was: "*rather*, with" → "rather , with".
    .replace(/\( /g, "(")
    .replace(/ ([,.;:!?)])/g, "$1");
  if (text.length <= DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_CHARS);
  const space = cut.lastIndexOf(" ");
  const kept = space > DESCRIPTION_CHARS / 2 ? cut.slice(0, space) : cut;
  return `${kept.replace(/[\s,;:]+$/, "")}…`;
}

/** The id in a URL as a row id, or null when it cannot be one ("abc", "1e3", "0", "99999999999"). */
export function parseNewsletterId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** Newsletters sent from the admin panel that the public archive lists, newest first. */
export async function archivedNewsletters(services: Services) {
  const rows = await services.db
    .select({
      id: newsletters.id,
      subject: newsletters.subject,
      sentAt: newsletters.sentAt,
      start: sql<string>`left(${newsletters.body}, ${DESCRIPTION_SOURCE_CHARS})`,
    })
    .from(newsletters)
    .where(PUBLIC)
    .orderBy(desc(newsletters.sentAt), desc(newsletters.id));
  return rows.flatMap((row) =>
    row.sentAt
      ? [
          {
            id: row.id,
            subject: row.subject,
            sentAt: row.sentAt.toISOString(),
            description: teaser(row.start),
          },
        ]
      : [],
  );
}

/**
 * One newsletter of the public archive, its body as sanitised HTML; null when the id names
 * none the public may read (unknown, not sent yet, kept out of the archive, or no id at all).
 */
export async function archivedNewsletter(services: Services, idParam: string) {
  const id = parseNewsletterId(idParam);
  if (id === null) return null;
  const [row] = await services.db
    .select({
      id: newsletters.id,
      subject: newsletters.subject,
      body: newsletters.body,
      sentAt: newsletters.sentAt,
    })
    .from(newsletters)
    .where(and(eq(newsletters.id, id), PUBLIC));
  if (!row?.sentAt) return null;
  return {
    id: row.id,
    subject: row.subject,
    sentAt: row.sentAt.toISOString(),
    description: teaser(row.body),
    html: newsletterHtml(row.body),
  };
}
