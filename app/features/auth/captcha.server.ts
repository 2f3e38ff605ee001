import { systemClock } from "~/lib/clock";
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Solution,
} from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { consumeRate } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/services.server";
import { getOrCreateSecret } from "~/lib/settings.server";

/**
 * Bot-risk scores (rcs, spec §6): 0 is risky, 1 is surely human. reCAPTCHA v3 gives its own
 * score; Turnstile and the self-hosted proof-of-work (ALTCHA) pass or fail, mapped here.
 */
export const CAPTCHA_SCORES = { passed: 0.9, notRun: 0.5, failed: 0.1 } as const;
const CHALLENGE_TTL_S = 10 * 60;

type CaptchaProvider = "recaptcha" | "turnstile" | "altcha";

function captchaProvider(env: Services["env"]): CaptchaProvider {
  if (env.RECAPTCHA_SECRET_KEY) return "recaptcha";
  if (env.TURNSTILE_SECRET_KEY) return "turnstile";
  return "altcha";
}

async function altchaSecrets(services: Services) {
  const [signature, key] = await Promise.all([
    getOrCreateSecret(services.db, "altcha_signature_secret"),
    getOrCreateSecret(services.db, "altcha_key_secret"),
  ]);
  return { hmacSignatureSecret: signature, hmacKeySignatureSecret: key };
}

/**
 * A fresh proof-of-work challenge: for forms, 20,000–60,000 rounds (about 1–2 s of a
 * browser's work, a cost for bots signing up); for the signed-in session's background score
 * (`light`), a tenth of that, so a teacher's laptop is not kept busy on every visit.
 */
export async function createCaptchaChallenge(
  services: Services,
  { light = false }: { light?: boolean } = {},
): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: light ? randomInt(2_000, 6_000) : randomInt(20_000, 60_000),
    deriveKey,
    // ALTCHA checks expiry against the machine's clock, so the challenge is dated by it too.
    expiresAt: Math.floor(systemClock.now().getTime() / 1000) + CHALLENGE_TTL_S,
    ...(await altchaSecrets(services)),
  });
}

async function verifyAltcha(services: Services, token: string): Promise<number> {
  let payload: { challenge?: Challenge; solution?: Solution };
  try {
    payload = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as typeof payload;
  } catch {
    return CAPTCHA_SCORES.failed;
  }
  if (!payload.challenge?.signature || !payload.solution) return CAPTCHA_SCORES.failed;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      ...(await altchaSecrets(services)),
    });
    if (!result.verified) return CAPTCHA_SCORES.failed;
  } catch {
    return CAPTCHA_SCORES.failed;
  }
  // A solved challenge counts once.
  const reuse = await consumeRate(services.db, `captcha:${payload.challenge.signature}`, {
    windowMs: CHALLENGE_TTL_S * 1000,
    max: 1,
  });
  return reuse.allowed ? CAPTCHA_SCORES.passed : CAPTCHA_SCORES.failed;
}

async function siteverify(
  url: string,
  form: Record<string, string>,
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`captcha verification answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Scores a captcha token from the browser. Missing tokens (no JavaScript) score as
 * unknown rather than failing the form: the score is a signal, not a gate.
 */
export async function scoreCaptcha(
  services: Services,
  token: string | undefined,
  ip: string,
  action = "signup",
): Promise<number> {
  if (!token) return CAPTCHA_SCORES.notRun;
  return (await verifyCaptcha(services, token, ip, action)) ?? CAPTCHA_SCORES.notRun;
}

/**
 * Verifies a token with the configured provider: a score from 0 to 1, or null when the
 * provider could not be asked (then nothing is known, and a stored score must stay).
 */
export async function verifyCaptcha(
  services: Services,
  token: string,
  ip: string,
  action: string,
): Promise<number | null> {
  const { env } = services;
  const provider = captchaProvider(env);
  try {
    if (provider === "recaptcha" && env.RECAPTCHA_SECRET_KEY) {
      const result = await siteverify("https://www.google.com/recaptcha/api/siteverify", {
        secret: env.RECAPTCHA_SECRET_KEY,
        response: token,
        remoteip: ip,
      });
      if (
        result.success !== true ||
        (typeof result.action === "string" && result.action !== action)
      )
        return CAPTCHA_SCORES.failed;
      return typeof result.score === "number"
        ? Math.min(1, Math.max(0, result.score))
        : CAPTCHA_SCORES.failed;
    }
    if (provider === "turnstile" && env.TURNSTILE_SECRET_KEY) {
      const result = await siteverify("https://challenges.cloudflare.com/turnstile/v0/siteverify", {
        secret: env.TURNSTILE_SECRET_KEY,
        response: token,
        remoteip: ip,
      });
      return result.success === true ? CAPTCHA_SCORES.passed : CAPTCHA_SCORES.failed;
    }
    return await verifyAltcha(services, token);
  } catch (error) {
    services.log.warn({ err: error, provider }, "captcha verification failed");
    return null;
  }
}
