import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exercises, mailOutbox, userData, users } from "@db/schema";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { sendLifecycleCampaigns, sendPremiumStarted } from "~/features/mail/lifecycle.server";
import { sendTrialReminders } from "~/features/membership/jobs.server";
import { ROLE } from "~/lib/auth/roles";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 16 item 4: the `email` collection's lifecycle mails. The campaign (scheduled
 * 2026-12-03, stream app) reaches verified teachers with the app consent whose account
 * existed on its date, once each, in Polish for a Polish teacher; the trial reminder is the
 * entry in the teacher's language, else the built-in mail in theirs; the premium welcome goes
 * once per teacher. Every mail carries the operator's details in its footer.
 */

const PASSWORD = "lifecycle mails arrive once";
const OPERATOR = "Parley Test Operator Ltd, 1 Example Street, 00-001 Testville";

describe("lifecycle mails from the email collection", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ OPERATOR_DETAILS: OPERATOR });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function teacher(
    email: string,
    opts: {
      app?: boolean;
      verified?: boolean;
      locale?: string;
      createdAt?: Date;
      firstName?: string;
    } = {},
  ) {
    const { id } = await ensureUser(app.services, {
      email,
      firstName: opts.firstName ?? "Kasia",
      lastName: "Tester",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    await app.database.db
      .update(users)
      .set({
        appNewsletterAcceptedAt: opts.app ? app.clock.now() : null,
        emailVerified: opts.verified ?? true,
        createdAt: opts.createdAt ?? new Date("2026-11-01T00:00:00Z"),
        firstName: opts.firstName ?? "Kasia",
      })
      .where(eq(users.id, id));
    await app.database.db
      .update(userData)
      .set({ locale: opts.locale ?? null })
      .where(eq(userData.userId, id));
    return id;
  }

  const mailsTo = (to: string) =>
    app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it("sends the scheduled campaign once to its audience, in the teacher's language", async () => {
    app.clock.set(new Date("2026-12-03T12:00:00Z"));
    // One exercise new in the 30 days before the clock, so the digest has something to say.
    const [first] = await app.database.db.select({ id: exercises.id }).from(exercises).limit(1);
    await app.database.db
      .update(exercises)
      .set({ title: "Lifecycle Test Warm-up", publishedAt: new Date("2026-12-01T09:00:00Z") })
      .where(eq(exercises.id, first!.id));
    await teacher("ola@life.test", { app: true, locale: "pl" });
    await teacher("ben@life.test", { app: true });
    await teacher("de@life.test", { app: true, locale: "de" });
    await teacher("no-consent@life.test");
    await teacher("unverified@life.test", { app: true, verified: false });
    await teacher("late@life.test", { app: true, createdAt: new Date("2026-12-05T00:00:00Z") });
    // A name is text: escaped, and a value that looks like a placeholder stays as typed.
    await teacher("odd@life.test", { app: true, firstName: "<b>Bo</b> {{libraryUrl}}" });

    await sendLifecycleCampaigns(app.services, app.clock.now());
    await sendLifecycleCampaigns(app.services, app.clock.now());

    const [ola] = await mailsTo("ola@life.test");
    expect(ola?.subject).toBe("Nowości w Parley: ćwiczenia konwersacyjne – grudzień");
    expect(ola?.html).toContain('lang="pl"');
    expect(ola?.html).toContain("Lifecycle Test Warm-up");
    expect(ola?.text).toContain("Lifecycle Test Warm-up");
    expect(ola?.html).toContain(OPERATOR);
    expect((ola?.headers as Record<string, string>)["List-Unsubscribe-Post"]).toBe(
      "List-Unsubscribe=One-Click",
    );
    expect(ola?.html).not.toMatch(/\{\{|%7B%7B/);

    const [ben] = await mailsTo("ben@life.test");
    expect(ben?.subject).toBe("New in Parley this month: December's speaking exercises");
    expect(ben?.text).toContain("Hello Kasia,");
    // No German version: the whole mail is the English one, frame included.
    const [de] = await mailsTo("de@life.test");
    expect(de?.subject).toBe(ben?.subject);
    expect(de?.html).toContain('lang="en"');

    for (const address of ["no-consent@life.test", "unverified@life.test", "late@life.test"])
      expect(await mailsTo(address)).toHaveLength(0);
    // Once each, however often the job runs.
    const copies = await app.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.idempotencyKey, "email:monthly-new-exercises:%"));
    expect(copies).toHaveLength(4);
    const [odd] = await mailsTo("odd@life.test");
    expect(odd?.html).toContain("&lt;b&gt;Bo&lt;/b&gt; {{libraryUrl}}");
    expect(odd?.html).not.toContain("<b>Bo</b>");
  });

  it("ends a campaign without a valid date after its week", async () => {
    app.clock.set(new Date("2026-12-10T00:30:00Z"));
    // An account from before the campaign's day whose consent comes only now.
    await teacher("week-late@life.test", { app: true });
    await sendLifecycleCampaigns(app.services, app.clock.now());
    expect(await mailsTo("week-late@life.test")).toHaveLength(0);
  });

  it("sends nothing before the scheduled date", async () => {
    app.clock.set(new Date("2026-12-02T12:00:00Z"));
    await teacher("early@life.test", { app: true });
    await sendLifecycleCampaigns(app.services, app.clock.now());
    expect(await mailsTo("early@life.test")).toHaveLength(0);
  });

  it("reminds a Polish trial teacher with the Polish entry, a German one with the built-in mail", async () => {
    app.clock.set(new Date("2026-12-10T09:00:00Z"));
    const soon = new Date(app.clock.now().getTime() + 10 * 3600_000);
    const pl = await teacher("trial-pl@life.test", { locale: "pl", firstName: "Ola" });
    const de = await teacher("trial-de@life.test", { locale: "de" });
    const granted = await teacher("granted@life.test");
    const nameless = await teacher("nameless@life.test", { firstName: "" });
    for (const id of [pl, de, granted, nameless])
      await app.database.db
        .update(userData)
        .set({
          trialExpiresAt: soon,
          trialReminderSentAt: null,
          accessGrant: id === granted ? "code" : null,
        })
        .where(eq(userData.userId, id));
    await sendTrialReminders(app.services, app.clock.now());

    const [polish] = await mailsTo("trial-pl@life.test");
    expect(polish?.subject).toBe("Ola, Twój okres próbny w Parley kończy się jutro");
    expect(polish?.text).toContain("/dashboard/membership");
    expect(polish?.html).toContain(OPERATOR);
    const [german] = await mailsTo("trial-de@life.test");
    expect(german?.subject).toBe(app.services.i18n.get("de").messages["mail.trialEnding.subject"]);
    // Premium from a redeem code is not a trial: the entry's "7-day trial" would be wrong.
    const [code] = await mailsTo("granted@life.test");
    expect(code?.subject).toBe("Your Parley Premium access ends tomorrow");
    // Without a first name: no stray comma in the subject or the greeting.
    const [noName] = await mailsTo("nameless@life.test");
    expect(noName?.subject).toBe("Your Parley trial ends tomorrow");
    expect(noName?.text).toMatch(/^Hello,$/m);
  });

  it("welcomes a teacher to paid premium once, whatever later subscriptions bring", async () => {
    const id = await teacher("paid@life.test", { locale: "pl" });
    await app.database.db
      .update(userData)
      .set({
        membershipPlan: 1,
        subscriptionStatus: "ACTIVE",
        membershipPlanInterval: 12,
        subscriptionExpiredAt: new Date("2027-12-10T00:00:00Z"),
      })
      .where(eq(userData.userId, id));
    expect(await sendPremiumStarted(app.services, id)).toBe(1);
    expect(await sendPremiumStarted(app.services, id)).toBe(0);
    const [welcome] = await mailsTo("paid@life.test");
    expect(welcome?.subject).toBe("Witaj w Parley premium, Kasia");
    expect(welcome?.text).toContain(
      app.services.i18n.get("pl").messages["membership.plan.yearly"] as string,
    );
    expect(welcome?.html).not.toMatch(/\{\{|%7B%7B/);
  });
});
