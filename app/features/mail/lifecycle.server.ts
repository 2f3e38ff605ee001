import { toPlainText } from "@react-email/components";
import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import {
  exercises,
  mailOutbox,
  organizationMembers,
  organizations,
  userData,
  users,
} from "@db/schema";
import { MEMBERSHIP_PLAN, PREMIUM_STATUSES } from "~/features/account";
import { contentStore } from "~/features/content/index.server";
import { formatDate } from "~/lib/format";
import { getLocale } from "~/lib/i18n/locales";
import { createTranslator } from "~/lib/i18n/translate";
import { mailBrand, renderDocumentMail, type MailFooter } from "~/lib/mail-templates.server";
import type { MailMessage } from "~/lib/mail.server";
import { inTransaction, type Database } from "~/lib/db.server";
import { localizePath } from "~/lib/routing/paths";
import type { PeriodicJob } from "~/lib/queue.server";
import type { Services } from "~/lib/services.server";
import { DAY_MS } from "~/lib/time";
import {
  campaignReaches,
  inAudience,
  isLive,
  placeholdersIn,
  type LifecycleEntry,
  type LifecycleRecipient,
} from "./lifecycle-rules";
import { unsubscribeLink, unsubscribeSecret } from "./newsletters.server";

/** Teachers looked at per page while a campaign goes out. */
const PAGE = 500;
/** What a campaign's digest counts as new: the exercises of the last 30 days. */
const NEW_WINDOW_DAYS = 30;
const HIGHLIGHTS = 5;

/** Every lifecycle entry, each language's version, from the content store. */
async function loadEntries(services: Services, now: Date): Promise<LifecycleEntry[]> {
  const store = await contentStore(services.database);
  const rows = await store
    .query("email", { signedIn: true, isAdmin: true, isPremium: true, now })
    .select(
      "slug",
      "locale",
      "subject",
      "stream",
      "account",
      "country",
      "interval",
      "scheduled",
      "valid",
      "body",
    )
    .all();
  return rows.map((row) => ({
    ...row,
    country: row.country ?? [],
    interval: row.interval ?? null,
    scheduled: row.scheduled ?? null,
    valid: row.valid ?? null,
  }));
}

/** The entry in the teacher's language when it is written in it, else the English one. */
function versionFor(versions: LifecycleEntry[], locale: string): LifecycleEntry | undefined {
  return versions.find((v) => v.locale === locale) ?? versions.find((v) => v.locale === "en");
}

/**
 * The entries by slug, each with its English version first-class: an entry without one
 * (check-content refuses it) is left out rather than stopping every other mail.
 */
function bySlug(entries: LifecycleEntry[]): Map<string, LifecycleEntry[]> {
  const map = new Map<string, LifecycleEntry[]>();
  for (const entry of entries) map.set(entry.slug, [...(map.get(entry.slug) ?? []), entry]);
  for (const [slug, versions] of map)
    if (!versions.some((v) => v.locale === "en")) map.delete(slug);
  return map;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  createdAt: users.createdAt,
  emailVerified: users.emailVerified,
  appNewsletterAcceptedAt: users.appNewsletterAcceptedAt,
  marketingNewsletterAcceptedAt: users.marketingNewsletterAcceptedAt,
  locale: userData.locale,
  countryCode: userData.countryCode,
  membershipPlan: userData.membershipPlan,
  membershipPlanInterval: userData.membershipPlanInterval,
  subscriptionId: userData.subscriptionId,
  subscriptionStatus: userData.subscriptionStatus,
  subscriptionExpiredAt: userData.subscriptionExpiredAt,
  trialExpiresAt: userData.trialExpiresAt,
  signUpTrial: sql<boolean>`(${userData.accessGrant} is null and not ${userData.wosp} and not ${userData.thanksgiving})`,
  schoolPremium: sql<boolean>`exists (select 1 from ${organizationMembers} m join ${organizations} o on o.id = m.organization_id
     where m.user_id = ${users.id} and o.membership_plan = ${MEMBERSHIP_PLAN.PREMIUM}
       and upper(coalesce(o.subscription_status, '')) in (${sql.join(
         PREMIUM_STATUSES.map((s) => sql`${s}`),
         sql`, `,
       )}))`,
};

type Recipient = LifecycleRecipient & {
  id: string;
  email: string;
  firstName: string;
  locale: string | null;
  subscriptionExpiredAt: Date | null;
};

function recipients(db: Database, where: SQL | undefined) {
  return db
    .select(recipientColumns)
    .from(users)
    .innerJoin(userData, eq(userData.userId, users.id))
    .where(where);
}

function keyOf(slug: string, userId: string) {
  return `email:${slug}:${userId}`;
}

/** The digest a campaign may name: how many exercises are new, and the newest few. */
async function newExercises(services: Services, now: Date) {
  const since = new Date(now.getTime() - NEW_WINDOW_DAYS * DAY_MS);
  const window = and(
    gt(exercises.publishedAt, since),
    lte(exercises.publishedAt, now),
    eq(exercises.status, "published"),
  );
  const [counted, newest] = await Promise.all([
    services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(exercises)
      .where(window),
    services.db
      .select({ id: exercises.id, title: exercises.title, level: exercises.level })
      .from(exercises)
      .where(window)
      .orderBy(desc(exercises.publishedAt), asc(exercises.id))
      .limit(HIGHLIGHTS),
  ]);
  return { count: Number(counted[0]?.n ?? 0), newest };
}

type Digest = Awaited<ReturnType<typeof newExercises>>;

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/**
 * Fills an entry's placeholders: `{{name}}` in its text and its URL-encoded form in a link;
 * a block placeholder alone in its paragraph becomes the block. Answers null when the entry
 * names one there is no value for (the mail is not sent half-made). Values are inserted in
 * one pass, so a value that looks like a placeholder stays as typed.
 */
function fill(
  html: string,
  subject: string,
  values: Record<string, string>,
  blocks: Record<string, string>,
): { html: string; subject: string } | null {
  if (placeholdersIn(`${subject}\n${html}`).some((name) => !(name in values) && !(name in blocks)))
    return null;
  let out = html;
  for (const [name, block] of Object.entries(blocks))
    out = out.replaceAll(`<p>{{${name}}}</p>`, block);
  const inline = (text: string, escape: (v: string) => string) =>
    text.replace(PLACEHOLDER, (whole, name: string) =>
      name in values ? escape(values[name]!) : whole,
    );
  return {
    // An empty first name leaves "Hello ," behind.
    html: inline(out, escapeHtml).replace(/ +,/g, ","),
    subject: tidySubject(inline(subject, (v) => v)),
  };
}

const PLACEHOLDER = /(?:\{\{|%7B%7B)([A-Za-z]+)(?:\}\}|%7D%7D)/g;

/** "{{firstName}}, your trial…" without a name: no stray comma, a capital to start. */
function tidySubject(subject: string): string {
  const tidy = subject
    .replace(/ +,/g, ",")
    .replace(/^\s*,\s*/, "")
    .replace(/\s*,\s*$/, "")
    .trim();
  return tidy.charAt(0).toLocaleUpperCase() + tidy.slice(1);
}

interface RenderContext {
  services: Services;
  now: Date;
  digest?: Digest;
  secret?: string;
}

/** One teacher's copy of an entry, in the entry's language, or null when it cannot be made. */
async function renderEntry(
  ctx: RenderContext,
  entry: LifecycleEntry,
  user: Recipient,
  extra: Record<string, string> = {},
): Promise<(MailMessage & { key: string }) | null> {
  const { services, now } = ctx;
  const locale = entry.locale;
  const { iso } = getLocale(locale);
  const t = createTranslator(locale, services.i18n.get(locale).messages);
  const origin = services.env.appOrigin;
  const values: Record<string, string> = {
    firstName: user.firstName ?? "",
    supportEmail: services.env.SUPPORT_EMAIL,
    libraryUrl: `${origin}${localizePath("/dashboard/exercises", locale)}`,
    upgradeUrl: `${origin}/dashboard/membership`,
    refundPolicyUrl: `${origin}${localizePath("/legal/refunds", locale)}`,
    newsletterUrl: `${origin}${localizePath("/newsletter", locale)}`,
    monthName: new Intl.DateTimeFormat(iso, { month: "long", timeZone: "UTC" }).format(now),
    ...(user.trialExpiresAt ? { trialEndDate: formatDate(user.trialExpiresAt, iso, "UTC") } : {}),
    ...(user.subscriptionExpiredAt
      ? { renewalDate: formatDate(user.subscriptionExpiredAt, iso, "UTC") }
      : {}),
    planName: t(
      user.membershipPlanInterval === 12 ? "membership.plan.yearly" : "membership.plan.monthly",
    ),
    ...(ctx.digest ? { newExerciseCount: String(ctx.digest.count) } : {}),
    ...extra,
  };
  const blocks: Record<string, string> = ctx.digest
    ? {
        highlights: `<ul>${ctx.digest.newest
          .map(
            (e) =>
              `<li><a href="${escapeHtml(`${origin}${localizePath(`/dashboard/exercises/${e.id}`, locale)}`)}">${escapeHtml(e.title)}</a> (${escapeHtml(e.level)})</li>`,
          )
          .join("")}</ul>`,
      }
    : {};
  const filled = fill(entry.body, entry.subject, values, blocks);
  if (!filled) {
    services.log.error({ entry: entry.slug, locale }, "lifecycle mail left a placeholder unfilled");
    return null;
  }
  const consent = entry.stream === "marketing" ? "marketing" : "app";
  const unsubscribe =
    entry.stream === "account" || !ctx.secret
      ? null
      : `${origin}${unsubscribeLink(ctx.secret, user.id, consent)}`;
  const footer: MailFooter = unsubscribe
    ? {
        why: t(consent === "marketing" ? "mail.newsletter.whyMarketing" : "mail.newsletter.whyApp"),
        unsubscribe: { label: t("mail.newsletter.unsubscribe"), url: unsubscribe },
      }
    : { why: t("mail.footer", { supportEmail: services.env.SUPPORT_EMAIL }) };
  const { html, text } = await renderDocumentMail({
    locale,
    subject: filled.subject,
    html: filled.html,
    text: toPlainText(filled.html),
    footer,
    brand: mailBrand(services.env, services.flags.getOperator()),
  });
  return {
    kind: `email-${entry.slug}`,
    to: user.email,
    subject: filled.subject,
    html,
    text,
    headers: {
      "Reply-To": services.env.SUPPORT_EMAIL,
      ...(unsubscribe
        ? {
            "List-Unsubscribe": `<${unsubscribe}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : {}),
    },
    key: keyOf(entry.slug, user.id),
  };
}

async function alreadySent(db: Database, slug: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ key: mailOutbox.idempotencyKey })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.idempotencyKey,
        ids.map((id) => keyOf(slug, id)),
      ),
    );
  return new Set(rows.map((r) => r.key));
}

/**
 * The hourly campaign job: every live scheduled entry goes to each teacher of its audience
 * once (the outbox key `email:<slug>:<user>`), in the teacher's language when the entry is
 * written in it. A digest with nothing new is not sent.
 */
export async function sendLifecycleCampaigns(services: Services, now: Date = services.clock.now()) {
  const entries = (await loadEntries(services, now)).filter((e) => e.scheduled && isLive(e, now));
  let sent = 0;
  const secret = await unsubscribeSecret(services);
  for (const [slug, versions] of bySlug(entries)) {
    const english = versionFor(versions, "en")!;
    const needsDigest = versions.some((v) =>
      placeholdersIn(`${v.subject}\n${v.body}`).some(
        (n) => n === "highlights" || n === "newExerciseCount",
      ),
    );
    const digest = needsDigest ? await newExercises(services, now) : undefined;
    if (digest && digest.count === 0) {
      services.log.info({ entry: slug }, "campaign skipped: no new exercises to tell about");
      continue;
    }
    let after = "";
    for (;;) {
      const page = (await recipients(
        services.db,
        and(gt(users.id, after), eq(users.emailVerified, true)),
      )
        .orderBy(asc(users.id))
        .limit(PAGE)) as Recipient[];
      if (!page.length) break;
      after = page[page.length - 1]!.id;
      const due = page.filter((u) => inAudience(english, u, now) && campaignReaches(english, u));
      const done = await alreadySent(
        services.db,
        slug,
        due.map((u) => u.id),
      );
      const messages = [];
      for (const user of due) {
        if (done.has(keyOf(slug, user.id))) continue;
        const version = versionFor(versions, user.locale ?? "en")!;
        const message = await renderEntry({ services, now, digest, secret }, version, user);
        if (message) messages.push(message);
      }
      if (messages.length) sent += await services.mail.sendMany(messages);
    }
  }
  if (sent) services.mail.wake();
  return { sent };
}

/** The live unscheduled entries of an account moment, grouped by entry. */
async function momentEntries(services: Services, account: "trial" | "premium", now: Date) {
  const entries = (await loadEntries(services, now)).filter(
    (e) => !e.scheduled && e.account === account && isLive(e, now),
  );
  return bySlug(entries);
}

/**
 * The mails of an account moment (`trial`, `premium`), made ready before the caller's
 * transaction opens (the embedded database serves one connection, and the entries come from
 * the content store); `mailFor` then answers one teacher's copy through the transaction's
 * own connection, or null when no entry applies.
 */
async function momentMails(
  services: Services,
  account: "trial" | "premium",
  now: Date,
  options: { ownLanguageOnly: boolean },
) {
  const entries = await momentEntries(services, account, now);
  return {
    async mailFor(db: Database, userId: string): Promise<(MailMessage & { key: string }) | null> {
      if (!entries.size) return null;
      const [user] = (await recipients(db, eq(users.id, userId))) as Recipient[];
      if (!user) return null;
      for (const [slug, versions] of entries) {
        if (!inAudience(versionFor(versions, "en")!, user, now)) continue;
        const locale = user.locale ?? "en";
        const version = options.ownLanguageOnly
          ? versions.find((v) => v.locale === locale)
          : versionFor(versions, locale);
        if (!version) return null;
        if ((await alreadySent(db, slug, [user.id])).size) return null;
        return renderEntry({ services, now }, version, user);
      }
      return null;
    },
  };
}

/**
 * The email collection's trial reminder for the trial job: a teacher's copy when the entry
 * is written in their language, else null (the job sends the built-in reminder, which speaks
 * every language).
 */
export function trialReminders(services: Services, now: Date) {
  return momentMails(services, "trial", now, { ownLanguageOnly: true });
}

/**
 * The welcome when paid premium starts, for the subscription sync: enqueued in the same
 * transaction as the premium status, so a failure rolls both back and the webhook's retry
 * tries again; once per teacher (outbox key `email:<slug>:<user>`).
 */
export function premiumWelcome(services: Services, now: Date) {
  return momentMails(services, "premium", now, { ownLanguageOnly: false });
}

/** Sends the premium welcome to one teacher now (what the sync does, on its own). */
export async function sendPremiumStarted(
  services: Services,
  userId: string,
  now: Date = services.clock.now(),
) {
  const welcome = await premiumWelcome(services, now);
  const sent = await inTransaction(services.db, async (tx) => {
    const mail = await welcome.mailFor(tx, userId);
    return mail ? services.mail.sendMany([mail], { db: tx }) : 0;
  });
  if (sent) services.mail.wake();
  return sent;
}

/** A lifecycle entry as a sample teacher gets it (the admin's preview). */
export async function previewLifecycle(services: Services, slug: string, locale: string) {
  const now = services.clock.now();
  const versions = bySlug(await loadEntries(services, now)).get(slug);
  if (!versions) return null;
  const version = versionFor(versions, locale)!;
  const sample: Recipient = {
    id: "preview",
    email: "teacher@example.com",
    firstName: "Maria",
    locale: version.locale,
    createdAt: now,
    emailVerified: true,
    countryCode: null,
    membershipPlan: MEMBERSHIP_PLAN.PREMIUM,
    membershipPlanInterval: 12,
    subscriptionId: null,
    subscriptionStatus: "ACTIVE",
    subscriptionExpiredAt: new Date(now.getTime() + 365 * DAY_MS),
    trialExpiresAt: new Date(now.getTime() + DAY_MS),
    appNewsletterAcceptedAt: now,
    marketingNewsletterAcceptedAt: now,
    schoolPremium: false,
    signUpTrial: true,
  };
  const digest = version.scheduled ? await newExercises(services, now) : undefined;
  const message = await renderEntry({ services, now, digest, secret: "preview" }, version, sample);
  return message && { ...message, lang: version.locale };
}

/** The lifecycle entries for the admin's preview list: slug and English subject. */
export async function lifecycleEntries(services: Services) {
  const entries = await loadEntries(services, services.clock.now());
  return [...bySlug(entries).entries()].map(([slug, versions]) => ({
    slug,
    subject: versionFor(versions, "en")!.subject,
    languages: versions.map((v) => v.locale),
  }));
}

/** The mail feature's periodic job: the campaigns of the email collection, hourly. */
export function lifecycleJobs(services: Services): PeriodicJob[] {
  return [
    {
      name: "lifecycle-campaigns",
      cron: "13 * * * *",
      run: (now) => sendLifecycleCampaigns(services, now),
    },
  ];
}
