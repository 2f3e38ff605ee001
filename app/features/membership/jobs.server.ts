import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { userData, users } from "@db/schema";
import { MEMBERSHIP_PLAN, PREMIUM_STATUSES } from "~/features/account";
import { formatDayMonthYearTime } from "~/lib/format";
import type { Job } from "~/lib/jobs.server";
import { renderMail } from "~/lib/mail-templates.server";
import { pruneRates } from "~/lib/rate-limit.server";
import { notify } from "~/features/notifications/index.server";
import type { Services } from "~/lib/services.server";
import { recheckStaleSubscriptions } from "./billing.server";
import { markReviewEligible } from "~/features/reviews/index.server";
import { DAY_MS, HOUR_MS } from "~/lib/time";

/**
 * "Your premium access ends tomorrow": sent once for each expiry (the mark is taken with
 * the same update that selects the row, so two instances never both send it), to teachers
 * whose trial or granted access ends within the next 24 hours and who do not pay.
 */
export async function sendTrialReminders(services: Services, now: Date = services.clock.now()) {
  const soon = new Date(now.getTime() + DAY_MS);
  const due = await services.db
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
  let sent = 0;
  for (const row of due) {
    const [user] = await services.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user || !row.expiresAt) continue;
    const locale = row.locale ?? "en";
    try {
      await services.mail.send(
        renderMail(services.i18n, locale, "trialEnding", user.email, {
          firstName: user.firstName,
          url: `${services.env.appOrigin}/dashboard/membership`,
          supportEmail: services.env.SUPPORT_EMAIL,
          appOrigin: services.env.appOrigin,
          values: { date: `${formatDayMonthYearTime(row.expiresAt, "UTC")} UTC` },
        }),
      );
      sent++;
      await notify(services, row.userId, {
        kind: "trial",
        messageKey: "notifications.trialEnding" as const,
        values: { date: row.expiresAt.toISOString() },
        url: "/dashboard/membership",
        dedupeKey: `trial:${row.expiresAt.toISOString()}`,
      });
    } catch (error) {
      // Let the next run try again.
      await services.db
        .update(userData)
        .set({ trialReminderSentAt: null })
        .where(eq(userData.userId, row.userId));
      services.log.warn({ err: error, userId: row.userId }, "trial reminder not sent");
    }
  }
  return { sent };
}

/** The periodic jobs of the membership area, plus housekeeping. */
export function membershipJobs(services: Services): Job[] {
  return [
    { name: "trial-reminders", everyMs: HOUR_MS, run: (now) => sendTrialReminders(services, now) },
    {
      name: "subscription-recheck",
      everyMs: DAY_MS,
      run: (now) => recheckStaleSubscriptions(services, now),
    },
    {
      name: "review-eligibility",
      everyMs: DAY_MS,
      run: (now) => markReviewEligible(services, now),
    },
    {
      name: "prune-rate-limits",
      everyMs: DAY_MS,
      run: () => pruneRates(services.db, DAY_MS),
    },
  ];
}
