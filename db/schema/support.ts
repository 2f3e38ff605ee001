import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

const tz = { withTimezone: true } as const;

/**
 * The support chat: one conversation per user, written by the user and answered by staff
 * (administrators) from /admin/support. A staff reply notifies the user (kind "support").
 */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["user", "staff"] }).notNull(),
    /** The administrator who answered (kept when that account is deleted, as null). */
    staffId: text("staff_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    /** When the other side read it: the user for staff replies, staff for user messages. */
    readAt: timestamp("read_at", tz),
  },
  (t) => [index("support_messages_user_idx").on(t.userId, t.createdAt)],
);
