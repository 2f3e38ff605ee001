/**
 * The Stripe stand-in's contract: every answer Parley gets from it, and every webhook it
 * sends, has the shape Stripe's own published fixtures have (tests/support/stripe-shapes.json,
 * recorded by scripts/record-stripe-shapes.mjs from github.com/stripe/openapi). A field the
 * stand-in invents, a field of the wrong type, or a field Parley reads that Stripe no longer
 * sends fails here, so the stand-in cannot drift away from Stripe silently.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import getPort from "get-port";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import recorded from "./stripe-shapes.json";
import { StripeStandIn } from "./stripe-standin";

type Shape = string | { array: Shape } | { [field: string]: Shape };
const shapes = recorded.shapes as Record<string, Record<string, Shape>>;

/**
 * Where `value` differs from Stripe's `shape`, as "path: problem" lines. A null on either side
 * agrees with anything (the fixtures show one example, not which fields are nullable); an
 * object with no recorded fields is a map (metadata); a string field may come expanded into
 * the object it names.
 */
function drift(value: unknown, shape: Shape, path: string): string[] {
  if (value === null || value === undefined || shape === "null" || shape === "unknown") return [];
  if (typeof shape === "string") {
    if (shape.startsWith("=")) {
      return value === shape.slice(1) ? [] : [`${path}: ${JSON.stringify(value)}, not ${shape}`];
    }
    if (typeof value === shape) return [];
    if (shape === "string" && isRecord(value) && typeof value.object === "string") {
      const expanded = shapes[value.object];
      return expanded ? drift(value, expanded, `${path}<${value.object}>`) : [];
    }
    return [`${path}: ${Array.isArray(value) ? "array" : typeof value}, Stripe sends ${shape}`];
  }
  if (isArrayShape(shape)) {
    if (!Array.isArray(value)) return [`${path}: ${typeof value}, Stripe sends an array`];
    return value.flatMap((item, i) => drift(item, shape.array, `${path}[${i}]`));
  }
  if (!isRecord(value) || Array.isArray(value)) {
    return [`${path}: ${Array.isArray(value) ? "array" : typeof value}, Stripe sends an object`];
  }
  const fields = shape as Record<string, Shape>;
  if (Object.keys(fields).length === 0) return [];
  return Object.entries(value).flatMap(([field, inner]) => {
    const expected = fields[field];
    if (expected === undefined) return [`${path}.${field}: a field Stripe does not send`];
    return drift(inner, expected, `${path}.${field}`);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isArrayShape(shape: Shape): shape is { array: Shape } {
  return typeof shape === "object" && Object.keys(shape).length === 1 && "array" in shape;
}

/** An SDK answer as the JSON it was sent as (without the SDK's lastResponse). */
function json(answer: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(answer)) as Record<string, unknown>;
}

/** The answer has Stripe's shape for `resource`, and the fields Parley reads from it. */
function expectStripeShape(answer: unknown, resource: string, reads: string[] = []) {
  const shape = shapes[resource];
  if (!shape) throw new Error(`No recorded shape for ${resource}`);
  const body = json(answer);
  expect(drift(body, shape, resource)).toEqual([]);
  for (const field of reads) {
    expect(Object.keys(shape), `Stripe's ${resource} has ${field}`).toContain(field);
    expect(Object.keys(body), `the stand-in's ${resource} has ${field}`).toContain(field);
  }
}

/** A list answer: Stripe's list envelope, each item in the resource's shape. */
function expectList(answer: unknown, resource: string) {
  const body = json(answer);
  expect(Object.keys(body).sort()).toEqual(["data", "has_more", "object", "url"]);
  expect(body.object).toBe("list");
  for (const item of body.data as unknown[]) expectStripeShape(item, resource);
}

const SECRET = "whsec_contract";
let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Server;
const deliveries: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      deliveries.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"received":true}');
    });
  });
  const port = await getPort({ host: "127.0.0.1" });
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
  standIn = new StripeStandIn({ webhookUrl, webhookSecret: SECRET });
  await standIn.start();
  stripe = new Stripe("sk_test_contract", {
    host: "127.0.0.1",
    port: standIn.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await standIn.stop();
  await new Promise<void>((resolve) => {
    receiver.close(() => resolve());
    receiver.closeAllConnections();
  });
});

describe("the drift check", () => {
  it("finds an invented field, a wrong type and a wrong object kind", () => {
    const shape = shapes.price!;
    expect(drift({ object: "price", id: 7, colour: "red" }, shape, "price")).toEqual([
      "price.id: number, Stripe sends string",
      "price.colour: a field Stripe does not send",
    ]);
    expect(drift({ object: "product" }, shape, "price")).toEqual([
      'price.object: "product", not =price',
    ]);
    expect(drift({ recurring: { interval: 1 } }, shape, "price")).toEqual([
      "price.recurring.interval: number, Stripe sends string",
    ]);
  });
});

describe("every call Parley makes answers in Stripe's shape", () => {
  it("the catalogue and the Happy Week codes (stripe:seed)", async () => {
    const product = await stripe.products.create({ name: "Parley Premium" });
    expectStripeShape(product, "product", ["id"]);
    expectList(await stripe.products.list({ limit: 100 }), "product");
    const price = await stripe.prices.create({
      product: product.id,
      currency: "pln",
      unit_amount: 4900,
      recurring: { interval: "month" },
      lookup_key: "contract_month_pln",
    });
    expectStripeShape(price, "price", ["id", "lookup_key", "unit_amount", "currency", "recurring"]);
    expectList(await stripe.prices.list({ lookup_keys: ["contract_month_pln"] }), "price");

    const coupon = await stripe.coupons.create({ percent_off: 20, duration: "once" });
    expectStripeShape(coupon, "coupon", ["id"]);
    const code = await stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code: "CONTRACT20",
    });
    expectStripeShape(code, "promotion_code", ["id", "code"]);
    expectList(
      await stripe.promotionCodes.list({ code: "CONTRACT20", active: true }),
      "promotion_code",
    );
  });

  it("checkout, the subscription, invoices, the portal and the webhooks they send", async () => {
    const customer = await stripe.customers.create({
      email: "contract@example.com",
      metadata: { userId: "user_contract" },
    });
    expectStripeShape(customer, "customer", ["id"]);
    const [price] = (await stripe.prices.list({ lookup_keys: ["contract_month_pln"] })).data;
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      client_reference_id: "user_contract",
      line_items: [{ price: price!.id, quantity: 1 }],
      metadata: { userId: "user_contract" },
      subscription_data: { metadata: { userId: "user_contract" } },
      success_url: "http://parley.test/dashboard/membership?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://parley.test/dashboard/membership",
      allow_promotion_codes: true,
    });
    expectStripeShape(session, "checkout.session", ["url", "id"]);

    const before = deliveries.length;
    const { subscriptionId } = await standIn.completeCheckout(session.id);
    expectStripeShape(await stripe.checkout.sessions.retrieve(session.id), "checkout.session", [
      "client_reference_id",
      "status",
      "payment_status",
      "subscription",
    ]);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expectStripeShape(subscription, "subscription", [
      "status",
      "items",
      "customer",
      "cancel_at_period_end",
      "cancel_at",
      "ended_at",
      "metadata",
    ]);

    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 12 });
    expect(invoices.data.length).toBeGreaterThan(0);
    expectList(invoices, "invoice");
    for (const invoice of invoices.data) {
      expectStripeShape(invoice, "invoice", [
        "number",
        "created",
        "amount_paid",
        "amount_due",
        "currency",
        "status",
        "hosted_invoice_url",
        "invoice_pdf",
        "parent",
      ]);
    }
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://parley.test/dashboard/membership",
    });
    expectStripeShape(portal, "billing_portal.session", ["url"]);

    await standIn.setSubscriptionStatus(subscriptionId, "canceled");
    await standIn.flush();
    const events = deliveries.slice(before).map((raw) => JSON.parse(raw) as Stripe.Event);
    expect(events.map((event) => event.type)).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
      "customer.subscription.deleted",
    ]);
    for (const event of events) {
      expectStripeShape({ ...event, data: {} }, "event", ["type", "data", "id"]);
      const object = event.data.object as unknown as { object: string };
      expectStripeShape(object, object.object);
    }
  });
});
