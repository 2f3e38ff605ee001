import { parseUtcDateTimeLocal } from "~/lib/time";
import { z } from "~/lib/zod";

/** The two streams a teacher agrees to separately (users.*NewsletterAcceptedAt). */
export const AUDIENCES = ["marketing", "app"] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * A newsletter as the admin writes it; checked in the browser and again by the server. (The
 * button pressed, preview or send, is read apart: the browser's check sees no submitter.)
 */
export const NewsletterSchema = z
  .object({
    subject: z.string().trim().min(3).max(200),
    body: z.string().trim().min(20).max(50_000),
    audience: z.enum(AUDIENCES),
    when: z.enum(["now", "later"]),
    scheduledFor: z.string().trim().max(30).default(""),
    // A checkbox: sent as "on" when ticked, absent when not.
    inArchive: z.literal("on").optional(),
    // The Polish version, optional: both fields or neither.
    subjectPl: z.string().trim().max(200).default(""),
    bodyPl: z.string().trim().max(50_000).default(""),
  })
  .refine((v) => v.when === "now" || parseUtcDateTimeLocal(v.scheduledFor) !== null, {
    path: ["scheduledFor"],
    params: { key: "adminNewsletters.error.date" },
  })
  .refine((v) => !v.bodyPl || v.subjectPl.length >= 3, {
    path: ["subjectPl"],
    params: { key: "adminNewsletters.error.translationSubject" },
  })
  .refine((v) => !v.subjectPl || v.bodyPl.length >= 20, {
    path: ["bodyPl"],
    params: { key: "adminNewsletters.error.translationBody" },
  });

/** The newsletter's versions in other languages, from the form (only those written). */
export function translationsOf(input: {
  subjectPl: string;
  bodyPl: string;
}): Record<string, { subject: string; body: string }> {
  return input.subjectPl && input.bodyPl
    ? { pl: { subject: input.subjectPl, body: input.bodyPl } }
    : {};
}
