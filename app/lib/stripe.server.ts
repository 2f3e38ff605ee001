import Stripe from "stripe";
import type { Env } from "./env.server";

/**
 * The Stripe client, or null when no key is configured (payments are then switched off and
 * the membership page says so). STRIPE_API_URL points the official SDK at another host:
 * the local stand-in (`npm run stripe:standin`) in development and tests.
 */
const clients = new WeakMap<Env, Stripe | null>();

export function stripeClient(env: Env): Stripe | null {
  if (clients.has(env)) return clients.get(env) ?? null;
  let client: Stripe | null = null;
  if (env.STRIPE_SECRET_KEY) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "Parley" },
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
            protocol: api.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
  }
  clients.set(env, client);
  return client;
}

/** Webhook signatures older than this are refused (Stripe's own default). */
export const WEBHOOK_TOLERANCE_S = 300;
