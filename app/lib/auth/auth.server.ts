import type { Clock } from "~/lib/clock";
import { createHash } from "node:crypto";
import { DAY_S } from "../time";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import * as schema from "@db/schema";
import type { Database } from "../db.server";
import type { Env } from "../env.server";
import type { I18nCatalog } from "../i18n/catalog.server";
import { preferredLocale, LOCALE_COOKIE, readCookie } from "../i18n/detect";
import { normalizeLocale } from "../i18n/locales";
import type { Logger } from "../log.server";
import type { MailKind } from "../mail-kinds";
import { mailBrand, renderMail } from "../mail-templates.server";
import type { Mailer } from "../mail.server";
import { googleEndpointsAt } from "./google-endpoints.server";
import { hashPassword, verifyPassword } from "./password.server";
import { ROLE } from "./roles";
import { authSchemaOptions } from "./schema-options";

/** Sessions last as long as browsers keep cookies: 400 days (see docs/decisions/003). */
const SESSION_MAX_AGE_S = 400 * DAY_S;
const SESSION_COOKIE_PREFIX = "parley";
const VERIFICATION_EXPIRES_S = DAY_S;
const RESET_EXPIRES_S = 60 * 60;

/** One trial per person: the hash of the normalised address survives re-registration. */
export function emailHash(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  const base = local.split("+")[0] ?? "";
  const normalizedLocal = gmail ? base.replace(/\./g, "") : base;
  return createHash("sha256")
    .update(`${normalizedLocal}@${gmail ? "gmail.com" : domain}`)
    .digest("hex");
}

/**
 * Server-side tasks (the demo seed and `create-admin`, which run before the server takes
 * traffic) ask for a set-password link to print instead of mailing it. better-auth calls its
 * mail callbacks outside the caller's async context, so requests are keyed by address.
 */
export type LinkCaptures = Map<string, { url?: string }>;

export async function captureSetPasswordLink(
  captures: LinkCaptures,
  email: string,
  request: () => Promise<unknown>,
): Promise<string | undefined> {
  const key = email.trim().toLowerCase();
  const slot: { url?: string } = {};
  captures.set(key, slot);
  try {
    await request();
  } finally {
    captures.delete(key);
  }
  return slot.url;
}

export interface AuthDeps {
  env: Env;
  db: Database;
  log: Logger;
  mail: Mailer;
  i18n: I18nCatalog;
  secret: string;
  linkCaptures: LinkCaptures;
  /** Parley's own timestamps (consents); better-auth keeps session times on the real clock. */
  clock: Clock;
  /** The operator's details for the mails' footers (Admin → Site settings). */
  operator?: () => { legalName: string | null; address: string | null; supportEmail: string };
}

async function recipientLocale(db: Database, userId: string, request?: Request): Promise<string> {
  const rows = await db
    .select({ locale: schema.userData.locale })
    .from(schema.userData)
    .where(eq(schema.userData.userId, userId));
  const stored = normalizeLocale(rows[0]?.locale);
  if (stored) return stored;
  return preferredLocale({
    cookie: readCookie(request?.headers.get("cookie"), LOCALE_COOKIE),
    acceptLanguage: request?.headers.get("accept-language"),
  });
}

export function createAuth(deps: AuthDeps) {
  const { env, db, log, mail, i18n, operator } = deps;
  const origin = env.appOrigin;

  async function sendAccountMail(
    kind: MailKind,
    user: { id: string; email: string; firstName?: unknown },
    url: string | undefined,
    request?: Request,
  ) {
    const locale = await recipientLocale(db, user.id, request);
    const message = await renderMail(i18n, locale, kind, user.email, {
      firstName: typeof user.firstName === "string" ? user.firstName : undefined,
      url,
      brand: mailBrand(env, operator?.()),
    });
    try {
      await mail.send(message);
    } catch (error) {
      // The request must not reveal whether the address exists; the failure goes to the log.
      log.error({ err: error, kind }, "sending account mail failed");
    }
  }

  return betterAuth({
    appName: "Parley",
    baseURL: origin,
    basePath: "/api/auth",
    secret: deps.secret,
    trustedOrigins: [origin],
    database: drizzleAdapter(db, { provider: "pg", usePlural: true, schema }),
    user: {
      ...authSchemaOptions.user,
      changeEmail: { enabled: true },
      deleteUser: { enabled: true },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_S,
      updateAge: DAY_S,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_EXPIRES_S,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        const url = `${origin}/auth/recovery/${encodeURIComponent(token)}`;
        const capture = deps.linkCaptures.get(user.email.toLowerCase());
        if (capture) {
          capture.url = url;
          return;
        }
        await sendAccountMail("recovery", user, url, request);
      },
      onPasswordReset: async ({ user }, request) => {
        await sendAccountMail("passwordChanged", user, `${origin}/auth/recovery`, request);
      },
      onExistingUserSignUp: async ({ user }, request) => {
        await sendAccountMail("alreadyRegistered", user, `${origin}/auth/sign-in`, request);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_EXPIRES_S,
      sendVerificationEmail: async ({ user, token }, request) => {
        await sendAccountMail(
          "verifyEmail",
          user,
          `${origin}/auth/verify/${encodeURIComponent(token)}`,
          request,
        );
      },
    },
    socialProviders:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              redirectURI: `${origin}/auth/confirm`,
              mapProfileToUser: (profile) => ({
                firstName: profile.given_name ?? profile.name?.split(" ")[0] ?? "",
                lastName: profile.family_name ?? profile.name?.split(" ").slice(1).join(" ") ?? "",
              }),
            },
          }
        : {},
    // better-auth's own messages (a sign-up that lost a race for its address, a failed
    // callback) go to the app's log, not to the console.
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const entry = { source: "better-auth", details: args.map(String) };
        if (level === "error") log.error(entry, message);
        else if (level === "warn") log.warn(entry, message);
        else log.info(entry, message);
      },
    },
    // Tests and local stand-ins: the Google provider talks to GOOGLE_OAUTH_URL instead.
    plugins:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_OAUTH_URL ? [googleEndpointsAt(env.GOOGLE_OAUTH_URL)] : [],
    // Abuse limits are enforced by Parley's own database counters (lib/rate-limit.server.ts)
    // in the actions, keyed as the product needs (per IP, per account, per address).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: env.NODE_ENV === "production" && origin.startsWith("https:"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: "/" },
      ipAddress: env.TRUSTED_PROXY_HEADER
        ? { ipAddressHeaders: [env.TRUSTED_PROXY_HEADER] }
        : { disableIpTracking: false },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user, context) => {
            // Server-side API calls carry the browser's headers but no Request object.
            const headers = context?.request?.headers ?? context?.headers;
            const locale = preferredLocale({
              cookie: readCookie(headers?.get("cookie"), LOCALE_COOKIE),
              acceptLanguage: headers?.get("accept-language"),
            });
            await db
              .insert(schema.userData)
              .values({
                userId: user.id,
                role: ROLE.TEACHER,
                termsAcceptedAt: deps.clock.now(),
                emailHash: emailHash(user.email),
                locale,
              })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
