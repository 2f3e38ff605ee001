/**
 * Parley's database schema (Drizzle). `npm run db:generate` turns changes here into SQL
 * migrations under db/migrations, which the app applies at start.
 */
export * from "./schema/system";
