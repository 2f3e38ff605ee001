import type { LibraryViewer } from "~/features/library/index.server";
import { findMaterials } from "~/features/library/index.server";
import { CEFR_LEVELS, type CefrLevel } from "~/features/library";
import { parseMaterialParams, parseSearchParams } from "~/features/library";
import { searchExercises } from "~/features/library/index.server";
import type { Services } from "~/lib/services.server";
import type { UsedWithStudent } from "./lessons.server";

/**
 * The library picker of the lesson planner and the class page: exercises (or materials)
 * found by words and level, each with its minutes and when it was used before, and by
 * default only those not used yet. The page's address carries the query (?pick=…), so the
 * picker works without JavaScript and a search can be reloaded.
 */

export type PickKind = "exercise" | "material";

export interface PickerQuery {
  kind: PickKind;
  q: string;
  level: string;
  /** Only what was not used yet (the default). */
  fresh: boolean;
}

interface PickerResult {
  id: string;
  title: string;
  level: CefrLevel;
  type: string;
  minutes: number;
  locked: boolean;
  /** When it was used before (in another lesson with the student, or shared with the class). */
  usedAt: string | null;
}

export interface PickerData extends PickerQuery {
  results: PickerResult[];
}

/** Materials shown at most (exercises come one search page at a time). */
const MATERIALS_SHOWN = 20;

/** The picker's query from a page address, or null when no picker is open. */
export function pickerQuery(
  url: URL,
  kinds: readonly PickKind[],
  defaultLevel: string | null,
): PickerQuery | null {
  const kind = kinds.find((k) => k === url.searchParams.get("pick"));
  if (!kind) return null;
  const level = url.searchParams.get("level") ?? defaultLevel ?? "";
  // The form sends fresh=0 (hidden) and fresh=1 (checkbox, when ticked); no value: the default.
  const fresh = url.searchParams.getAll("fresh");
  return {
    kind,
    q: (url.searchParams.get("q") ?? "").slice(0, 200),
    level: (CEFR_LEVELS as readonly string[]).includes(level) ? level : "",
    fresh: fresh.length === 0 || fresh.includes("1"),
  };
}

/** Runs the picker's query; `used` says what was used before and when. */
export async function runPicker(
  services: Services,
  viewer: LibraryViewer,
  query: PickerQuery,
  used: UsedWithStudent,
): Promise<PickerData> {
  const { q, level, fresh } = query;
  const search = new URLSearchParams({ q });
  if (level) search.set("level", level);
  if (query.kind === "exercise") {
    const found = await searchExercises(services.database, parseSearchParams(search), viewer);
    const results = found.results
      .map((r) => ({
        id: r.id,
        title: r.title,
        level: r.level,
        type: r.type,
        minutes: r.durationMinutes,
        locked: r.locked,
        usedAt: used.exercises.get(r.id) ?? null,
      }))
      .filter((r) => !fresh || !r.usedAt);
    return { ...query, results };
  }
  const { cards } = await findMaterials(services.db, parseMaterialParams(search), viewer);
  const results = cards
    .map((m) => ({
      id: m.id,
      title: m.title,
      level: m.level,
      type: m.type,
      minutes: m.durationMinutes,
      locked: m.locked,
      usedAt: used.materials.get(m.id) ?? null,
    }))
    .filter((m) => !fresh || !m.usedAt)
    .slice(0, MATERIALS_SHOWN);
  return { ...query, results };
}
