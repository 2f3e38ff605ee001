import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { exercises, materials } from "./library";

const tz = { withTimezone: true } as const;

/**
 * One row per user with everything of spec §3 that is not identity: roles, membership and
 * subscription state, captcha score, review and promotion flags. Created with the user.
 */
export const userData = pgTable(
  "user_data",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Bit flags: TEACHER 1, STUDENT 2, ADMIN 4. */
    role: integer("role").notNull().default(1),
    termsAcceptedAt: timestamp("terms_accepted_at", tz),
    stripeCustomerId: text("stripe_customer_id"),
    /** FREE 0, PREMIUM 1. */
    membershipPlan: smallint("membership_plan").notNull().default(0),
    subscriptionId: text("subscription_id"),
    /** Captcha bot-risk score, 0 (risky) to 1; null until measured. */
    rcs: real("rcs"),
    countryCode: text("country_code"),
    /** Months: MONTH 1, YEAR 12. */
    membershipPlanInterval: smallint("membership_plan_interval"),
    /** Security flags; the account is "secure" when all are falsy (spec §4.1). */
    security: jsonb("security").$type<Record<string, boolean>>(),
    trialExpiresAt: timestamp("trial_expires_at", tz),
    subscriptionExpiredAt: timestamp("subscription_expired_at", tz),
    subscriptionStatus: text("subscription_status"),
    subscriptionStatusUpdatedAt: timestamp("subscription_status_updated_at", tz),
    /** Hash of the normalised email: keeps one trial per person across re-registrations. */
    emailHash: text("email_hash"),
    reviewAskEligible: boolean("review_ask_eligible").notNull().default(false),
    reviewStartedAt: timestamp("review_started_at", tz),
    reviewCompletedAt: timestamp("review_completed_at", tz),
    /**
     * Promotion campaigns: premium access granted until trialExpiresAt comes from a
     * campaign, so the top bar says "premium access until …" instead of "trial".
     */
    wosp: boolean("wosp").notNull().default(false),
    thanksgiving: boolean("thanksgiving").notNull().default(false),
    avatar: smallint("avatar").notNull().default(1),
    /** Interface language chosen on the account page. */
    locale: text("locale"),
    featureLabOpenedAt: timestamp("feature_lab_opened_at", tz),
    /**
     * Where premium access until trialExpiresAt came from when it is not the sign-up trial:
     * "code" (a redeem code) or "admin" (granted in the admin panel). Null for the trial.
     */
    accessGrant: text("access_grant"),
    /** When the "your trial ends tomorrow" mail went out for the current expiry. */
    trialReminderSentAt: timestamp("trial_reminder_sent_at", tz),
    /** Notification kinds the user switched off (account page). */
    notificationsOff: text("notifications_off")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The teacher's IANA time zone, remembered from the browser (lesson times). */
    timeZone: text("time_zone"),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    index("user_data_subscription_idx").on(t.subscriptionId),
    index("user_data_email_hash_idx").on(t.emailHash),
  ],
);

export const organizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  membershipPlan: smallint("membership_plan").notNull().default(0),
  seats: integer("seats").notNull().default(5),
  trialExpiresAt: timestamp("trial_expires_at", tz),
  stripeCustomerId: text("stripe_customer_id"),
  subscriptionId: text("subscription_id"),
  subscriptionStatus: text("subscription_status"),
  subscriptionStatusUpdatedAt: timestamp("subscription_status_updated_at", tz),
  subscriptionExpiredAt: timestamp("subscription_expired_at", tz),
  /** Two-letter country of the school: decides the billing currency. */
  countryCode: text("country_code"),
  /** Address invoices and billing mail go to. */
  billingEmail: text("billing_email"),
  createdAt: timestamp("created_at", tz).notNull().defaultNow(),
});

/** Invitations to join a school, sent by e-mail; the link carries a token whose hash is kept. */
export const organizationInvites = pgTable(
  "organization_invites",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "member"] })
      .notNull()
      .default("member"),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    acceptedAt: timestamp("accepted_at", tz),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("organization_invites_token_uq").on(t.tokenHash),
    index("organization_invites_org_idx").on(t.organizationId),
  ],
);

export const organizationMembers = pgTable(
  "organization_members",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member"] })
      .notNull()
      .default("member"),
    joinedAt: timestamp("joined_at", tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    // A teacher belongs to at most one school.
    uniqueIndex("organization_members_user_uq").on(t.userId),
  ],
);

/**
 * A teacher's starred library items: each row is one exercise or one material (never both,
 * never neither), at most once per teacher.
 */
export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    exerciseId: text("exercise_id").references(() => exercises.id, { onDelete: "cascade" }),
    materialId: text("material_id").references(() => materials.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("favorites_user_exercise_uq").on(t.userId, t.exerciseId),
    uniqueIndex("favorites_user_material_uq").on(t.userId, t.materialId),
    check("favorites_one_item_ck", sql`num_nonnulls(${t.exerciseId}, ${t.materialId}) = 1`),
  ],
);

/**
 * A school's shared favorite exercises: one list per school, which every current member
 * (owner included) sees and changes. Who added an item, and when, is kept; the item stays
 * when that teacher leaves the school, and loses its author when the account is deleted.
 */
export const schoolFavorites = pgTable(
  "school_favorites",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    exerciseId: text("exercise_id")
      .notNull()
      .references(() => exercises.id, { onDelete: "cascade" }),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.exerciseId] }),
    index("school_favorites_added_by_idx").on(t.addedBy),
  ],
);

/**
 * Trials granted, by hash of the normalised email. Outlives accounts, so deleting and
 * re-registering does not give a second trial.
 */
export const trialGrants = pgTable("trial_grants", {
  emailHash: text("email_hash").primaryKey(),
  grantedAt: timestamp("granted_at", tz).notNull().defaultNow(),
});
