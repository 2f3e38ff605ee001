import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";

const tz = { withTimezone: true } as const;

/**
 * Every Stripe webhook event received, by its id: a second delivery of the same event is
 * recognised and ignored. processedAt stays null while (or if) handling fails, so Stripe's
 * retry is processed again.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** The object the event is about (subscription, checkout session, invoice id). */
  objectId: text("object_id"),
  receivedAt: timestamp("received_at", tz).notNull().defaultNow(),
  processedAt: timestamp("processed_at", tz),
});

/**
 * Redeem codes made by administrators: each gives a number of days of premium, or premium
 * with no end date ("plan"), up to maxUses people, until expiresAt.
 */
export const redeemCodes = pgTable(
  "redeem_codes",
  {
    id: serial("id").primaryKey(),
    /** Stored upper-case without spaces or dashes (what redemption compares). */
    code: text("code").notNull(),
    /**
     * A custom code as the administrator typed it (SPRING-2027, Spring2027), shown instead of
     * the stored form; null for generated codes, shown in groups of four.
     */
    display: text("display"),
    kind: text("kind", { enum: ["days", "plan"] }).notNull(),
    days: integer("days"),
    maxUses: integer("max_uses").notNull().default(1),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamp("expires_at", tz),
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    disabledAt: timestamp("disabled_at", tz),
  },
  (t) => [
    uniqueIndex("redeem_codes_code_uq").on(t.code),
    check("redeem_codes_days_ck", sql`${t.kind} <> 'days' or ${t.days} > 0`),
    check("redeem_codes_uses_ck", sql`${t.uses} <= ${t.maxUses}`),
  ],
);

export const codeRedemptions = pgTable(
  "code_redemptions",
  {
    codeId: integer("code_id")
      .notNull()
      .references(() => redeemCodes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redeemedAt: timestamp("redeemed_at", tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] })],
);

/** Teachers' reviews of Parley (/r/review); published ones feed the public rating. */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    text: text("text").notNull().default(""),
    /** The teacher agreed that the review may be shown publicly (first name and initial). */
    consentToPublish: boolean("consent_to_publish").notNull().default(false),
    /** An administrator hid it (spam, personal data); it no longer counts. */
    hiddenAt: timestamp("hidden_at", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_user_uq").on(t.userId),
    index("reviews_created_idx").on(t.createdAt),
    check("reviews_rating_ck", sql`${t.rating} between 1 and 5`),
  ],
);
