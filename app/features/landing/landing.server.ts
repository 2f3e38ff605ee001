import { sql } from "drizzle-orm";
import { resourceCounts } from "~/features/library/index.server";
import type { ExerciseContent } from "~/features/library";
import { collectedRating } from "~/features/reviews/index.server";
import { getServices, type ContextReader } from "~/lib/context.server";
import { queryRows } from "~/lib/db.server";
import { publicRating } from "./rating";
import { previewLines } from "./samples";

export interface SampleExercise {
  id: string;
  title: string;
  summary: string;
  level: string;
  type: string;
  topics: string[];
  durationMinutes: number;
  preview: string[];
}

const SAMPLE_LEVELS = ["A2", "B1", "C1"] as const;

/**
 * Three real free exercises for the landing page, one each at A2, B1 and C1, of different
 * types where the library allows, newest first.
 */
export async function landingSamples(context: ContextReader): Promise<SampleExercise[]> {
  const rows = await queryRows<{
    id: string;
    title: string;
    summary: string;
    level: string;
    type: string;
    topics: string[];
    duration_minutes: number;
    content: ExerciseContent;
  }>(
    getServices(context).db,
    sql`select id, title, summary, level, type, topics, duration_minutes, content
        from exercises
        where is_free and level in ('A2', 'B1', 'C1')
          and status = 'published' and published_at <= ${getServices(context).clock.now()}
        order by published_at desc, id`,
  );
  const picked: SampleExercise[] = [];
  const usedTypes = new Set<string>();
  for (const level of SAMPLE_LEVELS) {
    const candidates = rows.filter((r) => r.level === level);
    const row = candidates.find((r) => !usedTypes.has(r.type)) ?? candidates[0];
    if (!row) continue;
    usedTypes.add(row.type);
    picked.push({
      id: row.id,
      title: row.title,
      summary: row.summary,
      level: row.level,
      type: row.type,
      topics: row.topics,
      durationMinutes: row.duration_minutes,
      preview: previewLines(row.content),
    });
  }
  return picked;
}

export async function landingFacts(context: ContextReader) {
  const services = getServices(context);
  const counts = await resourceCounts(services.database, services.clock.now());
  return {
    counts,
    rating: publicRating(
      services.env,
      services.clock.now(),
      await collectedRating(services, services.env.PUBLIC_RATING_MIN_REVIEWS),
    ),
  };
}
