import { z } from "~/lib/zod";
import { EmailSchema, PASSWORD_MAX, PASSWORD_MIN } from "~/features/auth";
import { AVATAR_PICTURES } from "~/features/account/avatar-images";
import { LANGUAGES } from "~/lib/i18n/locales";
import { COUNTRY_CODES } from "./countries";

/**
 * The avatars a user can pick (spec §3: a number, default 1): one per picture drawn in
 * art/avatars/ (scripts/render-avatars.mjs counts them).
 */
export const AVATAR_COUNT = AVATAR_PICTURES;

const name = z.string().trim().min(1).max(60);
const checkbox = z.literal("on").optional();

export const ProfileSchema = z.object({
  firstName: name,
  lastName: name,
  avatar: z.coerce.number().int().min(1).max(AVATAR_COUNT),
});

export const EmailChangeSchema = z.object({
  newEmail: EmailSchema,
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
});

export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX),
    newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
    confirmPassword: z.string().min(1).max(PASSWORD_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    params: { mismatch: true },
  });

export const ConsentsSchema = z.object({
  marketing: checkbox,
  app: checkbox,
});

export const PreferencesSchema = z.object({
  locale: z.enum(LANGUAGES.map((l) => l.code) as [string, ...string[]]),
  countryCode: z.union([z.literal(""), z.enum(COUNTRY_CODES as [string, ...string[]])]),
});

export const RevokeSessionSchema = z.object({
  sessionId: z.string().min(1).max(100),
});

export const DeleteAccountSchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX),
  confirm: z.literal("on"),
});

/** Notification kinds kept on: a checkbox per kind, checked = wanted. */
export const NotificationPrefsSchema = z.object({
  lesson: z.string().optional(),
  exercises: z.string().optional(),
  trial: z.string().optional(),
  school: z.string().optional(),
  support: z.string().optional(),
});
