import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import getPort from "get-port";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { StripeStandIn, parseStripeForm, periodEnd } from "./stripe-standin";

const SECRET = "whsec_standin_test_secret";
const SUCCESS_URL = "http://parley.test/membership/welcome?session_id={CHECKOUT_SESSION_ID}";
const CANCEL_URL = "http://parley.test/membership";

interface Received {
  raw: string;
  signature: string;
}

/** A webhook endpoint like the app's: keeps the raw body and the signature header. */
class Receiver {
  readonly received: Received[] = [];
  status = 200;
  url = "";
  private readonly server: Server;

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        this.received.push({
          raw: Buffer.concat(chunks).toString("utf8"),
          signature: String(req.headers["stripe-signature"] ?? ""),
        });
        res.writeHead(this.status, { "Content-Type": "application/json" });
        res.end('{"received":true}');
      });
    });
  }

  async start(): Promise<void> {
    const port = await getPort({ host: "127.0.0.1" });
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/stripe/webhook`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

let standIn: StripeStandIn;
let receiver: Receiver;
let stripe: Stripe;

/** Verifies a delivery exactly as the app's webhook route will. */
function verify(delivery: Received | undefined): Stripe.Event {
  if (!delivery) throw new Error("No webhook was received");
  return stripe.webhooks.constructEvent(delivery.raw, delivery.signature, SECRET, 300);
}

/** The received webhooks from index `from` on, verified. */
function eventsFrom(from: number): Stripe.Event[] {
  return receiver.received.slice(from).map(verify);
}

function objectOf(event: Stripe.Event): Record<string, unknown> {
  return event.data.object as unknown as Record<string, unknown>;
}

function sdkFor(key: string): Stripe {
  return new Stripe(key, {
    host: "127.0.0.1",
    port: standIn.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
}

async function catalog(): Promise<{ monthly: Stripe.Price; yearly: Stripe.Price }> {
  const product = await stripe.products.create({ name: "Parley Premium" });
  const monthly = await stripe.prices.create({
    product: product.id,
    currency: "EUR",
    unit_amount: 1370,
    recurring: { interval: "month" },
    lookup_key: "parley_premium_month_eur",
  });
  const yearly = await stripe.prices.create({
    product: product.id,
    currency: "eur",
    unit_amount: 13700,
    recurring: { interval: "year" },
    lookup_key: "parley_premium_year_eur",
    nickname: "Premium yearly",
  });
  return { monthly, yearly };
}

function createSession(
  price: string,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price, quantity: 1 }],
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
    customer_email: "teacher@example.com",
    client_reference_id: "user_42",
    metadata: { userId: "user_42" },
    subscription_data: { metadata: { userId: "user_42", plan: "premium" } },
    ...extra,
  });
}

/** Presses Pay on the hosted checkout page. */
function pay(sessionId: string, form?: Record<string, string>): Promise<Response> {
  return fetch(`${standIn.url}/pay/${sessionId}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

async function paidSubscription(price: string, quantity = 1): Promise<Stripe.Subscription> {
  const session = await createSession(price, { line_items: [{ price, quantity }] });
  const { subscriptionId } = await standIn.completeCheckout(session.id);
  return stripe.subscriptions.retrieve(subscriptionId);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("Expected the call to fail");
}

function utc(seconds: number) {
  const date = new Date(seconds * 1000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    time: seconds % 86_400,
  };
}

beforeAll(async () => {
  receiver = new Receiver();
  await receiver.start();
  standIn = new StripeStandIn({ webhookUrl: receiver.url, webhookSecret: SECRET });
  await standIn.start();
  stripe = sdkFor("sk_test_x");
});

afterAll(async () => {
  await standIn.stop();
  await receiver.stop();
});

beforeEach(() => {
  standIn.reset();
  standIn.setWebhookUrl(receiver.url);
  receiver.received.length = 0;
  receiver.status = 200;
});

describe("form parsing", () => {
  it("turns Stripe's bracket notation into nested objects and arrays", () => {
    const parsed = parseStripeForm(
      "line_items[0][price]=price_1&line_items[0][quantity]=2&line_items[1][price]=price_2" +
        "&metadata[userId]=u%201&expand[]=subscription&expand[]=customer" +
        "&lookup_keys%5B0%5D=a&lookup_keys%5B1%5D=b&mode=subscription&__proto__[x]=1",
    );
    expect(parsed).toEqual({
      line_items: [{ price: "price_1", quantity: "2" }, { price: "price_2" }],
      metadata: { userId: "u 1" },
      expand: ["subscription", "customer"],
      lookup_keys: ["a", "b"],
      mode: "subscription",
    });
  });

  it("adds calendar months and years, clamping to the month's end", () => {
    const jan31 = Date.UTC(2026, 0, 31, 10, 0, 0) / 1000;
    expect(periodEnd(jan31, "month")).toBe(Date.UTC(2026, 1, 28, 10, 0, 0) / 1000);
    const leapDay = Date.UTC(2028, 1, 29) / 1000;
    expect(periodEnd(leapDay, "year")).toBe(Date.UTC(2029, 1, 28) / 1000);
  });
});

describe("API basics", () => {
  it("creates customers, and 404s an unknown checkout session", async () => {
    const created = await stripe.customers.create({
      email: "teacher@example.com",
      name: "Ada Teacher",
      metadata: { userId: "user_1" },
      preferred_locales: ["pl", "en"],
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14,24}$/);
    expect(created).toMatchObject({
      object: "customer",
      livemode: false,
      email: "teacher@example.com",
      name: "Ada Teacher",
      metadata: { userId: "user_1" },
      preferred_locales: ["pl", "en"],
    });

    const error = await rejection(stripe.checkout.sessions.retrieve("cs_missing"));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such checkout.session: 'cs_missing'",
    });
  });

  it("answers 404 to an endpoint Parley does not call", async () => {
    const error = await rejection(stripe.customers.retrieve("cus_any"));
    expect(error).toMatchObject({ statusCode: 404 });
  });

  it("refuses a missing or non-secret API key with 401", async () => {
    const error = await rejection(sdkFor("pk_test_public").customers.create({}));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401 });

    const response = await fetch(`${standIn.url}/v1/customers`, { method: "POST" });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toMatch(/API key/);
  });

  it("answers a repeated Idempotency-Key with the first response", async () => {
    const post = () =>
      fetch(`${standIn.url}/v1/customers`, {
        method: "POST",
        headers: {
          Authorization: "Bearer sk_test_x",
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": "same-key",
        },
        body: "email=once%40example.com",
      }).then((response) => response.json() as Promise<{ id: string }>);
    const first = await post();
    const second = await post();
    expect(second.id).toBe(first.id);
    expect(standIn.customers.size).toBe(1);
  });

  it("creates prices, finds them by lookup key and guards the key's uniqueness", async () => {
    const { monthly, yearly } = await catalog();
    expect(monthly).toMatchObject({
      object: "price",
      currency: "eur",
      unit_amount: 1370,
      type: "recurring",
      recurring: { interval: "month", interval_count: 1 },
      lookup_key: "parley_premium_month_eur",
    });
    expect(yearly.id).toMatch(/^price_/);

    const found = await stripe.prices.list({
      lookup_keys: ["parley_premium_year_eur", "parley_premium_month_eur", "nope"],
      active: true,
    });
    expect(found.object).toBe("list");
    expect(found.data.map((price) => price.id)).toEqual([yearly.id, monthly.id]);
    expect((await stripe.prices.list({ lookup_keys: ["nope"] })).data).toEqual([]);

    const duplicate = await rejection(
      stripe.prices.create({
        product: monthly.product as string,
        currency: "eur",
        unit_amount: 1500,
        recurring: { interval: "month" },
        lookup_key: "parley_premium_month_eur",
      }),
    );
    expect(duplicate).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(duplicate).toMatchObject({ statusCode: 400, param: "lookup_key" });

    const moved = await stripe.prices.create({
      product_data: { name: "Parley Premium 2" },
      currency: "eur",
      unit_amount: 1500,
      recurring: { interval: "month" },
      lookup_key: "parley_premium_month_eur",
      transfer_lookup_key: true,
    });
    expect(moved.lookup_key).toBe("parley_premium_month_eur");
    const byKey = await stripe.prices.list({ lookup_keys: ["parley_premium_month_eur"] });
    expect(byKey.data.map((price) => price.id)).toEqual([moved.id]);
    expect(byKey.data.map((price) => price.id)).not.toContain(monthly.id);
  });

  it("lists newest first and honours limit", async () => {
    const names = ["one", "two", "three"];
    for (const name of names) await stripe.products.create({ name });
    const page = await stripe.products.list({ limit: 2 });
    expect(page.data.map((product) => product.name)).toEqual(["three", "two"]);
    expect(page.has_more).toBe(true);
    expect(page.url).toBe("/v1/products");
    const all: string[] = [];
    for await (const product of stripe.products.list({ limit: 1 })) all.push(product.name);
    expect(all).toEqual(["three", "two", "one"]);
  });
});

describe("checkout", () => {
  it("validates a new session", async () => {
    const { monthly } = await catalog();
    const base: Stripe.Checkout.SessionCreateParams = {
      mode: "subscription",
      line_items: [{ price: monthly.id }],
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
    };

    const noSuccess = await rejection(
      stripe.checkout.sessions.create({ ...base, success_url: undefined }),
    );
    expect(noSuccess).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(noSuccess).toMatchObject({ statusCode: 400, param: "success_url" });

    const unknownPrice = await rejection(
      stripe.checkout.sessions.create({ ...base, line_items: [{ price: "price_nope" }] }),
    );
    expect(unknownPrice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknownPrice).toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "line_items[0][price]",
    });

    const payment = await rejection(stripe.checkout.sessions.create({ ...base, mode: "payment" }));
    expect(payment).toMatchObject({ statusCode: 400, param: "mode" });

    const unknownCustomer = await rejection(
      stripe.checkout.sessions.create({ ...base, customer: "cus_nope" }),
    );
    expect(unknownCustomer).toMatchObject({ statusCode: 400, param: "customer" });

    const session = await stripe.checkout.sessions.create(base);
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      mode: "subscription",
      subscription: null,
      amount_total: 1370,
      currency: "eur",
      url: `${standIn.url}/pay/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).not.toHaveProperty("line_items");
  });

  it("shows the hosted checkout page", async () => {
    const { yearly } = await catalog();
    const session = await createSession(yearly.id, {
      line_items: [{ price: yearly.id, quantity: 2 }],
    });
    const response = await fetch(session.url!);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Stripe stand-in checkout<\/title>/);
    expect(html).toMatch(/<main>[\s\S]*<h1>Stripe stand-in checkout<\/h1>/);
    expect(html).toContain("Premium yearly");
    expect(html).toContain("€137.00 / year");
    expect(html).toContain("Quantity: 2");
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain(`<a href="${CANCEL_URL}">Cancel</a>`);

    expect((await fetch(`${standIn.url}/pay/cs_test_nope`)).status).toBe(404);
  });

  it("completes through the Pay button: redirect, records and three signed webhooks in order", async () => {
    const { monthly } = await catalog();
    const session = await createSession(monthly.id);

    const response = await pay(session.id);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `http://parley.test/membership/welcome?session_id=${session.id}`,
    );

    // Webhooks were delivered (and awaited) before the redirect.
    const events = eventsFrom(0);
    expect(events.map((event) => event.type)).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    expect(standIn.delivered.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    for (const event of events) {
      expect(event.id).toMatch(/^evt_/);
      expect(event).toMatchObject({
        object: "event",
        api_version: "2026-10-28.endive",
        livemode: false,
      });
    }

    const [completed, created, paid] = events.map(objectOf);
    const subscriptionId = String(completed?.subscription);
    expect(subscriptionId).toMatch(/^sub_/);
    expect(completed).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      client_reference_id: "user_42",
      metadata: { userId: "user_42" },
    });
    expect(String(completed?.customer)).toMatch(/^cus_/);
    expect(created).toMatchObject({
      id: subscriptionId,
      status: "active",
      metadata: { userId: "user_42", plan: "premium" },
    });
    expect(paid).toMatchObject({
      object: "invoice",
      status: "paid",
      amount_paid: 1370,
      currency: "eur",
      subscription: subscriptionId,
      parent: { subscription_details: { subscription: subscriptionId } },
    });

    // A tampered body no longer matches its signature.
    const first = receiver.received[0]!;
    expect(() =>
      stripe.webhooks.constructEvent(
        first.raw.replace("user_42", "user_43"),
        first.signature,
        SECRET,
        300,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["subscription"],
    });
    expect(retrieved.status).toBe("complete");
    expect(retrieved.subscription).toMatchObject({ id: subscriptionId, object: "subscription" });

    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0]!;
    expect(item.id).toMatch(/^si_/);
    expect(item.quantity).toBe(1);
    expect(item.price.id).toBe(monthly.id);
    expect(subscription).not.toHaveProperty("current_period_end");
    const start = utc(item.current_period_start);
    const end = utc(item.current_period_end);
    expect(Math.abs(item.current_period_start - Date.now() / 1000)).toBeLessThan(60);
    expect((end.month - start.month + 12) % 12).toBe(1);
    expect(end.time).toBe(start.time);

    const invoices = await stripe.invoices.list({ customer: String(completed?.customer) });
    expect(invoices.data).toHaveLength(1);
    const invoice = invoices.data[0]!;
    expect(invoice).toMatchObject({ amount_paid: 1370, currency: "eur", status: "paid" });
    expect(invoice.number).toMatch(/^PARL-\d{4}$/);
    expect(invoice.hosted_invoice_url).toBe(`${standIn.url}/invoice/${invoice.id}`);
    const invoicePage = await fetch(invoice.hosted_invoice_url!);
    expect(invoicePage.status).toBe(200);
    expect(await invoicePage.text()).toContain("€13.70");

    // Pressing Pay again changes nothing; the page says the checkout is complete.
    expect((await pay(session.id)).status).toBe(303);
    expect(receiver.received).toHaveLength(3);
    const donePage = await (await fetch(`${standIn.url}/pay/${session.id}`)).text();
    expect(donePage).toContain("This checkout is complete");
  });

  it("bills yearly prices per seat for a year", async () => {
    const { yearly } = await catalog();
    const subscription = await paidSubscription(yearly.id, 3);
    const item = subscription.items.data[0]!;
    expect(item.quantity).toBe(3);
    const start = utc(item.current_period_start);
    const end = utc(item.current_period_end);
    expect(end.year).toBe(start.year + 1);
    expect(end.month).toBe(start.month);

    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((invoice) => invoice.amount_paid)).toEqual([41100]);
    expect(subscription.latest_invoice).toBe(invoices.data[0]!.id);
  });

  it("applies a 20% promotion code to the session and the invoice", async () => {
    const { monthly } = await catalog();
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: "forever" });
    expect(coupon.id).toMatch(/^co_/);
    const promo = await stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code: "TEACH20",
    });
    expect(promo.id).toMatch(/^promo_/);
    const listed = await stripe.promotionCodes.list({ code: "TEACH20", active: true });
    expect(listed.data.map((code) => code.id)).toEqual([promo.id]);

    const session = await createSession(monthly.id, { discounts: [{ promotion_code: promo.id }] });
    expect(session.amount_total).toBe(1096);
    await pay(session.id);
    const invoice = objectOf(eventsFrom(0)[2]!);
    expect(invoice).toMatchObject({ amount_paid: 1096, subtotal: 1370 });
  });

  it("takes a promotion code typed on the hosted page when allowed", async () => {
    const { monthly } = await catalog();
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: "once" });
    await stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code: "SPRING",
    });
    const session = await createSession(monthly.id, { allow_promotion_codes: true });
    expect(await (await fetch(session.url!)).text()).toContain('<label for="promotion_code">');

    const wrong = await pay(session.id, { promotion_code: "NOPE" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('role="alert"');
    expect(receiver.received).toHaveLength(0);

    expect((await pay(session.id, { promotion_code: "spring" })).status).toBe(303);
    expect(objectOf(eventsFrom(0)[2]!)).toMatchObject({ amount_paid: 1096 });
  });
});

describe("subscriptions and the customer portal", () => {
  it("cancels and resumes through the portal pages, sending updated events", async () => {
    const { monthly } = await catalog();
    const subscription = await paidSubscription(monthly.id);
    const periodEndAt = subscription.items.data[0]!.current_period_end;
    const customer = subscription.customer as string;
    const before = receiver.received.length;

    const missing = await rejection(stripe.billingPortal.sessions.create({ customer: "cus_nope" }));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    const portal = await stripe.billingPortal.sessions.create({
      customer,
      return_url: "http://parley.test/account",
    });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.url).toBe(`${standIn.url}/portal/${portal.id}`);

    let html = await (await fetch(portal.url)).text();
    expect(html).toContain("<h1>Stripe stand-in customer portal</h1>");
    expect(html).toContain("Renews on");
    expect(html).toContain(">Cancel subscription</button>");
    expect(html).toContain('<a href="http://parley.test/account">Return to Parley</a>');
    expect(html).toMatch(/Invoice PARL-\d{4}<\/a>: €13\.70/);

    const cancel = await fetch(`${standIn.url}/portal/${portal.id}/cancel?sub=${subscription.id}`, {
      method: "POST",
      redirect: "manual",
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe(portal.url);
    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    expect(canceled).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: periodEndAt,
    });
    const [updated] = eventsFrom(before);
    expect(updated?.type).toBe("customer.subscription.updated");
    expect(objectOf(updated!)).toMatchObject({ cancel_at_period_end: true });
    expect(updated?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    html = await (await fetch(portal.url)).text();
    expect(html).toContain("Ends on");
    expect(html).toContain(">Resume subscription</button>");

    const resume = await fetch(`${standIn.url}/portal/${portal.id}/resume?sub=${subscription.id}`, {
      method: "POST",
      redirect: "manual",
    });
    expect(resume.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
    const resumed = eventsFrom(before + 1);
    expect(resumed.map((event) => event.type)).toEqual(["customer.subscription.updated"]);
    expect(objectOf(resumed[0]!)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
  });

  it("sets statuses for tests: past_due sends updated, canceled sends deleted", async () => {
    const { monthly } = await catalog();
    const subscription = await paidSubscription(monthly.id);
    const before = receiver.received.length;

    await standIn.setSubscriptionStatus(subscription.id, "past_due");
    await standIn.setSubscriptionStatus(subscription.id, "canceled");
    await standIn.setSubscriptionStatus(subscription.id, "active", { send: false });
    await standIn.setSubscriptionStatus(subscription.id, "canceled", { send: false });

    const events = eventsFrom(before);
    expect(events.map((event) => event.type)).toEqual([
      "customer.subscription.updated",
      "customer.subscription.deleted",
    ]);
    expect(objectOf(events[0]!)).toMatchObject({ status: "past_due" });
    expect(events[0]!.data.previous_attributes).toMatchObject({ status: "active" });
    expect(objectOf(events[1]!)).toMatchObject({ status: "canceled" });
    expect(objectOf(events[1]!).ended_at).toEqual(expect.any(Number));
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: "canceled",
    });
  });
});

describe("webhook delivery", () => {
  it("records the endpoint's status, and 0 when there is no endpoint or it is down", async () => {
    const event = standIn.makeEvent("customer.updated", { id: "cus_x", object: "customer" });

    receiver.status = 500;
    expect(await standIn.deliver(event)).toBe(500);
    expect(verify(receiver.received[0]).id).toBe(event.id);

    standIn.setWebhookUrl(null);
    expect(await standIn.deliver(event)).toBe(0);

    standIn.setWebhookUrl(`http://127.0.0.1:${await getPort({ host: "127.0.0.1" })}/hook`);
    expect(await standIn.deliver(event)).toBe(0);

    expect(standIn.delivered.map((delivery) => delivery.status)).toEqual([500, 0, 0]);
    expect(receiver.received).toHaveLength(1);
  });
});
