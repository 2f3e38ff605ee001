import { APIError } from "better-auth/api";
import { and, eq, isNull } from "drizzle-orm";
import { data, redirect, href } from "react-router";
import { trialGrants, userData, users } from "@db/schema";
import { emailHash } from "~/lib/auth/auth.server";
import { isCommonPassword } from "~/lib/auth/password.server";
import type { FormFailure } from "~/lib/forms";
import { hasRole, ROLE } from "~/lib/auth/roles";
import { consumeRate, peekRate, type RateDecision, type RateRule } from "~/lib/rate-limit.server";
import { ACCESS_CHANGED_EVENT } from "~/lib/realtime.server";
import { safeRedirectTarget } from "~/lib/routing/redirect";
import { clearCookie, oauthTargetCookie, signedUpCookie } from "~/lib/routing/cookies";
import type { Services } from "~/lib/services.server";
import { mailBrand, renderMail } from "~/lib/mail-templates.server";
import { rosterVerifiedStudent } from "~/features/classes/index.server";
import { CAPTCHA_SCORES, scoreCaptcha } from "./captcha.server";
import { LIMITS } from "./limits";
import type { ResetPasswordSchema, SignInSchema, SignUpSchema } from "./schemas";
import type { z } from "zod";
import { addDays } from "~/lib/time";

/** A form answer for too many attempts: 429 with Retry-After and a readable message. */
function rateLimited(decision: RateDecision, values: Record<string, string> = {}) {
  return data<FormFailure>(
    {
      errors: {},
      values,
      formError: { key: "auth.tooManyRequests", values: { count: decision.retryAfterS } },
    },
    { status: 429, headers: { "Retry-After": String(decision.retryAfterS) } },
  );
}

function failure(status: number, failure: FormFailure) {
  return data<FormFailure>(failure, { status });
}

export type SignUpInput = z.infer<typeof SignUpSchema>;

export interface SignUpOptions {
  /** The per-address counter this form uses (a class join allows a whole class from one school network). */
  perIp?: { key: string; rule: RateRule };
  /** A student joining a class from its link: the account becomes a student account in it. */
  classId?: string;
}

async function addressTaken(services: Services, email: string): Promise<boolean> {
  const rows = await services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows.length > 0;
}

/**
 * Sign-up (the main form and a class's join link) answers the same way whether or not the
 * address already has an account: an existing owner gets an "already registered" mail
 * instead of a verification mail. The account works only once the address is verified.
 */
export async function signUp(
  services: Services,
  request: Request,
  ip: string,
  input: SignUpInput,
  values: Record<string, string>,
  options: SignUpOptions = {},
) {
  const perIpRule = options.perIp ?? { key: `signup:ip:${ip}`, rule: LIMITS.signUpPerIp };
  const perIp = await consumeRate(services.db, perIpRule.key, perIpRule.rule);
  if (!perIp.allowed) return rateLimited(perIp, values);
  if (isCommonPassword(input.password)) {
    return failure(400, { errors: { password: { key: "auth.passwordTooCommon" } }, values });
  }
  const perAddress = await consumeRate(
    services.db,
    `mail:verify:${input.email}`,
    LIMITS.mailsPerAddress,
  );
  if (!perAddress.allowed) return rateLimited(perAddress, values);

  const rcs = await scoreCaptcha(services, input.captcha, ip, "signup");
  const now = services.clock.now();
  let createdId = "";
  try {
    const result = await services.auth.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
        marketingNewsletterAcceptedAt: input.marketingNewsletter ? now : undefined,
        appNewsletterAcceptedAt: input.appNewsletter ? now : undefined,
      },
      headers: request.headers,
    });
    createdId = result.user.id;
  } catch (error) {
    // Two sign-ups with one address at once: the other request created the account (and
    // mailed it); this one answers as for any existing address.
    if (!(await addressTaken(services, input.email))) {
      if (error instanceof APIError && error.status === "BAD_REQUEST")
        return failure(400, { errors: { password: { key: "validation.invalid" } }, values });
      throw error;
    }
  }
  // The id of a synthetic answer (existing address) matches no row: nothing is written.
  if (createdId) {
    await services.db
      .update(userData)
      .set(options.classId ? { rcs, role: ROLE.STUDENT } : { rcs })
      .where(eq(userData.userId, createdId));
    if (options.classId)
      await services.db
        .update(users)
        .set({ classId: options.classId })
        .where(eq(users.id, createdId));
  }

  return data(
    { sent: true as const, email: input.email },
    { headers: { "Set-Cookie": await signedUpCookie.serialize("1") } },
  );
}

export type SignInInput = z.infer<typeof SignInSchema>;

/** The per-account counter of failed sign-ins (re-authentication counts on it too). */
export function failedSignInKey(email: string): string {
  return `signin:fail:${email.trim().toLowerCase()}`;
}

/** A sign-in answer that asks for the captcha (the account has had too many failures). */
export interface SignInFailure extends FormFailure {
  captchaRequired?: boolean;
}

/**
 * Tells the owner, once per lockout window and in their language, that their account had
 * many failed sign-ins and now asks for a captcha. Unknown addresses get nothing.
 */
async function warnOwnerOfFailedSignIns(services: Services, email: string) {
  const [owner] = await services.db
    .select({ firstName: users.firstName, locale: userData.locale })
    .from(users)
    .leftJoin(userData, eq(userData.userId, users.id))
    .where(eq(users.email, email));
  if (!owner) return;
  const once = await consumeRate(services.db, `mail:signin-locked:${email}`, {
    windowMs: LIMITS.failedSignInsPerAccount.windowMs,
    max: 1,
  });
  if (!once.allowed) return;
  const message = await renderMail(services.i18n, owner.locale ?? "en", "signInLocked", email, {
    firstName: owner.firstName || undefined,
    url: `${services.env.appOrigin}/auth/recovery`,
    brand: mailBrand(services.env, services.flags.getOperator()),
  });
  await services.mail
    .send(message)
    .catch((error: unknown) => services.log.error({ err: error }, "sign-in warning mail failed"));
}

/**
 * Signs in with email and password. Past the per-account limit of failed sign-ins the
 * account is not locked (that would lock its owner out too): every further attempt must
 * carry a solved captcha, which stops guessing at scale, and the owner is told by mail.
 */
export async function signIn(
  services: Services,
  request: Request,
  ip: string,
  input: SignInInput,
  values: Record<string, string>,
) {
  const perIp = await consumeRate(services.db, `signin:ip:${ip}`, LIMITS.signInPerIp);
  if (!perIp.allowed) return rateLimited(perIp, values);
  const failedKey = failedSignInKey(input.email);
  const failed = await peekRate(services.db, failedKey, LIMITS.failedSignInsPerAccount);
  if (!failed.allowed) {
    const score = await scoreCaptcha(services, input.captcha, ip, "signin");
    if (score <= CAPTCHA_SCORES.notRun) {
      return data<SignInFailure>(
        { errors: {}, values, formError: { key: "auth.captchaRequired" }, captchaRequired: true },
        { status: 400 },
      );
    }
  }

  try {
    const { headers } = await services.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    const target = safeRedirectTarget(input.redirectTo);
    const out = new Headers();
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
    out.append("Set-Cookie", await signedUpCookie.serialize("1"));
    return redirect(target, { headers: out });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.status === "FORBIDDEN") {
      return failure(403, { errors: {}, values, formError: { key: "auth.emailNotVerified" } });
    }
    const after = await consumeRate(services.db, failedKey, LIMITS.failedSignInsPerAccount);
    const locked = after.count >= LIMITS.failedSignInsPerAccount.max;
    if (locked) await warnOwnerOfFailedSignIns(services, input.email);
    return data<SignInFailure>(
      {
        errors: {},
        values,
        formError: { key: "auth.invalidCredentials" },
        captchaRequired: locked || undefined,
      },
      { status: 400 },
    );
  }
}

/** Recovery answers the same way whether or not the address has an account. */
export async function requestRecovery(
  services: Services,
  request: Request,
  ip: string,
  email: string,
) {
  const perIp = await consumeRate(services.db, `recovery:ip:${ip}`, LIMITS.signInPerIp);
  if (!perIp.allowed) return rateLimited(perIp, { email });
  const perAddress = await consumeRate(
    services.db,
    `mail:recovery:${email}`,
    LIMITS.mailsPerAddress,
  );
  if (!perAddress.allowed) return rateLimited(perAddress, { email });
  await services.auth.api.requestPasswordReset({
    body: { email, redirectTo: "/auth/recovery" },
    headers: request.headers,
  });
  return data({ sent: true as const, email });
}

export async function resendVerification(
  services: Services,
  request: Request,
  ip: string,
  email: string,
) {
  const perIp = await consumeRate(services.db, `resend:ip:${ip}`, LIMITS.signInPerIp);
  if (!perIp.allowed) return rateLimited(perIp, { email });
  const perAddress = await consumeRate(services.db, `mail:verify:${email}`, LIMITS.mailsPerAddress);
  if (!perAddress.allowed) return rateLimited(perAddress, { email });
  try {
    await services.auth.api.sendVerificationEmail({
      body: { email, callbackURL: "/dashboard" },
      headers: request.headers,
    });
  } catch (error) {
    // Already verified or unknown: the answer stays the same.
    if (!(error instanceof APIError)) throw error;
  }
  return data({ resent: true as const, email });
}

export async function resetPassword(
  services: Services,
  token: string,
  input: z.infer<typeof ResetPasswordSchema>,
) {
  if (isCommonPassword(input.password)) {
    return failure(400, { errors: { password: { key: "auth.passwordTooCommon" } }, values: {} });
  }
  try {
    await services.auth.api.resetPassword({ body: { newPassword: input.password, token } });
  } catch (error) {
    if (error instanceof APIError) {
      return failure(400, { errors: {}, values: {}, formError: { key: "auth.resetLinkInvalid" } });
    }
    throw error;
  }
  return redirect(`${href("/auth/sign-in")}?reset=1`);
}

/**
 * A new teacher's trial starts when the email is verified, once per person: the hash of
 * the normalised address is recorded and outlives the account.
 */
export async function startTrialIfEligible(
  services: Services,
  userId: string,
  now: Date = services.clock.now(),
): Promise<boolean> {
  const { db, env } = services;
  if (env.TRIAL_DAYS <= 0) return false;
  const rows = await db
    .select({
      email: users.email,
      role: userData.role,
      trialExpiresAt: userData.trialExpiresAt,
      subscriptionId: userData.subscriptionId,
    })
    .from(users)
    .innerJoin(userData, eq(userData.userId, users.id))
    .where(eq(users.id, userId));
  const row = rows[0];
  // Student accounts (from a class's join link) have no trial of their own.
  if (!row || !hasRole(row.role, ROLE.TEACHER) || row.trialExpiresAt || row.subscriptionId)
    return false;
  const hash = emailHash(row.email);
  const granted = await db
    .insert(trialGrants)
    .values({ emailHash: hash })
    .onConflictDoNothing()
    .returning();
  if (granted.length === 0) return false;
  await db
    .update(userData)
    .set({ trialExpiresAt: addDays(now, env.TRIAL_DAYS), updatedAt: now })
    .where(and(eq(userData.userId, userId), isNull(userData.trialExpiresAt)));
  return true;
}

/** The user a freshly set session cookie belongs to. */
async function userIdFromCookies(services: Services, setCookies: string[]): Promise<string | null> {
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  if (!cookie) return null;
  const session = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
  return session?.user.id ?? null;
}

/** Completes /auth/verify/{token}: verifies, signs in, starts the trial, goes to the dashboard. */
/**
 * The addresses a verification token carries: `email`, and `updateTo` when it confirms an
 * address change. Read without checking the signature — better-auth checks it, and this is
 * used only after it accepted the token.
 */
function verificationTokenAddresses(token: string): { email: string; updateTo?: string } | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    if (typeof decoded !== "object" || decoded === null) return null;
    const { email, updateTo } = decoded as { email?: unknown; updateTo?: unknown };
    if (typeof email !== "string") return null;
    return typeof updateTo === "string" ? { email, updateTo } : { email };
  } catch {
    return null;
  }
}

/**
 * Tells the old address that the account's address changed (whoever changed it may not be its
 * owner), in the account's language; a failure to send is logged.
 */
async function mailOldAddress(services: Services, oldEmail: string, newEmail: string) {
  // The change is done: the account now answers to the new address.
  const [row] = await services.db
    .select({ firstName: users.firstName, locale: userData.locale })
    .from(users)
    .leftJoin(userData, eq(userData.userId, users.id))
    .where(eq(users.email, newEmail.toLowerCase()));
  if (!row) return;
  const message = await renderMail(services.i18n, row?.locale ?? "en", "emailChanged", oldEmail, {
    firstName: row?.firstName ?? undefined,
    brand: mailBrand(services.env, services.flags.getOperator()),
    values: { newEmail },
  });
  await services.mail
    .send(message)
    .catch((error: unknown) => services.log.error({ err: error }, "email-changed mail failed"));
}

export async function verifyEmailToken(services: Services, request: Request, token: string) {
  try {
    const { headers } = await services.auth.api.verifyEmail({
      query: { token },
      headers: request.headers,
      returnHeaders: true,
    });
    const userId = await userIdFromCookies(services, headers.getSetCookie());
    const addresses = verificationTokenAddresses(token);
    if (addresses?.updateTo && addresses.updateTo !== addresses.email)
      await mailOldAddress(services, addresses.email, addresses.updateTo);
    if (userId) {
      await startTrialIfEligible(services, userId);
      // A student who joined from a class link appears on the teacher's roster now.
      await rosterVerifiedStudent(services, userId);
    }
    const out = new Headers();
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
    // Someone already signed in is confirming a new address; a newcomer is welcomed.
    const signedIn = (request.headers.get("cookie") ?? "").includes("session_token=");
    return redirect(signedIn ? "/dashboard/account?emailVerified=1" : "/dashboard?welcome=1", {
      headers: out,
    });
  } catch (error) {
    if (error instanceof APIError) return { invalid: true as const };
    throw error;
  }
}

/** Ends the session; the user's open event streams of that session close too. */
export async function signOut(services: Services, request: Request, userId: string | null) {
  const out = new Headers();
  try {
    const { headers } = await services.auth.api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
    if (userId)
      await services.realtime
        .publish(`user:${userId}`, ACCESS_CHANGED_EVENT, {})
        .catch(() => undefined);
  } catch (error) {
    // No session to end: signing out is already done.
    if (!(error instanceof APIError)) throw error;
  }
  return redirect(`${href("/auth/sign-in")}?signedOut=1`, { headers: out });
}

/** Starts Google sign-in (OAuth with PKCE); the callback lands on /auth/confirm. */
export async function startGoogleSignIn(
  services: Services,
  request: Request,
  redirectTo: string | undefined,
) {
  const { headers, response } = await services.auth.api.signInSocial({
    body: { provider: "google", callbackURL: "/auth/confirm", disableRedirect: true },
    headers: request.headers,
    returnHeaders: true,
  });
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  out.append("Set-Cookie", await oauthTargetCookie.serialize(safeRedirectTarget(redirectTo)));
  if (!response.url) throw new Error("Google sign-in did not return an authorization URL");
  return redirect(response.url, { headers: out });
}

/**
 * /auth/confirm with an OAuth code: hands the callback to better-auth (which checks state
 * and the PKCE verifier), keeps its session cookie, and continues to the original target.
 */
export async function completeOAuth(services: Services, request: Request, target: string) {
  const url = new URL(request.url);
  const callback = new URL(`${services.env.appOrigin}/api/auth/callback/google`);
  callback.search = url.search;
  const response = await services.auth.handler(new Request(callback, { headers: request.headers }));
  const out = new Headers();
  for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
  out.append("Set-Cookie", await clearCookie(oauthTargetCookie));
  const location = response.headers.get("location") ?? "";
  if (response.status >= 400 || location.includes("error=")) {
    return redirect(`${href("/auth/sign-in")}?oauthError=1`, { headers: out });
  }
  out.append("Set-Cookie", await signedUpCookie.serialize("1"));
  // Google has verified the address: a new teacher's trial starts now.
  const userId = await userIdFromCookies(services, response.headers.getSetCookie());
  if (userId) await startTrialIfEligible(services, userId);
  return redirect(target, { headers: out });
}
