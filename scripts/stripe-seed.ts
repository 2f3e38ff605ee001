// Creates Parley's products, prices (by lookup key) and the happy-week promotion code in the
// Stripe account of STRIPE_SECRET_KEY (or the local stand-in when STRIPE_API_URL is set):
//   STRIPE_SECRET_KEY=sk_live_… npm run stripe:seed
// Safe to run again; prints what it created and what it kept.
import fs from "node:fs";
import Stripe from "stripe";
import { parse as parseYaml } from "yaml";
import { PromotionsSchema } from "../app/features/membership/promotions";
import { seedStripe } from "../app/features/membership/stripe-seed.server";

const key = process.env.STRIPE_SECRET_KEY;
if (!key) {
  process.stderr.write("Set STRIPE_SECRET_KEY (and STRIPE_API_URL for a local stand-in).\n");
  process.exit(1);
}
const api = process.env.STRIPE_API_URL ? new URL(process.env.STRIPE_API_URL) : null;
const stripe = new Stripe(key, {
  ...(api
    ? {
        host: api.hostname,
        port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
        protocol: api.protocol === "https:" ? ("https" as const) : ("http" as const),
      }
    : {}),
});
const promotions = PromotionsSchema.parse(
  parseYaml(fs.readFileSync("content/info/promotions.yml", "utf8")) as unknown,
);
const result = await seedStripe(stripe, promotions);
process.stdout.write(
  `created: ${result.created.join(", ") || "nothing"}\nkept: ${result.kept.join(", ") || "nothing"}\n`,
);
