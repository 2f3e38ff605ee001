import { createHash } from "node:crypto";
import type { z } from "zod";
import { parse as parseYaml } from "yaml";
import { parseFrontMatter } from "~/lib/content/front-matter";
import { markdownToText, renderMarkdownDocument } from "~/lib/content/markdown";
import { localizePath } from "~/lib/routing/paths";
import {
  COLLECTIONS,
  CONTENT_LOCALES,
  FrontMatterSchemas,
  LOCALIZED_COLLECTIONS,
  type CollectionName,
} from "./collections";
import { columnsOf, type Row } from "./columns";
import { PromotionsSchema } from "~/features/membership";

/** Info files with a known shape are checked against it (others are free-form data). */
const INFO_SCHEMAS: Record<string, z.ZodType> = { promotions: PromotionsSchema };

/**
 * Turns the files under content/ into the rows of the collection tables. Pure: it gets
 * the files as (path, text) pairs, so the server (files bundled at build), the content check
 * script (files read from disk) and tests share it. Every problem names the file and the
 * field; one bad file fails the whole build.
 */

export interface SourceFile {
  /** Relative to content/, with forward slashes: "blog/en/some-post.md". */
  path: string;
  text: string;
}

export interface BuiltCollection<C extends CollectionName = CollectionName> {
  name: C;
  rows: Row<C>[];
  /** Changes whenever the table's columns or any row changes. */
  version: string;
}

export class ContentBuildError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid content:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ContentBuildError";
  }
}

const WORDS_PER_MINUTE = 200;

function readingMinutes(markdown: string): number {
  const words = markdownToText(markdown).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

function toIso(value: string): string {
  return new Date(value).toISOString();
}

function hash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);
}

function collectionOf(path: string): CollectionName | null {
  const first = path.split("/")[0] ?? "";
  return (COLLECTIONS as readonly string[]).includes(first) ? (first as CollectionName) : null;
}

interface Parsed {
  file: string;
  locale: string;
  slug: string;
  stem: string;
  extension: string;
  data: Record<string, unknown>;
  body: string;
}

function pageColumns(p: Parsed, fm: { title: string; description: string }, extra: unknown) {
  const { html, toc } = renderMarkdownDocument(p.body);
  const seo = (p.data.seo ?? {}) as { title?: string; description?: string };
  return {
    id: `${p.file}`,
    stem: p.stem,
    title: fm.title,
    description: fm.description,
    body: html,
    extension: p.extension,
    meta: { toc, ...(extra as object) },
    navigation: (p.data.navigation as unknown) ?? true,
    seo: { title: seo.title ?? fm.title, description: seo.description ?? fm.description },
  };
}

/** Builds one file into a row, or throws the list of its problems. */
function buildRow(collection: CollectionName, p: Parsed): Record<string, unknown> {
  const schema = FrontMatterSchemas[collection];
  const result = schema.safeParse(p.data);
  if (!result.success) {
    throw new ContentBuildError(
      result.error.issues.map(
        (i) => `content/${p.file}: ${i.path.join(".") || "(front matter)"}: ${i.message}`,
      ),
    );
  }
  const local = (path: string) => localizePath(path, p.locale);
  switch (collection) {
    case "info": {
      const schema = INFO_SCHEMAS[p.stem];
      const checked = schema?.safeParse(p.data);
      if (checked && !checked.success)
        throw new ContentBuildError(
          checked.error.issues.map(
            (i) => `content/${p.file}: ${i.path.join(".") || "(data)"}: ${i.message}`,
          ),
        );
      return { id: p.file, stem: p.stem, extension: p.extension, meta: result.data };
    }
    case "changelog": {
      const fm = FrontMatterSchemas.changelog.parse(p.data);
      return {
        ...pageColumns(p, fm, {}),
        path: `/dashboard/features#${p.slug}`,
        publishedAt: toIso(fm.publishedAt),
        tags: fm.tags,
      };
    }
    case "blog": {
      const fm = FrontMatterSchemas.blog.parse(p.data);
      return {
        ...pageColumns(p, fm, {}),
        path: local(`/blog/${p.slug}`),
        locale: p.locale,
        slug: p.slug,
        cover: fm.cover,
        coverAlt: fm.coverAlt,
        publishedAt: toIso(fm.publishedAt),
        tags: fm.tags,
        author: fm.author,
        readingMinutes: readingMinutes(p.body),
      };
    }
    case "landing": {
      const fm = FrontMatterSchemas.landing.parse(p.data);
      return {
        ...pageColumns(p, fm, { hero: fm.hero }),
        path: local(`/${p.slug}`),
        locale: p.locale,
        slug: p.slug,
        name: fm.name,
        en: fm.en,
      };
    }
    case "legal": {
      const fm = FrontMatterSchemas.legal.parse(p.data);
      return {
        ...pageColumns(p, fm, {}),
        path: `/legal/${p.slug}`,
        locale: p.locale,
        slug: p.slug,
        metaTitle: fm.metaTitle,
        updatedAt: toIso(fm.updatedAt),
      };
    }
    case "faq": {
      const fm = FrontMatterSchemas.faq.parse(p.data);
      return {
        ...pageColumns(p, fm, {}),
        path: `${local("/faq")}#${p.slug}`,
        locale: p.locale,
        slug: p.slug,
        question: fm.question,
        category: fm.category,
        position: fm.order,
      };
    }
    case "newsletter": {
      const fm = FrontMatterSchemas.newsletter.parse(p.data);
      return {
        ...pageColumns(p, fm, {}),
        path: `/newsletter/${p.slug}`,
        slug: p.slug,
        publishedAt: toIso(fm.publishedAt),
        issue: fm.issue,
      };
    }
    case "email": {
      const fm = FrontMatterSchemas.email.parse(p.data);
      return {
        ...pageColumns(p, fm, {}),
        path: null,
        locale: p.locale,
        slug: p.slug,
        subject: fm.subject,
        stream: fm.stream,
        account: fm.account,
        country: fm.country,
        interval: fm.interval,
        scheduled: fm.scheduled ? toIso(fm.scheduled) : null,
        valid: fm.valid ? toIso(fm.valid) : null,
      };
    }
    case "transcript": {
      const fm = FrontMatterSchemas.transcript.parse(p.data);
      return {
        ...pageColumns(p, fm, {}),
        path: `/dashboard/audio#${p.slug}`,
        slug: p.slug,
        level: fm.level,
        topics: fm.topics,
        audio: fm.audio,
        durationSeconds: fm.durationSeconds,
        voices: fm.voices,
        isFree: fm.isFree,
        publishedAt: toIso(fm.publishedAt),
      };
    }
  }
}

function parseFile(collection: CollectionName, file: SourceFile): Parsed {
  const rel = file.path.slice(collection.length + 1);
  const extension = rel.split(".").pop() ?? "";
  const stem = rel.slice(0, -(extension.length + 1));
  const parts = stem.split("/");
  const localized = LOCALIZED_COLLECTIONS.includes(collection);
  const problems: string[] = [];
  if (collection === "info") {
    if (extension !== "yml" && extension !== "yaml")
      problems.push(`content/${file.path}: info files are YAML (.yml)`);
  } else if (extension !== "md") problems.push(`content/${file.path}: expected a .md file`);
  if (
    localized &&
    (parts.length !== 2 || !(CONTENT_LOCALES as readonly string[]).includes(parts[0] ?? ""))
  )
    problems.push(`content/${file.path}: put it under ${collection}/en/ or ${collection}/pl/`);
  if (!localized && collection !== "info" && parts.length !== 1)
    problems.push(
      `content/${file.path}: ${collection} files sit directly in content/${collection}/`,
    );
  const slug = parts[parts.length - 1] ?? "";
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
    problems.push(`content/${file.path}: file names are lowercase words joined by hyphens`);
  if (problems.length) throw new ContentBuildError(problems);
  let data: Record<string, unknown>;
  let body = "";
  try {
    if (collection === "info") {
      const parsed = parseYaml(file.text) as unknown;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
        throw new Error("expected a YAML mapping");
      data = parsed as Record<string, unknown>;
    } else {
      ({ data, body } = parseFrontMatter(file.text));
    }
  } catch (error) {
    throw new ContentBuildError([`content/${file.path}: ${(error as Error).message}`]);
  }
  if (collection !== "info" && collection !== "email" && markdownToText(body).length < 40)
    throw new ContentBuildError([`content/${file.path}: body: the body is (nearly) empty`]);
  return {
    file: file.path,
    locale: localized ? (parts[0] ?? "en") : "en",
    slug,
    stem,
    extension,
    data,
    body,
  };
}

/** Every collection built from the given files (collections without files are empty). */
export function buildCollections(files: readonly SourceFile[]): {
  [C in CollectionName]: BuiltCollection<C>;
} {
  const rows = new Map<CollectionName, Record<string, unknown>[]>(COLLECTIONS.map((c) => [c, []]));
  const problems: string[] = [];
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const collection = collectionOf(file.path);
    if (!collection) continue;
    try {
      const parsed = parseFile(collection, file);
      rows.get(collection)?.push(buildRow(collection, parsed));
    } catch (error) {
      if (error instanceof ContentBuildError) problems.push(...error.problems);
      else throw error;
    }
  }
  if (problems.length) throw new ContentBuildError(problems);
  const built = {} as { [C in CollectionName]: BuiltCollection<C> };
  for (const name of COLLECTIONS) {
    const list = (rows.get(name) ?? []).sort((a, b) =>
      String(a.stem) < String(b.stem) ? -1 : String(a.stem) > String(b.stem) ? 1 : 0,
    );
    const version = hash({ columns: columnsOf(name), rows: list });
    (built as Record<CollectionName, BuiltCollection>)[name] = {
      name,
      rows: list as Row<typeof name>[],
      version,
    };
  }
  return built;
}
