import { sql } from "drizzle-orm";

/**
 * Per-lesson figures as correlated subqueries on the outer "lessons" row (qualified by
 * name: drizzle would render a bare "id", which the subquery resolves to its own table).
 */
export const planMinutes = sql<number>`coalesce((select sum(minutes)::int from lesson_items i where i.lesson_id = "lessons"."id"), 0)`;
export const planItems = sql<number>`(select count(*)::int from lesson_items i where i.lesson_id = "lessons"."id")`;
