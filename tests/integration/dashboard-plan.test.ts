import { eq } from "drizzle-orm";
import { userData } from "@db/schema";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import type { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";
import { DAY_MS } from "~/lib/time";

type Plan = Partial<typeof userData.$inferInsert>;

/**
 * The dashboard's "Your plan" card (issue 21 item 4): the plan's one name, and "Go Premium"
 * only for a teacher without Premium.
 */
describe("the dashboard's plan card", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  async function teacherOn(label: string, plan: Plan): Promise<HttpSession> {
    const { id, client } = await signedInAccount(app, {
      email: `${label}@plan-card.test`,
      role: ROLE.TEACHER,
      password: "plan card passphrase",
    });
    await app.services.db.update(userData).set(plan).where(eq(userData.userId, id));
    return client;
  }

  async function card(client: HttpSession) {
    const res = await client.get("/dashboard");
    expect(res.status).toBe(200);
    const doc = new JSDOM(await res.text()).window.document;
    const section = doc.querySelector("section[aria-labelledby='plan-title']")!;
    return {
      title: section.querySelector("h2")?.textContent,
      button: section.querySelector("a[href='/dashboard/membership']")?.textContent ?? null,
      goPremiumAnywhere: [...doc.querySelectorAll("main a")].some(
        (a) => a.textContent === "Go Premium",
      ),
    };
  }

  it.each<[string, () => Plan, string, string | null]>([
    ["free", () => ({ trialExpiresAt: null }), "Free plan", "Go Premium"],
    [
      "on the sign-up trial",
      () => ({ trialExpiresAt: new Date(app.clock.now().getTime() + 3 * DAY_MS) }),
      "Premium trial",
      "Keep premium access",
    ],
    [
      "with days of Premium from a redeem code",
      () => ({
        trialExpiresAt: new Date(app.clock.now().getTime() + 30 * DAY_MS),
        accessGrant: "code",
      }),
      "Premium access",
      "Keep premium access",
    ],
    [
      "paying for Premium",
      () => ({ membershipPlan: 1, subscriptionId: "sub_card", subscriptionStatus: "ACTIVE" }),
      "Premium",
      null,
    ],
    [
      "with Premium with no end date",
      () => ({ membershipPlan: 1, subscriptionStatus: "INFINITE", trialExpiresAt: null }),
      "Premium",
      null,
    ],
  ])("a teacher %s", async (label, plan, title, button) => {
    const client = await teacherOn(label.replace(/\W+/g, "-"), plan());
    const shown = await card(client);
    expect(shown.title).toBe(title);
    expect(shown.button).toBe(button);
    if (button !== "Go Premium") expect(shown.goPremiumAnywhere).toBe(false);
  });
});
