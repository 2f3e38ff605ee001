import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Operator-controlled settings (maintenance flag, generated secrets). One row per key. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Route rules looked up on every navigation (spec §2.4): an exact path or a path prefix
 * redirected to a target with a status code. Admins manage them.
 */
export const routeRules = pgTable(
  "route_rules",
  {
    id: serial("id").primaryKey(),
    matchType: text("match_type", { enum: ["exact", "prefix"] })
      .notNull()
      .default("exact"),
    path: text("path").notNull(),
    target: text("target").notNull(),
    statusCode: integer("status_code").notNull().default(302),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("route_rules_match_path_uq").on(t.matchType, t.path)],
);

/**
 * Fixed-window counters for abuse limits. Stored in the database so that limits hold
 * across every app instance sharing it.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Every mail Parley sends, written in the same transaction as the change that causes it and
 * delivered by the "mail" job queue with retries (or kept, when no SMTP is configured).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /**
     * One key per mail meant ("verify-email:<user>:<token>", "trial:<user>:<date>"): a second
     * enqueue with the same key is a no-op, and the key makes the Message-ID, so a mail sent
     * again after a worker died mid-send is the same message to the receiving server.
     */
    idempotencyKey: text("idempotency_key").notNull(),
    /** pending → sent | stored (no SMTP configured) | failed (retries used up) | bounced. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** The newsletter this mail is one recipient's copy of. */
    newsletterId: integer("newsletter_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt),
    uniqueIndex("mail_outbox_key_idx").on(t.idempotencyKey),
    index("mail_outbox_status_idx").on(t.status),
    index("mail_outbox_newsletter_idx").on(t.newsletterId, t.status),
  ],
);

/**
 * Newsletters written in the admin panel (Markdown), sent to the teachers who agreed to
 * their stream: at once or at `scheduledFor`. Each recipient's copy is a `mail_outbox` row
 * with `newsletter_id`, which gives the progress and the per-recipient status.
 */
export const newsletters = pgTable("newsletters", {
  id: serial("id").primaryKey(),
  subject: text("subject").notNull(),
  /** Markdown. */
  body: text("body").notNull(),
  /** Whose consent it needs: "marketing" (news and offers) or "app" (product updates). */
  audience: text("audience").notNull(),
  /** scheduled → sending → sent. */
  status: text("status").notNull().default("scheduled"),
  scheduledFor: timestamp("scheduled_for", { withTimezone: true }).notNull(),
  recipients: integer("recipients"),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  /**
   * Whether the public archive (/newsletter) shows it once sent. The admin chooses per
   * newsletter; rows from before the choice existed stay private.
   */
  inArchive: boolean("in_archive").notNull().default(false),
  /**
   * Versions in other languages, by locale ({ pl: { subject, body } }): a teacher whose
   * language has one gets it; everyone else the English subject and body.
   */
  translations: jsonb("translations")
    .$type<Record<string, { subject: string; body: string }>>()
    .notNull()
    .default({}),
  createdBy: text("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What administrators did in the admin panel (issue 15 item 6): who, what, to what, when,
 * with the details that say how. Read at Admin → Audit log; never changed.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The administrator's id; kept as their e-mail address when the account goes. */
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_action_idx").on(t.action),
  ],
);
