import type { Challenge } from "altcha-lib";
import { useEffect, useState } from "react";
import { useRootData } from "~/features/site";
import { useT } from "~/lib/i18n/react";

type Status = "working" | "done" | "unavailable";

declare global {
  interface Window {
    grecaptcha?: {
      ready(cb: () => void): void;
      execute(key: string, options: { action: string }): Promise<string>;
    };
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) {
      resolve();
      return;
    }
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

async function solveProofOfWork(purpose?: "session"): Promise<string> {
  const response = await fetch(
    purpose ? `/api/captcha/challenge?purpose=${purpose}` : "/api/captcha/challenge",
    { cache: "no-store" },
  );
  if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import("altcha-lib"),
    import("altcha-lib/algorithms/web/sha"),
  ]);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("no solution");
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return btoa(JSON.stringify(payload));
}

type CaptchaEnv = { recaptchaSiteKey: string | null; turnstileSiteKey: string | null };

function recaptchaToken(key: string, action: string): Promise<string> {
  return loadScript(
    `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`,
  ).then(
    () =>
      new Promise<string>((resolve, reject) => {
        const grecaptcha = window.grecaptcha;
        if (!grecaptcha) return reject(new Error("reCAPTCHA did not load"));
        grecaptcha.ready(() => grecaptcha.execute(key, { action }).then(resolve, reject));
      }),
  );
}

/**
 * Spec §7: for a signed-in user, a captcha runs once per browser session in the background
 * and its token goes to /api/rcs/result, which verifies it and keeps the score when it is 0
 * or more. Turnstile needs a visible widget, so with Turnstile this runs only on forms.
 * Failures are only logged. `signal` ends it when the user signs out meanwhile (the proof of
 * work takes seconds on a busy device; the report would otherwise reach the server after
 * the session ended, and be refused).
 */
export async function reportCaptchaScore(
  env: CaptchaEnv,
  userId: string,
  signal: AbortSignal,
  action = "session",
): Promise<void> {
  try {
    let token: string;
    if (env.recaptchaSiteKey) token = await recaptchaToken(env.recaptchaSiteKey, action);
    else if (env.turnstileSiteKey) return;
    else token = await solveProofOfWork("session");
    // Signed out (or gone) while the check ran: the score is no longer this session's to send.
    if (signal.aborted) return;
    const response = await fetch("/api/rcs/result", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, action, userId }),
      signal,
    });
    const answer = (await response.json().catch(() => null)) as { rcs?: number } | null;
    if (!response.ok || typeof answer?.rcs !== "number" || answer.rcs < 0)
      console.warn(`Captcha score not kept (HTTP ${response.status})`);
  } catch (error) {
    if (!signal.aborted) console.warn("Captcha score could not be reported", error);
  }
}

/**
 * The sign-up form's bot check, run in the background: reCAPTCHA v3 or Turnstile when
 * configured, otherwise a self-hosted proof-of-work. It fills the hidden `captcha` field;
 * without JavaScript the form still works and the account gets an "unknown" score.
 */
export function CaptchaField({ action = "signup" }: { action?: string }) {
  const t = useT();
  const env = useRootData()?.env;
  const [token, setToken] = useState("");
  const [status, setStatus] = useState<Status>("working");

  useEffect(() => {
    let cancelled = false;
    const done = (value: string) => {
      if (cancelled) return;
      setToken(value);
      setStatus("done");
    };
    const fail = (error: unknown) => {
      console.warn("Captcha check could not run", error);
      if (!cancelled) setStatus("unavailable");
    };
    if (env?.recaptchaSiteKey) {
      const key = env.recaptchaSiteKey;
      const run = () => void recaptchaToken(key, action).then(done, fail);
      run();
      // reCAPTCHA tokens expire after two minutes.
      const timer = window.setInterval(run, 90_000);
      return () => {
        cancelled = true;
        window.clearInterval(timer);
      };
    }
    if (env?.turnstileSiteKey) {
      loadScript("https://challenges.cloudflare.com/turnstile/v0/api.js").then(
        () => setStatus("done"),
        fail,
      );
      return () => {
        cancelled = true;
      };
    }
    solveProofOfWork().then(done, fail);
    return () => {
      cancelled = true;
    };
  }, [env?.recaptchaSiteKey, env?.turnstileSiteKey, action]);

  if (env?.turnstileSiteKey) {
    return (
      <div
        className="cf-turnstile"
        data-sitekey={env.turnstileSiteKey}
        data-response-field-name="captcha"
        data-action={action}
      />
    );
  }
  return (
    <>
      <input type="hidden" name="captcha" value={token} />
      <p
        className="text-xs text-slate-600"
        aria-live="polite"
        data-testid="captcha-status"
        data-status={status}
      >
        {status === "working"
          ? t("captcha.working")
          : status === "done"
            ? t("captcha.done")
            : t("captcha.unavailable")}
      </p>
    </>
  );
}
