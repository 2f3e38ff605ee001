import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

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

/**
 * Content files changed in the admin panel (decision record 014): the whole file's text by its
 * path under content/ ("changelog/2026-12-01-new-player.md", "transcript/a1-x.md"), or null
 * for a file the administrator deleted. The collections are built from the bundled files with
 * these laid over them, so a start or a deploy never undoes an administrator's change.
 */
export const contentEdits = pgTable("content_edits", {
  path: text("path").primaryKey(),
  text: text("text"),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
