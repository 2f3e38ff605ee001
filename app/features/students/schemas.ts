import { optionalEmailField, z } from "~/lib/zod";
import { CEFR_LEVELS } from "~/features/library";
import { fieldErrors, type FieldMessage } from "~/lib/validation/messages";

/** Tags typed as "exam, business; kids" → ["exam", "business", "kids"]. */
function splitTags(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[,;|]/)
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** A student of the roster, as typed in the form or a CSV row (spec §5 messages). */
export const StudentSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: optionalEmailField().transform((v) => v || null),
  level: z
    .string()
    .trim()
    .toUpperCase()
    .default("")
    .refine((v) => v === "" || (CEFR_LEVELS as readonly string[]).includes(v), {
      params: { key: "students.error.level" },
    })
    .transform((v) => v || null),
  goals: z.string().trim().max(2000).default(""),
  notes: z.string().trim().max(5000).default(""),
  tags: z
    .string()
    .default("")
    .transform(splitTags)
    .refine((tags) => tags.length <= 10 && tags.every((t) => t.length <= 30), {
      params: { key: "students.error.tags" },
    }),
});

export type StudentInput = z.infer<typeof StudentSchema>;

const HEADER_ALIASES: Record<string, keyof StudentInput> = {
  name: "name",
  "full name": "name",
  student: "name",
  email: "email",
  "e-mail": "email",
  level: "level",
  cefr: "level",
  goals: "goals",
  goal: "goals",
  notes: "notes",
  note: "notes",
  tags: "tags",
  tag: "tags",
};

export interface CsvRowResult {
  /** 1-based line number in the file, counting the header. */
  line: number;
  input: Record<string, string>;
  student: StudentInput | null;
  errors: Record<string, FieldMessage>;
}

const MAX_IMPORT_ROWS = 500;

/**
 * Reads a roster CSV (header row first, columns in any order). Each row is validated on its
 * own, so good rows import and bad rows are reported with their line and field. Null when
 * the header has no name column.
 */
export function readRoster(rows: string[][]): { columns: string[]; rows: CsvRowResult[] } | null {
  const [header, ...body] = rows;
  if (!header) return null;
  const columns = header.map((h) => HEADER_ALIASES[h.trim().toLowerCase()] ?? "");
  if (!columns.includes("name")) return null;
  return {
    columns: columns.filter(Boolean),
    rows: body.slice(0, MAX_IMPORT_ROWS).map((cells, i) => {
      const input: Record<string, string> = {};
      columns.forEach((column, c) => {
        if (column) input[column] = (cells[c] ?? "").trim();
      });
      const parsed = StudentSchema.safeParse(input);
      return {
        line: i + 2,
        input,
        student: parsed.success ? parsed.data : null,
        errors: parsed.success ? {} : fieldErrors(parsed.error, input),
      };
    }),
  };
}
