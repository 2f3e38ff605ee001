import { parseUtcDateTimeLocal } from "~/lib/time";
import { z } from "~/lib/zod";

/**
 * The admin panel's maintenance switch: on or off, an optional note to visitors and an
 * optional expected end (a datetime-local value, read as UTC). Checked in the browser and
 * again by the server, which also refuses an end already past.
 */
export const MaintenanceSchema = z
  .object({
    // A checkbox: sent as "on" when ticked, absent when not.
    enabled: z.literal("on").optional(),
    message: z.string().trim().max(500).default(""),
    until: z.string().trim().max(30).default(""),
  })
  .refine((v) => !v.until || parseUtcDateTimeLocal(v.until) !== null, {
    path: ["until"],
    params: { key: "adminSettings.error.until" },
  });
