import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { mailOutbox, newsletters, userData, users } from "@db/schema";
import { renderMarkdown, markdownToText } from "~/lib/content/markdown";
import { inTransaction } from "~/lib/db.server";
import { createTranslator } from "~/lib/i18n/translate";
import { mailBrand, renderDocumentMail, renderMail } from "~/lib/mail-templates.server";
import type { Services } from "~/lib/services.server";
import { getOrCreateSecret } from "~/lib/settings.server";
import { emptyCounts, MAIL_STATUSES, type MailStatus } from "./mail-status";
import { AUDIENCES, type Audience } from "./newsletter-form";

const NEWSLETTER_QUEUE = "newsletter";

/** Stands for each recipient's unsubscribe link in a newsletter rendered once per language. */
const UNSUBSCRIBE_STAND_IN = "https://unsubscribe.invalid/stand-in";

/** Recipients enqueued per transaction while a newsletter goes out. */
const PAGE = 1000;

function consentColumn(audience: Audience) {
  return audience === "marketing"
    ? users.marketingNewsletterAcceptedAt
    : users.appNewsletterAcceptedAt;
}

export async function unsubscribeSecret(services: Services): Promise<string> {
  return getOrCreateSecret(services.db, "unsubscribe_secret");
}

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url").slice(0, 32);
}

/** A link token that unsubscribes one user from one stream, without signing in. */
function unsubscribeToken(secret: string, userId: string, audience: Audience) {
  const payload = `${Buffer.from(userId).toString("base64url")}.${audience}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The path of a one-click unsubscribe link (for the page and the List-Unsubscribe header). */
export function unsubscribeLink(secret: string, userId: string, audience: Audience): string {
  return `/unsubscribe/${unsubscribeToken(secret, userId, audience)}`;
}

async function readUnsubscribeToken(
  services: Services,
  token: string,
): Promise<{ userId: string; audience: Audience } | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [user, audience, mac] = parts as [string, string, string];
  if (!(AUDIENCES as readonly string[]).includes(audience)) return null;
  const expected = Buffer.from(sign(await unsubscribeSecret(services), `${user}.${audience}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Buffer.from(user, "base64url").toString(), audience: audience as Audience };
}

function maskEmail(email: string): string {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 2)}${"•".repeat(Math.max(1, Math.min(6, name.length - 2)))}@${domain}`;
}

type LinkTarget = { userId: string; audience: Audience } | null;

/** Whose address and which stream a link names, and whether that consent is on. */
async function describeTarget(services: Services, target: LinkTarget) {
  if (!target) return null;
  const [user] = await services.db
    .select({ email: users.email, consent: consentColumn(target.audience) })
    .from(users)
    .where(eq(users.id, target.userId));
  if (!user) return null;
  return { audience: target.audience, email: maskEmail(user.email), subscribed: !!user.consent };
}

/** Turns the consent a link names on (kept as it was if it was on) or off. */
async function setConsent(services: Services, target: LinkTarget, on: boolean) {
  if (!target) return null;
  const column =
    target.audience === "marketing" ? "marketingNewsletterAcceptedAt" : "appNewsletterAcceptedAt";
  const [user] = await services.db
    .update(users)
    .set({
      [column]: on
        ? sql`coalesce(${consentColumn(target.audience)}, ${services.clock.now()})`
        : null,
    })
    .where(eq(users.id, target.userId))
    .returning({ email: users.email });
  if (!user) return null;
  services.log.info({ audience: target.audience, on }, "newsletter consent changed by link");
  return { audience: target.audience, email: maskEmail(user.email), subscribed: on };
}

/** What the unsubscribe page shows for a link: whose address, which stream; null if invalid. */
export async function unsubscribeTarget(services: Services, token: string) {
  return describeTarget(services, await readUnsubscribeToken(services, token));
}

/** Withdraws the consent the link names (RFC 8058 one-click, or the page's button). */
export async function unsubscribe(services: Services, token: string) {
  return setConsent(services, await readUnsubscribeToken(services, token), false);
}

const CONFIRM_DAYS = 7;

/**
 * Double opt-in for consent given outside sign-up (the account page): the consent starts
 * only when the owner of the address opens the mailed link and confirms. The link is signed
 * and dated; it works for 7 days by the app's clock.
 */
export async function requestConsent(services: Services, userId: string, audience: Audience) {
  const [user] = await services.db
    .select({ email: users.email, firstName: users.firstName, locale: userData.locale })
    .from(users)
    .leftJoin(userData, eq(userData.userId, users.id))
    .where(eq(users.id, userId));
  if (!user) return;
  const issued = Math.floor(services.clock.now().getTime() / 1000);
  const payload = `${Buffer.from(userId).toString("base64url")}.${audience}.${issued}`;
  const token = `${payload}.${sign(await unsubscribeSecret(services), `confirm.${payload}`)}`;
  await services.mail.send(
    await renderMail(
      services.i18n,
      user.locale ?? "en",
      audience === "marketing" ? "confirmMarketing" : "confirmApp",
      user.email,
      {
        firstName: user.firstName || undefined,
        url: `${services.env.appOrigin}/newsletter/confirm/${token}`,
        brand: mailBrand(services.env, services.flags.getOperator()),
      },
    ),
    { key: `confirm:${audience}:${userId}:${issued}` },
  );
}

async function readConsentToken(services: Services, token: string) {
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [user, audience, issued, mac] = parts as [string, string, string, string];
  if (!(AUDIENCES as readonly string[]).includes(audience) || !/^\d{1,12}$/.test(issued))
    return null;
  const expected = Buffer.from(
    sign(await unsubscribeSecret(services), `confirm.${user}.${audience}.${issued}`),
  );
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = services.clock.now().getTime() / 1000 - Number(issued);
  if (age < 0 || age > CONFIRM_DAYS * 24 * 3600) return null;
  return { userId: Buffer.from(user, "base64url").toString(), audience: audience as Audience };
}

/** What the confirmation page asks about: whose address, which stream; null if invalid. */
export async function consentTarget(services: Services, token: string) {
  return describeTarget(services, await readConsentToken(services, token));
}

/** Starts the consent the link names (kept as it was when it had started already). */
export async function confirmConsent(services: Services, token: string) {
  return setConsent(services, await readConsentToken(services, token), true);
}

/** The newsletter's body as the mail and the preview show it (sanitised Markdown). */
export function newsletterHtml(body: string): string {
  return renderMarkdown(body);
}

/**
 * Saves a newsletter and queues its sending, now or at `scheduledFor` (the app's clock), in
 * one transaction.
 */
export async function createNewsletter(
  services: Services,
  createdBy: string,
  input: {
    subject: string;
    body: string;
    audience: Audience;
    scheduledFor: Date | null;
    translations?: Record<string, { subject: string; body: string }>;
    inArchive: boolean;
  },
) {
  const now = services.clock.now();
  const when = input.scheduledFor && input.scheduledFor > now ? input.scheduledFor : now;
  await ensureNewsletterQueue(services);
  const id = await inTransaction(services.db, async (tx) => {
    const [row] = await tx
      .insert(newsletters)
      .values({
        subject: input.subject,
        body: input.body,
        audience: input.audience,
        scheduledFor: when,
        inArchive: input.inArchive,
        translations: input.translations ?? {},
        createdBy,
        createdAt: now,
      })
      .returning({ id: newsletters.id });
    await services.queue.send(NEWSLETTER_QUEUE, { id: row!.id }, tx, {
      startAfterSeconds: Math.round((when.getTime() - now.getTime()) / 1000),
    });
    return row!.id;
  });
  services.queue.wake(NEWSLETTER_QUEUE);
  return id;
}

/**
 * The newsletter job: one copy per consenting, verified recipient, enqueued a page at a
 * time under the key `newsletter:<id>:<user>`, so a job run again (its worker died) adds
 * only the copies still missing. A teacher whose language has a version of the newsletter
 * gets it; everyone else the English one inside a frame in their language. Each copy has
 * RFC 8058 one-click unsubscribe headers and a link in the footer.
 */
async function sendNewsletter(services: Services, id: number) {
  const [letter] = await services.db
    .update(newsletters)
    .set({ status: "sending" })
    .where(and(eq(newsletters.id, id), sql`${newsletters.status} in ('scheduled', 'sending')`))
    .returning();
  if (!letter) return { skipped: true };
  const audience = letter.audience as Audience;
  const consent = consentColumn(audience);
  const brand = mailBrand(services.env, services.flags.getOperator());
  const origin = services.env.appOrigin;
  // Read once per newsletter, not once per recipient.
  const secret = await unsubscribeSecret(services);
  /** The version a teacher in `locale` gets: theirs when written, else the English one. */
  const versionIn = (locale: string) => {
    const own = letter.translations[locale];
    return own ? { ...own, locale } : { subject: letter.subject, body: letter.body, locale: "en" };
  };
  // The mail is rendered once per language with a stand-in for the recipient's own
  // unsubscribe link, which each copy then gets (the token is URL- and HTML-safe).
  const framed = new Map<string, Promise<{ subject: string; html: string; text: string }>>();
  const frameIn = (locale: string) => {
    let frame = framed.get(locale);
    if (!frame) {
      const t = createTranslator(locale, services.i18n.get(locale).messages);
      const version = versionIn(locale);
      frame = renderDocumentMail({
        locale,
        bodyLocale: version.locale,
        subject: version.subject,
        html: newsletterHtml(version.body),
        text: markdownToText(version.body),
        brand,
        footer: {
          why: t(
            audience === "marketing" ? "mail.newsletter.whyMarketing" : "mail.newsletter.whyApp",
          ),
          unsubscribe: { label: t("mail.newsletter.unsubscribe"), url: UNSUBSCRIBE_STAND_IN },
        },
      }).then((mail) => ({ ...mail, subject: version.subject }));
      framed.set(locale, frame);
    }
    return frame;
  };
  let after = "";
  let total = 0;
  for (;;) {
    const page = await services.db
      .select({ id: users.id, email: users.email, locale: userData.locale })
      .from(users)
      .leftJoin(userData, eq(userData.userId, users.id))
      .where(and(isNotNull(consent), eq(users.emailVerified, true), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(PAGE);
    if (!page.length) break;
    const messages = await Promise.all(
      page.map(async (user) => {
        const frame = await frameIn(user.locale ?? "en");
        const url = `${origin}${unsubscribeLink(secret, user.id, audience)}`;
        return {
          kind: `newsletter-${audience}`,
          to: user.email,
          subject: frame.subject,
          text: frame.text.replaceAll(UNSUBSCRIBE_STAND_IN, url),
          html: frame.html.replaceAll(UNSUBSCRIBE_STAND_IN, url),
          headers: {
            "List-Unsubscribe": `<${url}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
          newsletterId: id,
          key: `newsletter:${id}:${user.id}`,
        };
      }),
    );
    await services.mail.sendMany(messages);
    total += page.length;
    after = page[page.length - 1]!.id;
  }
  await services.db
    .update(newsletters)
    .set({ status: "sent", recipients: total, sentAt: services.clock.now() })
    .where(eq(newsletters.id, id));
  return { recipients: total };
}

async function progressOf(services: Services, id?: number) {
  const rows = await services.db
    .select({ newsletterId: mailOutbox.newsletterId, status: mailOutbox.status, count: count() })
    .from(mailOutbox)
    .where(id === undefined ? isNotNull(mailOutbox.newsletterId) : eq(mailOutbox.newsletterId, id))
    .groupBy(mailOutbox.newsletterId, mailOutbox.status);
  const byNewsletter = new Map<number, Record<MailStatus, number>>();
  for (const row of rows) {
    if (row.newsletterId === null) continue;
    const counts = byNewsletter.get(row.newsletterId) ?? emptyCounts();
    if ((MAIL_STATUSES as readonly string[]).includes(row.status))
      counts[row.status as MailStatus] += row.count;
    byNewsletter.set(row.newsletterId, counts);
  }
  return byNewsletter;
}

/** The admin's list: every newsletter, newest first, with how far its sending got. */
export async function listNewsletters(services: Services) {
  const [rows, progress, audiences] = await Promise.all([
    services.db.select().from(newsletters).orderBy(desc(newsletters.id)).limit(100),
    progressOf(services),
    Promise.all(
      AUDIENCES.map(async (audience) => {
        const [row] = await services.db
          .select({ count: count() })
          .from(users)
          .where(and(isNotNull(consentColumn(audience)), eq(users.emailVerified, true)));
        return [audience, row?.count ?? 0] as const;
      }),
    ),
  ]);
  return {
    newsletters: rows.map((row) => ({ ...row, counts: progress.get(row.id) ?? emptyCounts() })),
    audienceSizes: Object.fromEntries(audiences) as Record<Audience, number>,
  };
}

/** One newsletter with its progress and its recipients' status (the first 500). */
export async function newsletterDetail(services: Services, id: number) {
  const [letter] = await services.db.select().from(newsletters).where(eq(newsletters.id, id));
  if (!letter) return null;
  const [progress, recipients] = await Promise.all([
    progressOf(services, id),
    services.db
      .select({
        to: mailOutbox.to,
        status: mailOutbox.status,
        sentAt: mailOutbox.sentAt,
        lastError: mailOutbox.lastError,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.newsletterId, id))
      .orderBy(asc(mailOutbox.id))
      .limit(500),
  ]);
  return {
    ...letter,
    html: newsletterHtml(letter.body),
    counts: progress.get(id) ?? emptyCounts(),
    recipientsShown: recipients,
  };
}

function ensureNewsletterQueue(services: Services) {
  return services.queue.ensureQueue(NEWSLETTER_QUEUE, {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
  });
}

/** Works the newsletter queue on this instance. */
export async function startNewsletterWorker(services: Services) {
  await ensureNewsletterQueue(services);
  await services.queue.work<{ id: number }>(NEWSLETTER_QUEUE, (job) =>
    sendNewsletter(services, job.data.id),
  );
}
