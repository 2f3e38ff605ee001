import { eq } from "drizzle-orm";
import getPort from "get-port";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userData } from "@db/schema";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { formatPrice } from "~/features/membership/prices";
import { PromotionsSchema } from "~/features/membership/promotions";
import { createSchool, setSchoolComplimentary } from "~/features/schools/schools.server";
import { seedStripe } from "~/features/membership/stripe-seed.server";
import { ROLE } from "~/lib/auth/roles";
import { organizationMembers } from "@db/schema";
import { StripeStandIn } from "../support/stripe-standin";
import { TEST_NOW } from "../support/clock";
import { HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";
import { DAY_MS } from "~/lib/time";

/**
 * The membership page and the top bar for what a teacher already has (issue 13): a premium
 * school's member or owner sees the school's plan and no checkout, whatever trial or
 * promotion runs beside it; the first view is priced in the request's country and the
 * teacher can switch currency; Happy Week tells teachers who already pay (or whose school
 * does) instead of offering them a checkout.
 */

const SECRET = "whsec_membership_plans";
const PASSWORD = "membership plans passphrase";
/** The sign-up trial, five days from its end. */
const IN_TRIAL = { trialExpiresAt: new Date(TEST_NOW.getTime() + 5 * DAY_MS), membershipPlan: 0 };

/** A Thanksgiving campaign and Happy Week, both running at TEST_NOW. */
const CAMPAIGNS = PromotionsSchema.parse({
  access: [
    {
      id: "thanksgiving",
      startsAt: new Date(TEST_NOW.getTime() - 2 * DAY_MS).toISOString(),
      endsAt: new Date(TEST_NOW.getTime() + 3 * DAY_MS).toISOString(),
      accessUntil: new Date(TEST_NOW.getTime() + 20 * DAY_MS).toISOString(),
      countries: [],
    },
  ],
  discount: {
    id: "happy-week",
    startsAt: new Date(TEST_NOW.getTime() - 1 * DAY_MS).toISOString(),
    endsAt: new Date(TEST_NOW.getTime() + 6 * DAY_MS).toISOString(),
    percentOff: 30,
    promotionCode: "HAPPYPLANS30",
  },
});

const usd = (amount: number) => formatPrice(amount, "USD", "en");
const pln = (amount: number) => formatPrice(amount, "PLN", "en");
const eur = (amount: number) => formatPrice(amount, "EUR", "en");

describe("membership plans, currency and Happy Week (issue 13)", () => {
  let standin: StripeStandIn;
  let app: TestApp;
  let n = 0;

  beforeAll(async () => {
    // Stripe sees the app's clock: the campaign's promotion code is dated around TEST_NOW.
    standin = new StripeStandIn({
      webhookSecret: SECRET,
      now: () => (app ? app.clock.now() : TEST_NOW).getTime(),
    });
    await standin.start(await getPort());
    app = await startTestApp(
      {
        TRUSTED_PROXY_HEADER: "x-forwarded-for",
        STRIPE_SECRET_KEY: "sk_test_plans",
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_URL: standin.url,
      },
      { promotions: CAMPAIGNS },
    );
    standin.setWebhookUrl(`${app.url}/api/stripe/webhook`);
    await seedStripe(
      new Stripe("sk_test_plans", { host: "127.0.0.1", port: standin.port, protocol: "http" }),
      CAMPAIGNS,
    );
  });
  afterAll(async () => {
    await app?.close();
    await standin?.stop();
  });

  /** A signed-in teacher on the free plan; `data` changes their stored fields (a trial …). */
  async function teacher(label: string, data: Partial<typeof userData.$inferInsert> = {}) {
    const email = `${label}-${++n}@plans.test`;
    const { id } = await ensureUser(app.services, {
      email,
      firstName: label,
      lastName: "Teacher",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    if (Object.keys(data).length)
      await app.database.db.update(userData).set(data).where(eq(userData.userId, id));
    const client = new HttpSession(app.url, { "x-forwarded-for": `10.13.0.${n}` });
    expect((await client.postForm("/auth/sign-in", { email, password: PASSWORD })).status).toBe(
      302,
    );
    return { id, email, client };
  }

  async function page(client: HttpSession, path: string, headers: Record<string, string> = {}) {
    const res = await client.get(path, headers);
    expect(res.status).toBe(200);
    return res.text();
  }

  /** A school with a premium plan (a contract), its owner and members. */
  async function premiumSchool(name: string, ownerEmail: string, memberIds: string[]) {
    const id = await createSchool(app.services, { name, ownerEmail, seats: 5, countryCode: null });
    await setSchoolComplimentary(app.services, id, true);
    await app.database.db
      .insert(organizationMembers)
      .values(memberIds.map((userId) => ({ organizationId: id, userId, role: "member" as const })));
    return id;
  }

  it("takes each form at its own address only, and only from a signed-in user", async () => {
    const { id, client } = await teacher("addresses");
    // The page itself has no action any more (one form per route): the old one-action post
    // with an intent changes nothing.
    const old = await client.postForm("/dashboard/membership", { intent: "claim-promotion" });
    expect(old.status).toBe(405);
    await old.arrayBuffer();
    const [row] = await app.database.db.select().from(userData).where(eq(userData.userId, id));
    expect(row?.thanksgiving).toBe(false);
    // Without JavaScript a form's answer is the whole page, on the page's query (the currency
    // picked), with the form's message.
    const html = await page(client, "/dashboard/membership?currency=EUR");
    expect(html).toContain('action="/dashboard/membership/redeem?currency=EUR"');
    const redeemed = await client.postForm("/dashboard/membership/redeem?currency=EUR", {
      code: "NOSUCHCODE99",
    });
    expect(redeemed.status).toBe(422);
    const answered = await redeemed.text();
    expect(answered).toContain("recognise this code");
    expect(answered).toContain(eur(13.7));
    expect(answered).toContain("Continue to secure payment");
    const anonymous = new HttpSession(app.url);
    for (const form of [
      "checkout",
      "portal",
      "school-checkout",
      "school-portal",
      "redeem",
      "accept-invite",
      "invite",
      "revoke-invite",
      "remove-member",
      "leave",
      "claim-promotion",
    ]) {
      const refused = await anonymous.postForm(`/dashboard/membership/${form}`, {});
      expect(refused.status, form).toBe(302);
      expect(locationOf(refused), form).toMatch(/^\/auth\//);
    }
  });

  it("a premium school's member and owner see the school's plan, who manages it and no checkout", async () => {
    // The owner is still in the sign-up trial; the member claimed the running promotion.
    const owner = await teacher("owner", IN_TRIAL);
    const member = await teacher("member");
    expect((await member.client.postForm("/dashboard/membership/claim-promotion", {})).status).toBe(
      302,
    );
    const outsider = await teacher("outsider");
    await premiumSchool("Riverside Language School", owner.email, [member.id]);

    for (const { client } of [owner, member]) {
      const html = await page(client, "/dashboard/membership");
      expect(html).toContain("School Premium");
      expect(html).toContain("Riverside Language School");
      // Who manages it, with their address.
      expect(html).toContain(`owner Teacher (${owner.email})`);
      // Nothing says the access ends or offers to pay.
      expect(html).not.toContain("Afterwards your account moves to the free plan");
      expect(html).not.toContain("Your free trial ends on");
      expect(html).not.toContain("Your Premium access lasts until");
      expect(html).not.toContain("Continue to secure payment");
      expect(html).not.toContain('action="/dashboard/membership/checkout"');
      // The dashboard's top bar shows the school's plan, not the trial, the promotion or its
      // banner.
      const dashboard = await page(client, "/dashboard");
      expect(dashboard).toContain('data-testid="school-plan-indicator"');
      expect(dashboard).toContain("School Premium");
      expect(dashboard).not.toContain('data-testid="trial-indicator"');
      expect(dashboard).not.toContain("Premium access until");
      expect(dashboard).not.toContain('data-testid="promotion-banner"');
      expect(dashboard).not.toContain("Claim your free premium");
      expect(dashboard).not.toContain("left in your trial");

      // A checkout posted anyway is refused with the reason.
      const refused = await client.postForm("/dashboard/membership/checkout", {
        interval: "year",
      });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(
        "Your school, Riverside Language School, already gives you Premium",
      );
    }
    // The member keeps the campaign's access underneath; only what is shown changed.
    const [row] = await app.database.db
      .select()
      .from(userData)
      .where(eq(userData.userId, member.id));
    expect(row?.thanksgiving).toBe(true);

    // A teacher outside the school still gets the campaign and the checkout.
    expect(await page(outsider.client, "/dashboard")).toContain('data-testid="promotion-banner"');
    expect(await page(outsider.client, "/dashboard/membership")).toContain(
      "Continue to secure payment",
    );
  });

  it("a teacher paying for their own subscription in a premium school is told they can cancel it", async () => {
    const payer = await teacher("payer", {
      membershipPlan: 1,
      subscriptionId: "sub_plans_payer",
      subscriptionStatus: "ACTIVE",
      membershipPlanInterval: 12,
      subscriptionExpiredAt: new Date(TEST_NOW.getTime() + 100 * DAY_MS),
    });
    const owner = await teacher("payer-school-owner");
    await premiumSchool("Hillside English", owner.email, [payer.id]);
    const html = await page(payer.client, "/dashboard/membership");
    expect(html).toContain("Premium, yearly");
    expect(html).toContain(
      "Your school, Hillside English, also gives you Premium. If you no longer need your own subscription, cancel it in the billing portal",
    );
  });

  it("prices the first view in the request's country and lets the teacher switch currency", async () => {
    // A new teacher: no country stored yet (the browser's geo lookup has not run).
    const viaCdn = await teacher("cdn", { countryCode: null });
    const first = await page(viaCdn.client, "/dashboard/membership", { "cf-ipcountry": "PL" });
    expect(first).toContain(pln(47));
    expect(first).toContain(pln(470));
    expect(first).not.toContain(usd(13.7));
    // Without a CDN header the offline GeoIP database decides (83.0.0.1 is in Poland).
    const viaIp = await teacher("ip", { countryCode: null });
    expect(
      await page(viaIp.client, "/dashboard/membership", { "x-forwarded-for": "83.0.0.1" }),
    ).toContain(pln(470));
    // The country stored on the account comes first.
    const german = await teacher("german", { countryCode: "DE" });
    expect(await page(german.client, "/dashboard/membership", { "cf-ipcountry": "PL" })).toContain(
      eur(137),
    );

    // The switch: links like the landing's, the pick shown as current.
    expect(first).toMatch(
      /<a[^>]*aria-current="true"[^>]*href="\/dashboard\/membership\?currency=PLN"|<a[^>]*href="\/dashboard\/membership\?currency=PLN"[^>]*aria-current="true"/,
    );
    const switched = await page(viaCdn.client, "/dashboard/membership?currency=EUR", {
      "cf-ipcountry": "PL",
    });
    expect(switched).toContain(eur(13.7));
    expect(switched).toContain(eur(137));
    expect(switched).not.toContain(pln(47));

    // Checkout charges in the currency the prices were shown in (the amount is the server's).
    const checkout = async (fields: Record<string, string>) => {
      const res = await viaCdn.client.postForm(
        "/dashboard/membership/checkout",
        { interval: "month", ...fields },
        { "cf-ipcountry": "PL" },
      );
      expect(res.status).toBe(302);
      return standin.checkoutSessions.get(locationOf(res).split("/pay/")[1] ?? "") as {
        currency: string;
        amount_total: number;
      };
    };
    expect(await checkout({ currency: "EUR", amount: "1" })).toMatchObject({
      currency: "eur",
      amount_total: 1370,
    });
    // A form without the field: the request's country, as on the page.
    expect(await checkout({})).toMatchObject({ currency: "pln", amount_total: 4700 });
    const bad = await viaCdn.client.postForm("/dashboard/membership/checkout", {
      interval: "month",
      currency: "GBP",
    });
    expect(bad.status).toBe(400);
  });

  it("Happy Week tells teachers who already pay, or whose school does, and offers them no checkout", async () => {
    const periodEnd = new Date(TEST_NOW.getTime() + 40 * DAY_MS);
    const subscriber = await teacher("subscriber", {
      membershipPlan: 1,
      subscriptionId: "sub_plans_subscriber",
      subscriptionStatus: "ACTIVE",
      membershipPlanInterval: 1,
      subscriptionExpiredAt: periodEnd,
    });
    const lifetime = await teacher("lifetime", {
      membershipPlan: 1,
      subscriptionStatus: "INFINITE",
    });
    const owner = await teacher("happy-owner");
    const member = await teacher("happy-member");
    await premiumSchool("Happy Valley School", owner.email, [member.id]);
    const trialing = await teacher("trialing", IN_TRIAL);
    const free = await teacher("happy-free");

    const offer = "Get the discount";
    const sub = await page(subscriber.client, "/r/happy-week");
    expect(sub).toContain("You already have Premium, paid until");
    expect(sub).toContain(periodEnd.toISOString());
    expect(sub).toContain("Happy Week prices apply to new memberships only");
    expect(sub).not.toContain(offer);
    const school = await page(member.client, "/r/happy-week");
    expect(school).toContain("Your school, Happy Valley School, already gives you Premium");
    expect(school).toContain("Happy Week prices apply to new memberships only");
    expect(school).not.toContain(offer);
    expect(await page(owner.client, "/r/happy-week")).not.toContain(offer);
    const forever = await page(lifetime.client, "/r/happy-week");
    expect(forever).toContain("You already have Premium, so there is nothing to discount");
    expect(forever).not.toContain(offer);

    // Posted anyway, the checkout is refused with the same words.
    for (const { client } of [subscriber, lifetime, member]) {
      const refused = await client.postForm("/r/happy-week", { interval: "month" });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toMatch(/already gives you Premium|You already have Premium/);
    }

    // A teacher on a trial is offered the discount and told when it starts.
    const trial = await page(trialing.client, "/r/happy-week");
    expect(trial).toContain(offer);
    expect(trial).toContain("A membership bought now starts today");
    const discounted = await trialing.client.postForm("/r/happy-week", {
      interval: "month",
      currency: "USD",
    });
    expect(discounted.status).toBe(302);
    expect(
      standin.checkoutSessions.get(locationOf(discounted).split("/pay/")[1] ?? ""),
    ).toMatchObject({ amount_total: 959 });
    // A free teacher gets the offer without that note.
    const plain = await page(free.client, "/r/happy-week");
    expect(plain).toContain(offer);
    expect(plain).not.toContain("A membership bought now starts today");
  });
});
