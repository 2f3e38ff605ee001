import { parse } from "yaml";

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
