import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { userData, users } from "@db/schema";
import { MEMBERSHIP_PLAN, PREMIUM_STATUSES } from "~/features/account";
import { inTransaction } from "~/lib/db.server";
import { formatDayMonthYearTime } from "~/lib/format";
import type { PeriodicJob } from "~/lib/queue.server";
import { mailBrand, renderMail } from "~/lib/mail-templates.server";
import { pruneRates } from "~/lib/rate-limit.server";
import { notify } from "~/features/notifications/index.server";
import { trialReminders } from "~/features/mail/index.server";
import type { Services } from "~/lib/services.server";
import { recheckStaleSubscriptions } from "./billing.server";
import { markReviewEligible } from "~/features/reviews/index.server";
import { DAY_MS } from "~/lib/time";

/**
 * "Your premium access ends tomorrow": sent once for each expiry (the mark is taken with
 * the same update that selects the row, so two instances never both send it), to teachers
 * whose trial or granted access ends within the next 24 hours and who do not pay.
 */
export async function sendTrialReminders(services: Services, now: Date = services.clock.now()) {
  const soon = new Date(now.getTime() + DAY_MS);
  const entry = await trialReminders(services, now);
  // The mark and the mails commit together: a reminder is neither lost nor sent twice.
  const reminded = await inTransaction(services.db, async (tx) => {
    const due = await tx
      .update(userData)
      .set({ trialReminderSentAt: now })
      .where(
        and(
          gt(userData.trialExpiresAt, now),
          lte(userData.trialExpiresAt, soon),
          isNull(userData.trialReminderSentAt),
          isNull(userData.subscriptionId),
          // Not paying: the premium statuses come from the TypeScript constant, not a copy.
          sql`not (${userData.membershipPlan} = ${MEMBERSHIP_PLAN.PREMIUM} and upper(coalesce(${userData.subscriptionStatus}, '')) in (${sql.join(
            PREMIUM_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )}))`,
        ),
      )
      .returning({
        userId: userData.userId,
        expiresAt: userData.trialExpiresAt,
        locale: userData.locale,
      });
    const done: { userId: string; expiresAt: Date }[] = [];
    for (const row of due) {
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!user || !row.expiresAt) continue;
      // The email collection's trial reminder when it is written in the teacher's language,
      // else the built-in one (every language).
      const message =
        (await entry.mailFor(tx, row.userId)) ??
        (await renderMail(services.i18n, row.locale ?? "en", "trialEnding", user.email, {
          firstName: user.firstName,
          url: `${services.env.appOrigin}/dashboard/membership`,
          brand: mailBrand(services.env, services.flags.getOperator()),
          values: { date: `${formatDayMonthYearTime(row.expiresAt, "UTC")} UTC` },
        }));
      await services.mail.send(message, {
        db: tx,
        key: `trialEnding:${row.userId}:${row.expiresAt.toISOString()}`,
      });
      done.push({ userId: row.userId, expiresAt: row.expiresAt });
    }
    return done;
  });
  services.mail.wake();
  for (const { userId, expiresAt } of reminded)
    await notify(services, userId, {
      kind: "trial",
      messageKey: "notifications.trialEnding" as const,
      values: { date: expiresAt.toISOString() },
      url: "/dashboard/membership",
      dedupeKey: `trial:${expiresAt.toISOString()}`,
    });
  return { sent: reminded.length };
}

/** The periodic jobs of the membership area, plus housekeeping. */
export function membershipJobs(services: Services): PeriodicJob[] {
  return [
    { name: "trial-reminders", cron: "7 * * * *", run: (now) => sendTrialReminders(services, now) },
    {
      name: "subscription-recheck",
      cron: "20 3 * * *",
      run: (now) => recheckStaleSubscriptions(services, now),
    },
    {
      name: "review-eligibility",
      cron: "40 3 * * *",
      run: (now) => markReviewEligible(services, now),
    },
    {
      name: "prune-rate-limits",
      cron: "50 4 * * *",
      run: () => pruneRates(services.db, DAY_MS),
    },
  ];
}
