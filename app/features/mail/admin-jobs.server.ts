import { and, count, desc, eq, inArray } from "drizzle-orm";
import { mailOutbox } from "@db/schema";
import { formatDayMonthYearTime } from "~/lib/format";
import { LOCALES } from "~/lib/i18n/locales";
import { MAIL_KINDS } from "~/lib/mail-kinds";
import { mailBrand, renderMail } from "~/lib/mail-templates.server";
import { MAIL_QUEUE } from "~/lib/queue.server";
import { addDays } from "~/lib/time";
import type { Services } from "~/lib/services.server";
import { emptyCounts, MAIL_STATUSES, type MailStatus } from "./mail-status";
import { lifecycleEntries, previewLifecycle } from "./lifecycle.server";

/** What the admin's mail and jobs page shows: the outbox by status, its latest mails, failed jobs. */
export async function loadMailAndJobs(services: Services) {
  const [byStatus, recent, failed] = await Promise.all([
    services.db
      .select({ status: mailOutbox.status, count: count() })
      .from(mailOutbox)
      .groupBy(mailOutbox.status),
    services.db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        to: mailOutbox.to,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(50),
    services.queue.failedJobs(),
  ]);
  // A failed mail job says which mail it was.
  const mailIds = failed
    .filter((job) => job.queue === MAIL_QUEUE)
    .map((job) => Number((job.data as { id?: unknown } | null)?.id))
    .filter((id) => Number.isInteger(id));
  const mails = mailIds.length
    ? await services.db
        .select({ id: mailOutbox.id, kind: mailOutbox.kind, to: mailOutbox.to })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, mailIds))
    : [];
  const mailById = new Map(mails.map((m) => [m.id, m]));
  const counts = emptyCounts();
  for (const row of byStatus)
    if ((MAIL_STATUSES as readonly string[]).includes(row.status))
      counts[row.status as MailStatus] = row.count;
  return {
    transport: services.mail.transport,
    lifecycle: (await lifecycleEntries(services)).map(({ slug, subject }) => ({ slug, subject })),
    counts,
    recent,
    failed: failed.map((job) => {
      const mail =
        job.queue === MAIL_QUEUE
          ? mailById.get(Number((job.data as { id?: unknown } | null)?.id))
          : undefined;
      return { ...job, data: undefined, mail: mail ? { kind: mail.kind, to: mail.to } : null };
    }),
  };
}

/**
 * Retries a failed job. A failed mail goes back to "pending" first, so its worker sends it
 * (a mail that was sent in the meantime is not sent again).
 */
export async function retryFailedJob(services: Services, queue: string, id: string) {
  const job = await services.queue.failedJob(queue, id);
  if (!job) return false;
  if (queue === MAIL_QUEUE) {
    const mailId = Number((job.data as { id?: unknown } | null)?.id);
    if (Number.isInteger(mailId))
      await services.db
        .update(mailOutbox)
        .set({ status: "pending" })
        .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, "failed")));
  }
  return services.queue.retry(queue, id);
}

/**
 * A transactional mail as a recipient in `lang` gets it, with sample values (the admin's
 * preview): subject, HTML and text. Unknown kinds and languages fall back to the first.
 */
export async function previewMail(services: Services, kind: string | null, lang: string | null) {
  const locale = LOCALES.find((l) => l.code === lang)?.code ?? "en";
  if (kind?.startsWith("email:")) {
    const message = await previewLifecycle(services, kind.slice("email:".length), locale);
    // The entry in the chosen language when it is written in it, else English (as sent).
    if (message)
      return {
        kind,
        lang: locale,
        shownIn: message.lang,
        subject: message.subject,
        html: message.html,
        text: message.text,
      };
  }
  const mailKind = MAIL_KINDS.find((k) => k === kind) ?? MAIL_KINDS[0];
  const origin = services.env.appOrigin;
  const message = await renderMail(services.i18n, locale, mailKind, "teacher@example.com", {
    firstName: "Maria",
    url: `${origin}/auth/verify/sample-link`,
    brand: mailBrand(services.env, services.flags.getOperator()),
    values: {
      date: `${formatDayMonthYearTime(addDays(services.clock.now(), 1), "UTC")} UTC`,
      school: "Riverside Language School",
      inviter: "Anna Kowalska",
      days: "7",
      newEmail: "maria.new@example.com",
    },
  });
  return {
    kind: mailKind,
    lang: locale,
    shownIn: locale,
    subject: message.subject,
    html: message.html,
    text: message.text,
  };
}
