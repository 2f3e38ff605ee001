import { parse, stringify } from "yaml";

export interface ParsedDocument {
  data: Record<string, unknown>;
  body: string;
}

/** Splits a Markdown file into its YAML front matter and body. */
export function parseFrontMatter(source: string): ParsedDocument {
  const text = source.replace(/^\uFEFF/, "");
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { data: {}, body: text };
  const data = parse(match[1] ?? "") as unknown;
  if (data !== null && typeof data !== "object")
    throw new Error("Front matter must be a YAML mapping");
  return { data: (data ?? {}) as Record<string, unknown>, body: match[2] ?? "" };
}

/** The other way: front matter and body written back as one Markdown file. */
export function formatFrontMatter(data: Record<string, unknown>, body: string): string {
  const yaml = stringify(data, { lineWidth: 0 }).trimEnd();
  return `---\n${yaml}\n---\n\n${body.trim()}\n`;
}
