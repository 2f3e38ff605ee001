import { z } from "~/lib/zod";
import { CEFR_LEVELS } from "~/features/library";

/** A new class: its name, and its CEFR level (anything else is no level). Browser and server. */
export const ClassSchema = z.object({
  name: z.string().trim().min(1).max(80),
  level: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => ((CEFR_LEVELS as readonly string[]).includes(v) ? v : null)),
});
