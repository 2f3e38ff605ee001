import { eq } from "drizzle-orm";
import getPort from "get-port";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userData } from "@db/schema";
import { seedStripe } from "~/features/membership/stripe-seed.server";
import { ROLE } from "~/lib/auth/roles";
import { StripeStandIn } from "../support/stripe-standin";
import { signedInAccount } from "../support/accounts";
import { locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 14, item 10 (operations): Stripe's webhook keeps working while the site is in
 * maintenance, and the open error-report endpoint is rate limited and size-capped.
 */

const SECRET = "whsec_operations_test_secret";

describe("operations", () => {
  let standin: StripeStandIn;
  let app: TestApp;

  beforeAll(async () => {
    standin = new StripeStandIn({ webhookSecret: SECRET });
    await standin.start(await getPort());
    app = await startTestApp({
      TRUSTED_PROXY_HEADER: "x-forwarded-for",
      STRIPE_SECRET_KEY: "sk_test_parley",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: standin.url,
    });
    standin.setWebhookUrl(`${app.url}/api/stripe/webhook`);
    await seedStripe(
      new Stripe("sk_test_parley", {
        host: "127.0.0.1",
        port: standin.port,
        protocol: "http",
        maxNetworkRetries: 0,
      }),
    );
  });
  afterAll(async () => {
    await app?.services.flags.setMaintenance({ enabled: false, message: null, until: null });
    await app?.close();
    await standin?.stop();
  });

  it("records a cancellation Stripe sends during maintenance", async () => {
    const { id, client } = await signedInAccount(app, {
      email: "maintenance@operations.test",
      role: ROLE.TEACHER,
      password: "operations passphrase",
    });
    const checkout = await client.postForm("/dashboard/membership/checkout", {
      interval: "month",
    });
    const paid = await fetch(locationOf(checkout), { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    await standin.flush();
    const [active] = await app.database.db.select().from(userData).where(eq(userData.userId, id));
    expect(active?.subscriptionStatus).toBe("ACTIVE");

    await app.services.flags.setMaintenance({ enabled: true, message: null, until: null });
    try {
      // Pages answer the maintenance page…
      expect((await client.get("/dashboard")).status).toBe(503);
      // …while Stripe's event is accepted and applied.
      await standin.setSubscriptionStatus(active?.subscriptionId ?? "", "canceled");
      await standin.flush();
      expect(standin.delivered.at(-1)?.status).toBe(200);
      const [canceled] = await app.database.db
        .select()
        .from(userData)
        .where(eq(userData.userId, id));
      expect(canceled?.subscriptionStatus).toBe("CANCELED");
    } finally {
      await app.services.flags.setMaintenance({ enabled: false, message: null, until: null });
    }
  });

  it("limits error reports per client address, with Retry-After", async () => {
    const report = (ip: string, body: string) =>
      fetch(`${app.url}/api/client-errors`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body,
      });
    const small = JSON.stringify({ kind: "error", message: "boom" });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await report("10.77.0.1", small)).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const limited = await report("10.77.0.1", small);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatch(/Too many/);
    // Another address is not affected.
    expect((await report("10.77.0.2", small)).status).toBe(204);
  });

  it("refuses an oversized report with 413 and a readable error", async () => {
    const big = await fetch(`${app.url}/api/client-errors`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.77.1.1" },
      body: JSON.stringify({ message: "m", stack: "s".repeat(40_000) }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error).toMatch(/larger than/);
  });
});
