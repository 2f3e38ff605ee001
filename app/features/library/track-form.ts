import { FrontMatterSchemas } from "~/features/content";
import { z } from "~/lib/zod";
import { SLUG_RE } from "./vocabulary";

/**
 * The listening-track editor's form (issue 15 item 3): the transcript file's front matter,
 * checked with the content files' own schema, and its Markdown (the transcript and the
 * questions around it).
 */
export const TrackEditorSchema = z.object({
  slug: z.string().regex(SLUG_RE).min(3).max(80),
  record: FrontMatterSchemas.transcript,
  body: z.string().trim().min(50).max(60_000),
});

const asNumber = (value: unknown) =>
  typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;

/** The form tree as the schema reads it: a number, a checkbox, empty lists as lists. */
export function trackInput(tree: Record<string, unknown>): Record<string, unknown> {
  const record = { ...((tree.record as Record<string, unknown>) ?? {}) };
  record.durationSeconds = asNumber(record.durationSeconds);
  record.isFree = record.isFree === "on";
  record.topics ??= [];
  record.voices ??= [];
  return { slug: tree.slug ?? "", record, body: tree.body ?? "" };
}
