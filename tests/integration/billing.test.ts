import { eq, sql } from "drizzle-orm";
import getPort from "get-port";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, organizationMembers, redeemCodes, stripeEvents, userData } from "@db/schema";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { recheckStaleSubscriptions } from "~/features/membership/billing.server";
import { createCode, normalizeCode } from "~/features/membership/grants.server";
import { PromotionsSchema } from "~/features/membership/promotions";
import { createSchool, setSchoolComplimentary } from "~/features/schools/schools.server";
import { sendTrialReminders } from "~/features/membership/jobs.server";
import { seedStripe } from "~/features/membership/stripe-seed.server";
import { ROLE } from "~/lib/auth/roles";
import { queryRows } from "~/lib/db.server";
import type { Services } from "~/lib/services.server";
import { StripeStandIn } from "../support/stripe-standin";
import { HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";
import { DAY_MS } from "~/lib/time";

/**
 * Membership and billing over HTTP against the local Stripe stand-in, driven by the real
 * Stripe SDK in the app: checkout, webhooks (signed, duplicated, out of order), re-checks,
 * the daily repair, redeem codes and trial reminders.
 */

const SECRET = "whsec_billing_test_secret";
const PASSWORD = "billing test passphrase";

describe("membership and billing (issue 8)", () => {
  let standin: StripeStandIn;
  let app: TestApp;
  let stripe: Stripe;
  let services: Services;
  let n = 0;

  async function teacher(email: string, country: string | null = null) {
    const { id } = await ensureUser(services, {
      email,
      firstName: "Bill",
      lastName: "Ing",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    if (country)
      await services.db
        .update(userData)
        .set({ countryCode: country })
        .where(eq(userData.userId, id));
    const client = new HttpSession(app.url, { "x-forwarded-for": `10.8.0.${++n}` });
    const res = await client.postForm("/auth/sign-in", { email, password: PASSWORD });
    expect(res.status).toBe(302);
    return { id, client };
  }

  async function row(userId: string) {
    const [r] = await services.db.select().from(userData).where(eq(userData.userId, userId));
    if (!r) throw new Error("no user_data");
    return r;
  }

  async function pay(client: HttpSession, interval: "month" | "year") {
    const res = await client.postForm("/dashboard/membership/checkout", { interval });
    expect(res.status).toBe(302);
    const checkoutUrl = locationOf(res);
    expect(checkoutUrl).toContain(`${standin.url}/pay/cs_`);
    const sessionId = checkoutUrl.split("/pay/")[1] ?? "";
    const paid = await fetch(checkoutUrl, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    return { sessionId, successUrl: paid.headers.get("location") ?? "" };
  }

  async function premiumOpens(client: HttpSession) {
    const [premium] = await queryRows<{ id: string }>(
      services.db,
      sql`select id from exercises where not is_free order by id limit 1`,
    );
    const html = await (await client.get(`/dashboard/exercises/${premium?.id}`)).text();
    return !html.includes("Go Premium");
  }

  beforeAll(async () => {
    standin = new StripeStandIn({ webhookSecret: SECRET });
    await standin.start(await getPort());
    app = await startTestApp({
      TRUSTED_PROXY_HEADER: "x-forwarded-for",
      STRIPE_SECRET_KEY: "sk_test_parley",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: standin.url,
    });
    services = app.services;
    standin.setWebhookUrl(`${app.url}/api/stripe/webhook`);
    stripe = new Stripe("sk_test_parley", {
      host: "127.0.0.1",
      port: standin.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await seedStripe(stripe);
  });
  afterAll(async () => {
    await app?.close();
    await standin?.stop();
  });

  it("a free teacher in Germany pays yearly in EUR and is premium after the webhook", async () => {
    const { id, client } = await teacher("yearly@billing.test", "DE");
    const { sessionId, successUrl } = await pay(client, "year");
    const session = standin.checkoutSessions.get(sessionId) as { customer: string } | undefined;
    expect(session?.customer).toMatch(/^cus_/);
    // Three signed events, each accepted.
    const delivered = standin.delivered.slice(-3);
    expect(delivered.map((d) => d.event.type)).toEqual([
      "checkout.session.completed",
      "customer.subscription.created",
      "invoice.paid",
    ]);
    expect(delivered.every((d) => d.status === 200)).toBe(true);

    const r = await row(id);
    expect(r.subscriptionStatus).toBe("ACTIVE");
    expect(r.membershipPlan).toBe(1);
    expect(r.membershipPlanInterval).toBe(12);
    expect(r.stripeCustomerId).toBe(session?.customer);
    const sub = await stripe.subscriptions.retrieve(r.subscriptionId ?? "");
    expect(sub.items.data[0]?.price.lookup_key).toBe("parley_premium_year_eur");
    expect(sub.items.data[0]?.price.unit_amount).toBe(13700);

    // Back on Parley: the page confirms, shows the plan and the invoice.
    const back = await client.get(new URL(successUrl).pathname + new URL(successUrl).search);
    expect(back.status).toBe(200);
    const html = await back.text();
    expect(html).toContain("Premium, yearly");
    expect(html).toContain("€137.00");
    // Premium content opens now.
    const [premium] = await queryRows<{ id: string }>(
      services.db,
      sql`select id from exercises where not is_free limit 1`,
    );
    const exercise = await client.get(`/dashboard/exercises/${premium?.id}`);
    expect(exercise.status).toBe(200);
    expect(await exercise.text()).not.toContain("Go Premium");
    // The email collection's welcome, once, however many events the payment brought.
    const welcome = (
      await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, "yearly@billing.test"))
    ).filter((m) => m.kind === "email-welcome-to-premium");
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.text).toContain("Premium, yearly");
  });

  it("charges in the visitor's currency and never takes an amount from the browser", async () => {
    const { client } = await teacher("poland@billing.test", "PL");
    const res = await client.postForm("/dashboard/membership/checkout", {
      interval: "month",
      amount: "1",
      price: "price_fake",
    });
    const sessionId = locationOf(res).split("/pay/")[1] ?? "";
    const session = standin.checkoutSessions.get(sessionId) as
      { amount_total: number; currency: string } | undefined;
    expect(session?.currency).toBe("pln");
    expect(session?.amount_total).toBe(4700);
    const bad = await client.postForm("/dashboard/membership/checkout", {
      interval: "week",
    });
    expect(bad.status).toBe(400);
  });

  it("ignores a second delivery of the same event", async () => {
    const { id, client } = await teacher("dup@billing.test", "US");
    await pay(client, "month");
    const created = standin.delivered.find(
      (d) =>
        d.event.type === "customer.subscription.created" &&
        (d.event.data.object as { metadata?: { userId?: string } }).metadata?.userId === id,
    );
    expect(created).toBeDefined();
    const before = await services.db.select().from(stripeEvents);
    const again = await standin.deliver(created!.event);
    expect(again).toBe(200);
    expect((await services.db.select().from(stripeEvents)).length).toBe(before.length);
    expect((await row(id)).subscriptionStatus).toBe("ACTIVE");
  });

  it("ends in Stripe's real state when events arrive out of order", async () => {
    const { id, client } = await teacher("order@billing.test", "FR");
    await pay(client, "month");
    const subscriptionId = (await row(id)).subscriptionId ?? "";
    // An "active" update is created now but delivered only after the cancellation.
    const snapshot = standin.subscriptions.get(subscriptionId);
    expect(snapshot).toBeDefined();
    const stale = standin.makeEvent("customer.subscription.updated", structuredClone(snapshot!));
    await standin.setSubscriptionStatus(subscriptionId, "canceled");
    const r1 = await row(id);
    expect(r1.subscriptionStatus).toBe("CANCELED");
    expect(r1.membershipPlan).toBe(0);
    expect(await standin.deliver(stale)).toBe(200);
    const r2 = await row(id);
    expect(r2.subscriptionStatus).toBe("CANCELED");
    expect(r2.subscriptionExpiredAt).not.toBeNull();
  });

  it("refuses unsigned, forged and stale webhooks", async () => {
    const body = JSON.stringify(
      standin.makeEvent("customer.subscription.updated", { id: "sub_x" }),
    );
    const post = (headers: Record<string, string>) =>
      fetch(`${app.url}/api/stripe/webhook`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...headers },
      });
    expect((await post({})).status).toBe(400);
    expect((await post({ "stripe-signature": "t=1,v1=abc" })).status).toBe(400);
    const old = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const stale = await post({ "stripe-signature": old });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toEqual({ received: false, error: "Invalid webhook signature." });
    const wrongSecret = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: "whsec_other",
    });
    expect((await post({ "stripe-signature": wrongSecret })).status).toBe(400);
  });

  it("ends premium when a signed customer.subscription.deleted arrives", async () => {
    const { id, client } = await teacher("deleted@billing.test", "DE");
    await pay(client, "month");
    const subscriptionId = (await row(id)).subscriptionId ?? "";
    expect(await premiumOpens(client)).toBe(true);
    expect(await (await client.get("/dashboard/membership")).text()).toContain("Premium, monthly");
    // Stripe ends the subscription (payment retries ran out); this test delivers the event.
    await standin.setSubscriptionStatus(subscriptionId, "canceled", { send: false });
    const event = standin.makeEvent(
      "customer.subscription.deleted",
      structuredClone(standin.subscriptions.get(subscriptionId)!),
    );
    const payload = JSON.stringify(event);
    const delivered = await fetch(`${app.url}/api/stripe/webhook`, {
      method: "POST",
      body: payload,
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
    });
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true });

    const r = await row(id);
    expect(r).toMatchObject({ subscriptionStatus: "CANCELED", membershipPlan: 0, subscriptionId });
    expect(r.subscriptionExpiredAt).not.toBeNull();
    const [recorded] = await services.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id));
    expect(recorded).toMatchObject({
      type: "customer.subscription.deleted",
      objectId: subscriptionId,
    });
    expect(recorded?.processedAt).not.toBeNull();
    // Premium content locks again and the membership page shows the free plan.
    expect(await premiumOpens(client)).toBe(false);
    const page = await (await client.get("/dashboard/membership")).text();
    expect(page).toContain("Free plan");
    expect(page).not.toContain("Premium, monthly");
  });

  it("re-checks a subscription at most once a day, and the daily job repairs missed webhooks", async () => {
    const { id, client } = await teacher("recheck@billing.test", "US");
    await pay(client, "month");
    const subscriptionId = (await row(id)).subscriptionId ?? "";
    // Stripe changes without telling us (a lost webhook).
    await standin.setSubscriptionStatus(subscriptionId, "past_due", { send: false });
    const fresh = await client.fetch("/api/stripe/check", { method: "POST" });
    expect(await fresh.json()).toMatchObject({ checked: false, status: "ACTIVE" });

    await services.db
      .update(userData)
      .set({
        subscriptionStatusUpdatedAt: new Date(app.clock.now().getTime() - 25 * 60 * 60 * 1000),
      })
      .where(eq(userData.userId, id));
    const due = await client.fetch("/api/stripe/check", { method: "POST" });
    expect(await due.json()).toMatchObject({ checked: true, status: "PAST_DUE" });

    await standin.setSubscriptionStatus(subscriptionId, "active", { send: false });
    await services.db
      .update(userData)
      .set({ subscriptionStatusUpdatedAt: new Date(app.clock.now().getTime() - 2 * DAY_MS) })
      .where(eq(userData.userId, id));
    const repaired = await recheckStaleSubscriptions(services);
    expect(repaired.checked).toBeGreaterThanOrEqual(1);
    expect((await row(id)).subscriptionStatus).toBe("ACTIVE");
  });

  it("says the payment went through only for a checkout Stripe confirms as paid", async () => {
    const { client } = await teacher("unconfirmed@billing.test", "US");
    const SUCCESS = "Your payment went through";
    // A session Stripe does not know, and one that was opened but never paid.
    const unknown = await client.get(
      "/dashboard/membership?checkout=success&session_id=cs_made_up_1234",
    );
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).not.toContain(SUCCESS);
    const started = await client.postForm("/dashboard/membership/checkout", {
      interval: "month",
    });
    const sessionId = locationOf(started).split("/pay/")[1] ?? "";
    const unpaid = await client.get(
      `/dashboard/membership?checkout=success&session_id=${sessionId}`,
    );
    expect(await unpaid.text()).not.toContain(SUCCESS);
    // Once paid, the same return shows it.
    await fetch(locationOf(started), { method: "POST", redirect: "manual" });
    const paid = await client.get(`/dashboard/membership?checkout=success&session_id=${sessionId}`);
    expect(await paid.text()).toContain(SUCCESS);
  });

  it("the daily re-check leaves ended subscriptions alone", async () => {
    const { id, client } = await teacher("ended@billing.test", "US");
    await pay(client, "month");
    const stale = new Date(app.clock.now().getTime() - 3 * DAY_MS);
    for (const status of ["CANCELED", "INCOMPLETE_EXPIRED"]) {
      await services.db
        .update(userData)
        .set({ subscriptionStatus: status, subscriptionStatusUpdatedAt: stale })
        .where(eq(userData.userId, id));
      await recheckStaleSubscriptions(services);
      const after = await row(id);
      expect(after.subscriptionStatus, status).toBe(status);
      expect(after.subscriptionStatusUpdatedAt?.getTime(), status).toBe(stale.getTime());
    }
  });

  it("opens the customer portal and lists invoices", async () => {
    const { client } = await teacher("portal@billing.test", "DE");
    await pay(client, "month");
    const portal = await client.postForm("/dashboard/membership/portal", {});
    expect(portal.status).toBe(302);
    expect(locationOf(portal)).toContain(`${standin.url}/portal/bps_`);
    const page = await (await client.get("/dashboard/membership")).text();
    expect(page).toContain("Invoices");
    expect(page).toContain("€13.70");
  });

  describe("redeem codes", () => {
    it("gives days of premium and explains every refusal", async () => {
      const admin = await ensureUser(services, {
        email: "codes-admin@billing.test",
        firstName: "Ad",
        lastName: "Min",
        role: ROLE.TEACHER | ROLE.ADMIN,
        password: PASSWORD,
      });
      const days = await createCode(services, admin.id, { kind: "days", days: 30, maxUses: 1 });
      const expired = await createCode(services, admin.id, {
        kind: "days",
        days: 30,
        maxUses: 5,
        expiresAt: new Date(app.clock.now().getTime() - DAY_MS),
      });
      const { id, client } = await teacher("redeem@billing.test");
      const redeem = async (code: string) => {
        const res = await client.postForm("/dashboard/membership/redeem", { code });
        return { status: res.status, html: await res.text() };
      };
      const pretty =
        (days ?? "")
          .match(/.{1,4}/g)
          ?.join("-")
          .toLowerCase() ?? "";
      const ok = await redeem(` ${pretty} `);
      expect(ok.status).toBe(200);
      expect(ok.html).toContain("Done! You have 30 more days of Premium.");
      const r = await row(id);
      expect(r.accessGrant).toBe("code");
      expect(r.trialExpiresAt!.getTime()).toBeGreaterThan(app.clock.now().getTime() + 29 * DAY_MS);

      expect((await redeem(days ?? "")).html).toContain("You have already redeemed this code.");
      const gone = await redeem(expired ?? "");
      expect(gone.status).toBe(422);
      expect(gone.html).toContain("This code has expired.");
      expect((await redeem("NOSUCHCODE99")).html).toContain("recognise this code");
      const other = await teacher("redeem2@billing.test");
      const used = await other.client.postForm("/dashboard/membership/redeem", {
        code: days ?? "",
      });
      expect(await used.text()).toContain("already been used the maximum number of times");
      const [stored] = await services.db
        .select()
        .from(redeemCodes)
        .where(eq(redeemCodes.code, normalizeCode(days ?? "")));
      expect(stored?.uses).toBe(1);
    });

    it("allows at most 10 attempts an hour", async () => {
      const { client } = await teacher("rate@billing.test");
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await client.postForm("/dashboard/membership/redeem", {
          code: `WRONGCODE${i}X`,
        });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
      expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  it("drops a teacher to free when the trial runs out, keeping favorites and lessons", async () => {
    const { id, client } = await teacher("expiring@billing.test");
    const [premium] = await queryRows<{ id: string }>(
      services.db,
      sql`select id from exercises where not is_free order by id limit 1`,
    );
    await services.db
      .update(userData)
      .set({ trialExpiresAt: new Date(app.clock.now().getTime() + 60 * 60 * 1000) })
      .where(eq(userData.userId, id));
    await services.db.execute(
      sql`insert into favorites (user_id, exercise_id) values (${id}, ${premium?.id})`,
    );
    const during = await (await client.get(`/dashboard/exercises/${premium?.id}`)).text();
    expect(during).not.toContain("Go Premium");
    // The expiry passes.
    await services.db
      .update(userData)
      .set({ trialExpiresAt: new Date(app.clock.now().getTime() - 60 * 1000) })
      .where(eq(userData.userId, id));
    const after = await (await client.get(`/dashboard/exercises/${premium?.id}`)).text();
    expect(after).toContain("Go Premium");
    const favorites = await (await client.get("/dashboard/favorites")).text();
    expect(favorites).toContain(premium?.id ?? "missing");
    const membership = await (await client.get("/dashboard/membership")).text();
    expect(membership).toContain("Your trial ended on");
  });

  it("reminds a teacher the day before premium access ends, once", async () => {
    const { id } = await teacher("reminder@billing.test");
    await services.db
      .update(userData)
      .set({
        trialExpiresAt: new Date(app.clock.now().getTime() + 12 * 60 * 60 * 1000),
        trialReminderSentAt: null,
      })
      .where(eq(userData.userId, id));
    const first = await sendTrialReminders(services);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mails = await services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "reminder@billing.test"));
    expect(mails).toHaveLength(1);
    // A sign-up trial: the email collection's reminder (English here).
    expect(mails[0]?.subject).toMatch(/, your Parley trial ends tomorrow$/);
    expect(mails[0]?.text).toContain("/dashboard/membership");
    await sendTrialReminders(services);
    expect(
      await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, "reminder@billing.test")),
    ).toHaveLength(1);
  });
});

// Promotion claiming (campaigns, clock) is tested in promotions.test.ts.
describe("schools, reviews, admin grants and the happy-week discount", () => {
  let standin: StripeStandIn;
  let app: TestApp;
  let services: Services;
  let stripe: Stripe;
  let n = 0;

  async function account(email: string, role: number = ROLE.TEACHER) {
    const { id } = await ensureUser(services, {
      email,
      firstName: email.split("@")[0] ?? "T",
      lastName: "Teacher",
      role,
      password: PASSWORD,
    });
    const client = new HttpSession(app.url, { "x-forwarded-for": `10.12.0.${++n}` });
    const res = await client.postForm("/auth/sign-in", { email, password: PASSWORD });
    expect(res.status).toBe(302);
    return { id, client };
  }

  async function premiumExerciseOpens(client: HttpSession) {
    const [premium] = await queryRows<{ id: string }>(
      services.db,
      sql`select id from exercises where not is_free order by id limit 1`,
    );
    const html = await (await client.get(`/dashboard/exercises/${premium?.id}`)).text();
    return !html.includes("Go Premium");
  }

  beforeAll(async () => {
    standin = new StripeStandIn({ webhookSecret: SECRET });
    await standin.start(await getPort());
    app = await startTestApp({
      TRUSTED_PROXY_HEADER: "x-forwarded-for",
      STRIPE_SECRET_KEY: "sk_test_parley",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: standin.url,
      PUBLIC_RATING_MIN_REVIEWS: "2",
    });
    services = app.services;
    standin.setWebhookUrl(`${app.url}/api/stripe/webhook`);
    stripe = new Stripe("sk_test_parley", {
      host: "127.0.0.1",
      port: standin.port,
      protocol: "http",
    });
    await seedStripe(stripe);
  });
  afterAll(async () => {
    await app?.close();
    await standin?.stop();
  });

  it("a school invites a teacher by email, who gets premium through the school and keeps their data on leaving", async () => {
    const admin = await account("school-admin@billing.test", ROLE.TEACHER | ROLE.ADMIN);
    const owner = await account("owner@billing.test");
    const teacher = await account("member@billing.test");
    const outsider = await account("outsider@billing.test");

    // Only administrators create schools.
    const refused = await owner.client.postForm("/admin/organizations/create", {
      intent: "create",
      name: "Sneaky School",
      ownerEmail: "owner@billing.test",
      seats: "5",
      countryCode: "",
    });
    expect(refused.status).toBe(302);
    // The page takes no form itself: each has its own route (issue 20).
    const old = await admin.client.postForm("/admin/organizations", {
      intent: "create",
      name: "Old Address School",
      ownerEmail: "owner@billing.test",
      seats: "3",
      countryCode: "",
    });
    expect(old.status).toBe(405);
    const created = await admin.client.postForm("/admin/organizations/create", {
      intent: "create",
      name: "Riverside Language School",
      ownerEmail: "owner@billing.test",
      seats: "3",
      countryCode: "PL",
    });
    expect(created.status).toBe(200);
    expect(await (await admin.client.get("/admin/organizations")).text()).toContain(
      "Riverside Language School",
    );

    // The owner invites a teacher; the mail carries the link.
    const invited = await owner.client.postForm("/dashboard/membership/invite", {
      email: "member@billing.test",
      role: "member",
    });
    expect(await invited.text()).toContain("Invitation sent to member@billing.test");
    const [mail] = await services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "member@billing.test"));
    expect(mail?.subject).toContain("Riverside Language School");
    const link = /https?:\/\/\S+invite=[\w-]+/.exec(mail?.text ?? "")?.[0] ?? "";
    const path = new URL(link).pathname + new URL(link).search;
    const token = new URL(link).searchParams.get("invite") ?? "";

    // Someone else with the link cannot use it.
    const stolen = await outsider.client.postForm("/dashboard/membership/accept-invite", {
      token,
    });
    expect(stolen.status).toBe(409);
    expect(await stolen.text()).toContain("sent to another email address");

    // Not premium yet: the school has no plan.
    expect(await (await teacher.client.get(path)).text()).toContain(
      "Join Riverside Language School",
    );
    const joined = await teacher.client.postForm("/dashboard/membership/accept-invite", {
      token,
    });
    // Accepting leaves the invitation's address: the welcome shows alone, also on reload,
    // and the invitation's notification is read.
    expect(joined.status).toBe(302);
    expect(locationOf(joined)).toBe("/dashboard/membership?joined=1");
    const welcome = await (await teacher.client.get(locationOf(joined))).text();
    expect(welcome).toContain("Welcome to Riverside Language School!");
    expect(welcome).not.toContain("This invitation link is not valid");
    const unread = await queryRows<{ n: number }>(
      services.db,
      sql`select count(*)::int as n from notifications where user_id = ${teacher.id} and read_at is null and url like '%invite=%'`,
    );
    expect(unread[0]?.n).toBe(0);
    expect(await premiumExerciseOpens(teacher.client)).toBe(false);

    // The owner pays for five seats (yearly, PLN for a Polish school).
    const checkout = await owner.client.postForm("/dashboard/membership/school-checkout", {
      seats: "5",
    });
    expect(checkout.status).toBe(302);
    const payUrl = locationOf(checkout);
    const sessionId = payUrl.split("/pay/")[1] ?? "";
    expect(
      (standin.checkoutSessions.get(sessionId) as { amount_total: number; currency: string })
        .currency,
    ).toBe("pln");
    expect((await fetch(payUrl, { method: "POST", redirect: "manual" })).status).toBe(303);
    const [org] = await queryRows<{ subscription_status: string; seats: number }>(
      services.db,
      sql`select subscription_status, seats from organizations where name = 'Riverside Language School'`,
    );
    expect(org).toMatchObject({ subscription_status: "ACTIVE", seats: 5 });
    expect(await premiumExerciseOpens(teacher.client)).toBe(true);
    const memberPage = await (await teacher.client.get("/dashboard/membership")).text();
    expect(memberPage).toContain("School Premium");
    expect(memberPage).toContain("owner@billing.test");

    // A favorite saved as a member stays after leaving; premium goes.
    const [exercise] = await queryRows<{ id: string }>(
      services.db,
      sql`select id from exercises order by id limit 1`,
    );
    await services.db.execute(
      sql`insert into favorites (user_id, exercise_id) values (${teacher.id}, ${exercise?.id})`,
    );
    const left = await teacher.client.postForm("/dashboard/membership/leave", {});
    expect(await left.text()).toContain("You left the school");
    expect(await premiumExerciseOpens(teacher.client)).toBe(false);
    const favorites = await queryRows<{ n: number }>(
      services.db,
      sql`select count(*)::int as n from favorites where user_id = ${teacher.id}`,
    );
    expect(favorites[0]?.n).toBe(1);
    // The owner cannot leave their own school.
    const ownerLeaves = await owner.client.postForm("/dashboard/membership/leave", {});
    expect(ownerLeaves.status).toBe(409);
  });

  /** A school with premium (a complimentary contract), its owner and the given members. */
  async function schoolWith(name: string, ownerEmail: string, memberIds: string[]) {
    const id = await createSchool(services, { name, ownerEmail, seats: 5, countryCode: null });
    await setSchoolComplimentary(services, id, true);
    if (memberIds.length)
      await services.db
        .insert(organizationMembers)
        .values(
          memberIds.map((userId) => ({ organizationId: id, userId, role: "member" as const })),
        );
    return id;
  }

  async function memberIds(organizationId: string) {
    const rows = await services.db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organizationId));
    return rows.map((r) => r.userId).sort();
  }

  it("the owner removes a member, who keeps their account; members cannot remove anyone", async () => {
    const owner = await account("remove-owner@billing.test");
    const stays = await account("remove-stays@billing.test");
    const leaves = await account("remove-leaves@billing.test");
    const school = await schoolWith("Hillside English", "remove-owner@billing.test", [
      stays.id,
      leaves.id,
    ]);
    const everyone = [owner.id, stays.id, leaves.id].sort();
    expect(await premiumExerciseOpens(leaves.client)).toBe(true);
    const remove = (client: HttpSession, userId: string) =>
      client.postForm("/dashboard/membership/remove-member", { userId });

    // A member may remove neither another member nor the owner.
    for (const target of [leaves.id, owner.id]) {
      const refused = await remove(stays.client, target);
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("owner or administrators can manage");
    }
    // Nor may the owner of another school.
    const otherOwner = await account("remove-other-owner@billing.test");
    await schoolWith("Other School", "remove-other-owner@billing.test", []);
    const foreign = await remove(otherOwner.client, leaves.id);
    expect(foreign.status).toBe(409);
    expect(await foreign.text()).toContain("That school or teacher could not be found.");
    // The owner cannot be removed, not even by themselves.
    expect((await remove(owner.client, owner.id)).status).toBe(409);
    expect(await memberIds(school)).toEqual(everyone);

    // The owner removes a member: premium through the school ends, the account stays.
    const removed = await remove(owner.client, leaves.id);
    expect(removed.status).toBe(200);
    const removedPage = await removed.text();
    expect(removedPage).toContain("The teacher was removed from the school.");
    expect(removedPage).not.toContain("remove-leaves@billing.test");
    expect(await memberIds(school)).toEqual([owner.id, stays.id].sort());
    expect(await premiumExerciseOpens(leaves.client)).toBe(false);
    expect((await leaves.client.get("/dashboard")).status).toBe(200);
    expect(await premiumExerciseOpens(stays.client)).toBe(true);
  });

  it("answers /api/user/organization for the teacher's own school and refuses another user's", async () => {
    const admin = await account("org-admin@billing.test", ROLE.TEACHER | ROLE.ADMIN);
    const owner = await account("org-owner@billing.test");
    const member = await account("org-member@billing.test");
    const outsider = await account("org-outsider@billing.test");
    await schoolWith("Lakeside Tutors", "org-owner@billing.test", [member.id]);
    type Answer = { organization: { name: string; role: string; members: { id: string }[] } };

    const own = await member.client.get("/api/user/organization");
    expect(own.status).toBe(200);
    const body = (await own.json()) as Answer;
    expect(body.organization).toMatchObject({ name: "Lakeside Tutors", role: "member" });
    expect(body.organization.members.map((m) => m.id).sort()).toEqual([owner.id, member.id].sort());
    expect((await member.client.get(`/api/user/organization?userId=${member.id}`)).status).toBe(
      200,
    );

    // Anyone else's, even the school owner asking about their member: 403, nothing revealed.
    for (const [client, userId] of [
      [outsider.client, member.id],
      [member.client, owner.id],
      [owner.client, member.id],
    ] as const) {
      const refused = await client.get(`/api/user/organization?userId=${userId}`);
      expect(refused.status).toBe(403);
      const text = await refused.text();
      expect(JSON.parse(text)).toEqual({ error: "You can only see your own organization." });
      expect(text).not.toContain("Lakeside");
    }
    // Administrators may look; signed-out visitors may not.
    const byAdmin = await admin.client.get(`/api/user/organization?userId=${member.id}`);
    expect(((await byAdmin.json()) as Answer).organization.name).toBe("Lakeside Tutors");
    const anonymous = new HttpSession(app.url, { "x-forwarded-for": "10.12.9.11" });
    expect((await anonymous.get(`/api/user/organization?userId=${member.id}`)).status).toBe(401);
  });

  it("administrators grant days of premium and create codes; teachers cannot", async () => {
    const admin = await account("grant-admin@billing.test", ROLE.TEACHER | ROLE.ADMIN);
    const teacher = await account("granted@billing.test");
    const forbidden = await teacher.client.postForm("/admin/users/access", {
      intent: "grant-days",
      userId: teacher.id,
      days: "365",
    });
    expect(forbidden.status).toBe(302);
    expect(await premiumExerciseOpens(teacher.client)).toBe(false);
    const granted = await admin.client.postForm("/admin/users/access", {
      intent: "grant-days",
      userId: teacher.id,
      days: "10",
    });
    expect(await granted.text()).toContain("Premium was granted.");
    expect(await premiumExerciseOpens(teacher.client)).toBe(true);
    const dashboard = await (await teacher.client.get("/dashboard")).text();
    expect(dashboard).toMatch(/Premium access until/i);

    const code = await admin.client.postForm("/admin/codes/create", {
      intent: "create-code",
      kind: "days",
      days: "14",
      maxUses: "3",
      expiresAt: "",
      code: "WELCOME-TEACHERS",
      note: "conference",
    });
    const html = await code.text();
    // A custom code is shown as the administrator typed it (issue 13 item 16)…
    expect(html).toContain("WELCOME-TEACHERS");
    expect(html).not.toContain("WELC-OMET");
    expect(await (await admin.client.get("/admin")).text()).toContain("WELCOME-TEACHERS");
    // …and a teacher may type it in any case, with or without the dash.
    const redeemed = await teacher.client.postForm("/dashboard/membership/redeem", {
      code: "welcome teachers",
    });
    expect(redeemed.status).toBe(200);
    // A code that could never be redeemed is refused: its last day is already over.
    const yesterday = new Date(app.clock.now().getTime() - DAY_MS);
    const expired = await admin.client.postForm("/admin/codes/create", {
      intent: "create-code",
      kind: "days",
      days: "14",
      maxUses: "3",
      expiresAt: yesterday.toISOString().slice(0, 10),
      code: "ALREADY-OVER",
    });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain("That day is already over");
    expect(await (await admin.client.get("/admin")).text()).not.toContain("ALREADY-OVER");
    const teacherTries = await teacher.client.postForm("/admin/codes/create", {
      intent: "create-code",
      kind: "plan",
      maxUses: "100",
      expiresAt: "",
      code: "",
    });
    expect(teacherTries.status).toBe(302);
    // The panel's home takes no form itself: each has its own route (issue 20).
    const old = await admin.client.postForm("/admin", {
      intent: "create-code",
      kind: "plan",
      maxUses: "100",
      expiresAt: "",
      code: "OLD-ADDRESS",
    });
    expect(old.status).toBe(405);
    expect(await (await admin.client.get("/admin")).text()).not.toContain("OLD-ADDRESS");
  });

  it("collects reviews and shows their average once there are enough", async () => {
    const first = await account("review1@billing.test");
    const second = await account("review2@billing.test");
    await services.db
      .update(userData)
      .set({ reviewAskEligible: true })
      .where(eq(userData.userId, first.id));
    const page = await first.client.get("/r/review");
    expect(page.status).toBe(200);
    const [started] = await services.db
      .select()
      .from(userData)
      .where(eq(userData.userId, first.id));
    expect(started?.reviewStartedAt).not.toBeNull();
    expect(started?.reviewCompletedAt).toBeNull();
    const invalid = await first.client.postForm("/r/review", { rating: "9", text: "" });
    expect(invalid.status).toBe(400);
    const sent = await first.client.postForm("/r/review", {
      rating: "4",
      text: "Saves me an hour a week.",
      consentToPublish: "on",
    });
    expect(await sent.text()).toContain("Thank you for your review");
    const [done] = await services.db.select().from(userData).where(eq(userData.userId, first.id));
    expect(done?.reviewCompletedAt).not.toBeNull();

    // One published review is not enough (minimum 2 here): the configured rating shows.
    const anonymous = new HttpSession(app.url, { "x-forwarded-for": "10.12.9.9" });
    expect(await (await anonymous.get("/?r=1")).text()).toContain("4.9");
    await second.client.postForm("/r/review", { rating: "5", consentToPublish: "on" });
    await app.database.notify("content_changed", "test");
    await expect.poll(async () => (await anonymous.get("/")).text()).toContain('"ratingValue":4.5');
    const landing = await (await anonymous.get("/")).text();
    expect(landing).toContain('"ratingCount":2');
  });

  it("shows the happy-week page in each state: no campaign, upcoming, running, ended", async () => {
    const HAPPY_WEEK = PromotionsSchema.parse({
      access: [],
      discount: {
        id: "happy-week",
        startsAt: "2031-03-03T00:00:00Z",
        endsAt: "2031-03-10T00:00:00Z",
        percentOff: 30,
        promotionCode: "HAPPYWEEK30",
      },
    });
    await seedStripe(stripe, HAPPY_WEEK);
    const anonymous = new HttpSession(app.url, { "x-forwarded-for": "10.12.9.10" });
    const free = await account("happy-free@billing.test");
    const premium = await account("happy-premium@billing.test");
    await services.db
      .update(userData)
      .set({ membershipPlan: 1, subscriptionStatus: "INFINITE", trialExpiresAt: null })
      .where(eq(userData.userId, premium.id));
    const page = async (client: HttpSession) => {
      const res = await client.get("/r/happy-week");
      expect(res.status).toBe(200);
      return res.text();
    };
    const checkout = (client: HttpSession) =>
      client.postForm("/r/happy-week", { interval: "month" });
    const started = app.clock.now();
    try {
      // No campaign at all: the offer is over, politely.
      expect(await page(anonymous)).toContain("Happy week is over for now");

      await app.bundle.savePromotions(services, HAPPY_WEEK);
      app.clock.set(new Date("2031-03-01T12:00:00Z"));
      const upcoming = await page(anonymous);
      expect(upcoming).toContain("Happy week has not started yet");
      expect(upcoming).toContain("2031-03-03T00:00:00.000Z");
      expect(await page(free.client)).not.toContain("Get the discount");
      expect((await checkout(free.client)).status).toBe(409);

      app.clock.set(new Date("2031-03-05T12:00:00Z"));
      const running = await page(anonymous);
      expect(running).toContain("Happy week: 30% off Premium");
      expect(running).toContain("$9.59"); // 30% off $13.70 a month
      expect(running).toContain("$95.90"); // 30% off $137 a year
      expect(running).toContain("Create a free account first");
      expect(await page(free.client)).toContain("Get the discount");
      expect(await page(premium.client)).toContain("You already have Premium");
      const discounted = await checkout(free.client);
      expect(discounted.status).toBe(302);
      const session = standin.checkoutSessions.get(
        locationOf(discounted).split("/pay/")[1] ?? "",
      ) as { amount_total: number; discounts: { promotion_code: string | null }[] };
      expect(session.discounts[0]?.promotion_code).toMatch(/^promo_/);
      expect(session.amount_total).toBe(959);

      app.clock.set(new Date("2031-03-10T00:00:00Z"));
      const ended = await page(anonymous);
      expect(ended).toContain("Happy week is over for now");
      expect(ended).toContain('href="/#pricing"');
      expect(await page(free.client)).toContain('href="/dashboard/membership"');
      const late = await checkout(free.client);
      expect(late.status).toBe(409);
      expect(await late.text()).toContain("The offer has just ended");
    } finally {
      app.clock.set(started);
      await app.bundle.savePromotions(services, { access: [], discount: null });
    }
  });
});

describe("membership without Stripe keys", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
  });
  afterAll(() => app?.close());

  it("explains that online payment is not configured, while codes still give premium", async () => {
    const services = app.services;
    const { id } = await ensureUser(services, {
      email: "nostripe@billing.test",
      firstName: "No",
      lastName: "Stripe",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    const client = new HttpSession(app.url, { "x-forwarded-for": "10.8.9.1" });
    await client.postForm("/auth/sign-in", { email: "nostripe@billing.test", password: PASSWORD });
    const page = await (await client.get("/dashboard/membership")).text();
    expect(page).toContain("Online payment is not configured on this installation");
    const checkout = await client.postForm("/dashboard/membership/checkout", {
      interval: "month",
    });
    expect(checkout.status).toBe(503);
    const code = await createCode(services, id, { kind: "plan", maxUses: 1 });
    const redeemed = await client.postForm("/dashboard/membership/redeem", {
      code: code ?? "",
    });
    expect(await redeemed.text()).toContain("Premium is now yours with no end date");
    const [r] = await services.db.select().from(userData).where(eq(userData.userId, id));
    expect(r?.subscriptionStatus).toBe("INFINITE");
    expect(r?.membershipPlan).toBe(1);
    const webhook = await fetch(`${app.url}/api/stripe/webhook`, { method: "POST", body: "{}" });
    expect(webhook.status).toBe(404);
  });
});
