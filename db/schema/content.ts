import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The version of each content collection's table (content_<collection>). The tables
 * themselves are rebuilt from content/ at start whenever a version changes, from the column
 * registry in app/features/content/columns.ts, so they carry no migrations of their own.
 */
export const contentVersions = pgTable("content_versions", {
  collection: text("collection").primaryKey(),
  version: text("version").notNull(),
  rowCount: integer("row_count").notNull(),
  builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
});
