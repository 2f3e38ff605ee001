import type { IncomingMessage, ServerResponse } from "node:http";
import type { Env } from "~/lib/env.server";

type NonceSource = (req: IncomingMessage, res: ServerResponse) => string;

/**
 * The Content-Security-Policy: scripts only from our origin or carrying this request's
 * nonce; no plugins; no <base>; framing only by ourselves. Outside services are added
 * only when they are configured.
 */
export function cspDirectives(
  env: Env,
  options: { development: boolean; nonce: NonceSource },
): Record<string, Iterable<string | NonceSource>> {
  const scriptSrc: (string | NonceSource)[] = ["'self'", options.nonce, "'wasm-unsafe-eval'"];
  const connectSrc = ["'self'"];
  const frameSrc = ["'self'"];
  const formAction = ["'self'"];
  if (env.RECAPTCHA_SITE_KEY) {
    scriptSrc.push("https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/");
    frameSrc.push("https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/");
  }
  if (env.TURNSTILE_SITE_KEY) {
    scriptSrc.push("https://challenges.cloudflare.com");
    frameSrc.push("https://challenges.cloudflare.com");
  }
  // Form posts answered with a redirect to these must be allowed by form-action.
  if (env.GOOGLE_CLIENT_ID) formAction.push("https://accounts.google.com");
  if (env.STRIPE_SECRET_KEY)
    formAction.push("https://checkout.stripe.com", "https://billing.stripe.com");
  if (options.development) connectSrc.push("ws:", "wss:");

  const directives: Record<string, Iterable<string | NonceSource>> = {
    "default-src": ["'self'"],
    "script-src": scriptSrc,
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'", "blob:"],
    "connect-src": connectSrc,
    "frame-src": frameSrc,
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "form-action": formAction,
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'self'"],
  };
  if (env.appOrigin.startsWith("https:")) directives["upgrade-insecure-requests"] = [];
  return directives;
}
