import { FrontMatterSchemas } from "~/features/content";
import { z } from "~/lib/zod";

/**
 * The changelog editor's form (issue 15 item 4): an entry's front matter, checked with the
 * content files' own schema, and its Markdown. A new entry's id is its address in the lab.
 */
export const ChangelogEditorSchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .min(3)
    .max(80),
  record: FrontMatterSchemas.changelog,
  body: z.string().trim().min(20).max(30_000),
});

/** The form as the schema reads it: tags typed with commas become a list. */
export function changelogInput(tree: Record<string, unknown>): Record<string, unknown> {
  const record = { ...((tree.record as Record<string, unknown>) ?? {}) };
  record.tags =
    typeof record.tags === "string"
      ? record.tags
          .split(",")
          .map((tag) => tag.trim().toLowerCase())
          .filter(Boolean)
      : [];
  return { slug: tree.slug ?? "", record, body: tree.body ?? "" };
}
