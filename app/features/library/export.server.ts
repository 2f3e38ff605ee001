import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { asc } from "drizzle-orm";
import { stringify } from "yaml";
import { exercises, materials } from "@db/schema";
import type { Database } from "~/lib/db.server";
import { exerciseRecord, materialRecord } from "./editing.server";

/**
 * Writes the library as the database holds it in content/library's format (decision record
 * 013): exercises/<level>/library.json (arrays, oldest first) and materials/<slug>.md (YAML
 * front matter and the Markdown body). Copied into content/library, the files seed another
 * database with the same items. Drafts are written too; their status stays in the database.
 */
export async function exportLibrary(db: Database, dir: string) {
  const rows = await db
    .select()
    .from(exercises)
    .orderBy(asc(exercises.publishedAt), asc(exercises.id));
  const byLevel = new Map<string, unknown[]>();
  for (const row of rows) {
    const level = row.level.toLowerCase();
    byLevel.set(level, [...(byLevel.get(level) ?? []), exerciseRecord(row)]);
  }
  for (const [level, records] of byLevel) {
    await mkdir(join(dir, "exercises", level), { recursive: true });
    await writeFile(
      join(dir, "exercises", level, "library.json"),
      `${JSON.stringify(records, null, 2)}\n`,
    );
  }
  const materialRows = await db.select().from(materials).orderBy(asc(materials.id));
  await mkdir(join(dir, "materials"), { recursive: true });
  for (const row of materialRows) {
    const front = stringify(materialRecord(row), { lineWidth: 0 });
    await writeFile(join(dir, "materials", `${row.id}.md`), `---\n${front}---\n${row.body}`);
  }
  return { exercises: rows.length, materials: materialRows.length };
}
