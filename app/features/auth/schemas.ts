import { z } from "~/lib/zod";

/** Password policy (OWASP ASVS v5): length only, no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RECOMMENDED = 12;

const requiredText = (max: number) => z.string().trim().min(1).max(max);
export const EmailSchema = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .pipe(z.email())
  .transform((v) => v.toLowerCase());
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
const checkbox = z.literal("on");

export const SignUpSchema = z.object({
  firstName: requiredText(60),
  lastName: requiredText(60),
  email: EmailSchema,
  password,
  terms: checkbox,
  marketingNewsletter: checkbox.optional(),
  appNewsletter: checkbox.optional(),
  captcha: z.string().max(8000).optional(),
});

/**
 * A student's account from a class's join link: the sign-up form without the newsletters.
 * The consent checkbox says whose consent it is (students may be minors).
 */
export const JoinSignUpSchema = SignUpSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  password: true,
  terms: true,
  captcha: true,
});

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
  redirectTo: z.string().max(2000).optional(),
  /** Required once the account has had too many failed sign-ins. */
  captcha: z.string().max(8000).optional(),
});

export const RecoverySchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({ password, confirmPassword: z.string().min(1).max(PASSWORD_MAX) })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    params: { mismatch: true },
  });

export const ResendVerificationSchema = z.object({ email: EmailSchema });
