import { z } from "~/lib/zod";
import { parseTrustedProxies } from "./proxy.server";

/**
 * Every environment variable Parley reads, validated once at start.
 * `.env.example` documents each one; keep the two in step.
 */
const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"])
  .transform((v) => v === "1" || v === "true" || v === "yes" || v === "on");

const optionalString = z.string().trim().min(1).optional();

const originSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === "http:" || url.protocol === "https:") &&
        url.origin === value.replace(/\/$/, "")
      );
    } catch {
      return false;
    }
  }, "must be an origin such as https://parley.example (scheme, host and optional port, no path)")
  .transform((v) => new URL(v).origin);

const dateSchema = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO date such as 2024-09-01")
  .transform((v) => new Date(v));

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_APP_ORIGIN: originSchema.optional(),
  PUBLIC_BACKEND_ORIGIN: originSchema.optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUSTED_PROXY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, "must be an HTTP header name such as x-forwarded-for")
    .optional(),
  TRUSTED_PROXIES: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      try {
        parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .optional(),
  AUTH_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
  MAINTENANCE_MODE: booleanFlag.default(false),
  ROOT_REDIRECT: z
    .string()
    .trim()
    .refine(
      (v) => v.startsWith("/") && !v.startsWith("//") && !v.includes("\\"),
      "must be a path starting with /",
    )
    .optional(),
  SEED_DEMO_DATA: booleanFlag.default(true),
  SUPPORT_EMAIL: z.email().default("support@parley.example"),
  MAIL_FROM: z.string().trim().min(3).default("Parley <no-reply@parley.example>"),
  /** The operator's legal name and postal address, printed in every mail's footer. */
  OPERATOR_DETAILS: z.string().trim().min(3).max(300).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_OAUTH_URL: z.url().optional(),
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_SECRET_KEY: optionalString,
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET_KEY: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: z.url().optional(),
  BETA_END_DATE: dateSchema.default(new Date("2023-01-01T00:00:00Z")),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /**
   * Whether this instance works the job queue (mail delivery, periodic jobs). "off" makes
   * a web-only instance: it still enqueues; another instance delivers.
   */
  JOBS: z.enum(["on", "off"]).default("on"),
  /** First retry delay of a mail SMTP did not take, in seconds; it doubles at each attempt. */
  MAIL_RETRY_DELAY_S: z.coerce.number().int().min(1).max(3600).default(30),
  /** Attempts after the first before a mail counts as failed and goes to the admin's list. */
  MAIL_RETRIES: z.coerce.number().int().min(0).max(20).default(10),
  /** A mail worker silent this long (seconds) is taken for dead and its mail retried. */
  MAIL_LEASE_S: z.coerce.number().int().min(1).max(3600).default(120),
  /** Published reviews needed before the landing shows their average instead of PUBLIC_RATING. */
  PUBLIC_RATING_MIN_REVIEWS: z.coerce.number().int().min(1).max(100_000).default(20),
  PUBLIC_RATING: z.coerce.number().min(1).max(5).default(4.9),
  RATING_COUNT_BASE_DATE: dateSchema.default(new Date("2022-01-01T00:00:00Z")),
  /** Testing and staging: the app's clock starts at this instant and runs on from there. */
  CLOCK_START: z
    .string()
    .trim()
    .refine(
      (v) => !Number.isNaN(Date.parse(v)),
      "must be an ISO 8601 instant such as 2026-06-15T09:00:00Z",
    )
    .transform((v) => new Date(v))
    .optional(),
  /** The largest request body the server reads (a route may allow less); larger is a 413. */
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(25_000),
});

export type Env = z.infer<typeof EnvSchema> & {
  /** Resolved public origin of this app, used in mail links and for CSRF origin checks. */
  appOrigin: string;
};

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(
      `Invalid configuration. Fix these environment variables and start again:\n${issues
        .map((i) => `  - ${i}`)
        .join("\n")}`,
    );
    this.name = "EnvError";
  }
}

/** Validates the whole environment at once and names every invalid variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as in `.env.example`.
  const present = Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== "",
    ),
  );
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "(environment)";
      const value = source[String(issue.path[0])];
      const shown = value === undefined ? "" : ` (got ${JSON.stringify(value.slice(0, 60))})`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new EnvError(issues);
  }
  const env = result.data;
  const problems: string[] = [];
  if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither");
  }
  if (env.GOOGLE_OAUTH_URL !== undefined && env.GOOGLE_CLIENT_ID === undefined) {
    problems.push("GOOGLE_OAUTH_URL: only used with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET");
  }
  if ((env.RECAPTCHA_SITE_KEY === undefined) !== (env.RECAPTCHA_SECRET_KEY === undefined)) {
    problems.push("RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY: set both or neither");
  }
  if ((env.TURNSTILE_SITE_KEY === undefined) !== (env.TURNSTILE_SECRET_KEY === undefined)) {
    problems.push("TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY: set both or neither");
  }
  if (env.STRIPE_SECRET_KEY !== undefined && env.STRIPE_WEBHOOK_SECRET === undefined) {
    problems.push("STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set");
  }
  if (problems.length > 0) throw new EnvError(problems);
  const displayHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const appOrigin =
    env.PUBLIC_APP_ORIGIN ??
    `http://${displayHost === "127.0.0.1" ? "localhost" : displayHost}:${env.PORT}`;
  return { ...env, appOrigin };
}

/**
 * The explicit allowlist of configuration the browser may see. Nothing else from the
 * environment is ever serialised into a page.
 */
export function getPublicEnv(env: Env) {
  return {
    appOrigin: env.appOrigin,
    backendOrigin: env.PUBLIC_BACKEND_ORIGIN ?? env.appOrigin,
    supportEmail: env.SUPPORT_EMAIL,
    googleSignIn: env.GOOGLE_CLIENT_ID !== undefined,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY ?? null,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY ?? null,
    paymentsEnabled: env.STRIPE_SECRET_KEY !== undefined,
  };
}

export type PublicEnv = ReturnType<typeof getPublicEnv>;
