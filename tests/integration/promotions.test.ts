import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userData } from "@db/schema";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { PromotionsSchema } from "~/features/membership/promotions";
import { ROLE } from "~/lib/auth/roles";
import { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Promotion claiming (spec §1): offered on the page, granted by the teacher's POST, with campaigns this test defines and a clock it moves: the
 * content file's campaigns and the day the suite runs decide nothing here.
 */
const CAMPAIGNS = PromotionsSchema.parse({
  access: [
    {
      id: "thanksgiving",
      startsAt: "2030-11-28T00:00:00Z",
      endsAt: "2030-12-03T00:00:00Z",
      accessUntil: "2030-12-17T00:00:00Z",
      countries: [],
    },
    {
      id: "wosp",
      startsAt: "2031-01-20T00:00:00Z",
      endsAt: "2031-02-01T00:00:00Z",
      accessUntil: "2031-02-28T00:00:00Z",
      countries: ["PL"],
    },
  ],
  discount: null,
});
const PASSWORD = "promotion test passphrase";

describe("promotion campaigns", () => {
  let app: TestApp;
  let n = 0;

  beforeAll(async () => {
    app = await startTestApp(
      { TRUSTED_PROXY_HEADER: "x-forwarded-for" },
      { promotions: CAMPAIGNS },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  async function teacher(country: string | null = null) {
    const email = `promo-${++n}@school.test`;
    const { id } = await ensureUser(app.services, {
      email,
      firstName: "Pat",
      lastName: "Romo",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    // No sign-up trial: these teachers are on the free plan.
    await app.database.db
      .update(userData)
      .set({ countryCode: country, trialExpiresAt: null })
      .where(eq(userData.userId, id));
    const client = new HttpSession(app.url, { "x-forwarded-for": `10.9.0.${n}` });
    expect((await client.postForm("/auth/sign-in", { email, password: PASSWORD })).status).toBe(
      302,
    );
    return { id, client };
  }

  /** The teacher presses "Claim your free premium" (a POST; opening pages grants nothing). */
  async function claim(client: HttpSession) {
    const response = await client.postForm("/dashboard/membership/claim-promotion", {});
    expect(response.status).toBe(302);
    return response;
  }

  async function state(userId: string) {
    const [r] = await app.database.db.select().from(userData).where(eq(userData.userId, userId));
    if (!r) throw new Error("no user_data");
    return r;
  }

  it("offers a running campaign on the page and gives premium only when claimed, once", async () => {
    app.clock.set(new Date("2030-11-30T10:00:00Z"));
    const { id, client } = await teacher("DE");
    // Opening pages only offers it.
    const offered = await client.get("/dashboard");
    expect(offered.status).toBe(200);
    expect(await offered.text()).toContain("Claim your free premium");
    await client.get("/dashboard/membership");
    const untouched = await state(id);
    expect(untouched.thanksgiving).toBe(false);
    expect(untouched.trialExpiresAt).toBeNull();

    await claim(client);
    const after = await state(id);
    expect(after.thanksgiving).toBe(true);
    expect(after.trialExpiresAt?.toISOString()).toBe("2030-12-17T00:00:00.000Z");
    const page = await (await client.get("/dashboard")).text();
    expect(page).toContain("Premium access until");
    expect(page).not.toContain("Claim your free premium");

    // An administrator shortens the access: claiming again (a replayed form) changes nothing.
    const shortened = new Date("2030-12-05T00:00:00Z");
    await app.database.db
      .update(userData)
      .set({ trialExpiresAt: shortened })
      .where(eq(userData.userId, id));
    await claim(client);
    expect((await state(id)).trialExpiresAt?.toISOString()).toBe(shortened.toISOString());
  });

  it("gives nothing before a campaign starts or after it ends", async () => {
    app.clock.set(new Date("2030-11-27T23:59:00Z"));
    const early = await teacher("DE");
    await claim(early.client);
    expect((await state(early.id)).thanksgiving).toBe(false);
    expect((await state(early.id)).trialExpiresAt).toBeNull();

    app.clock.set(new Date("2030-12-03T00:00:00Z"));
    const late = await teacher("DE");
    await claim(late.client);
    expect((await state(late.id)).thanksgiving).toBe(false);
    expect((await state(late.id)).trialExpiresAt).toBeNull();
  });

  it("keeps a country's campaign to that country's teachers", async () => {
    app.clock.set(new Date("2031-01-25T12:00:00Z"));
    const polish = await teacher("PL");
    const german = await teacher("DE");
    await claim(polish.client);
    await claim(german.client);
    expect((await state(polish.id)).wosp).toBe(true);
    expect((await state(polish.id)).trialExpiresAt?.toISOString()).toBe("2031-02-28T00:00:00.000Z");
    expect((await state(german.id)).wosp).toBe(false);
    expect((await state(german.id)).trialExpiresAt).toBeNull();
  });

  it("never shortens longer access, and leaves paying teachers alone", async () => {
    app.clock.set(new Date("2030-11-30T10:00:00Z"));
    const trial = await teacher("DE");
    const ownTrial = new Date("2031-06-01T00:00:00Z");
    await app.database.db
      .update(userData)
      .set({ trialExpiresAt: ownTrial })
      .where(eq(userData.userId, trial.id));
    await claim(trial.client);
    expect((await state(trial.id)).trialExpiresAt?.toISOString()).toBe(ownTrial.toISOString());

    const paying = await teacher("DE");
    await app.database.db
      .update(userData)
      .set({ membershipPlan: 1, subscriptionStatus: "ACTIVE", subscriptionId: "sub_promo" })
      .where(eq(userData.userId, paying.id));
    await claim(paying.client);
    const after = await state(paying.id);
    expect(after.thanksgiving).toBe(false);
    expect(after.trialExpiresAt).toBeNull();
    expect(after.subscriptionId).toBe("sub_promo");
  });

  it("follows campaigns changed in the database without a restart", async () => {
    app.clock.set(new Date("2032-05-05T10:00:00Z"));
    const before = await teacher("DE");
    await claim(before.client);
    expect((await state(before.id)).thanksgiving).toBe(false);

    await app.bundle.savePromotions(
      app.services,
      PromotionsSchema.parse({
        access: [
          {
            id: "thanksgiving",
            startsAt: "2032-05-01T00:00:00Z",
            endsAt: "2032-05-10T00:00:00Z",
            accessUntil: "2032-05-20T00:00:00Z",
          },
        ],
      }),
    );
    const after = await teacher("DE");
    await claim(after.client);
    expect((await state(after.id)).thanksgiving).toBe(true);
    expect((await state(after.id)).trialExpiresAt?.toISOString()).toBe("2032-05-20T00:00:00.000Z");
  });
});
