// Checks exercise data files against the library schema and level rules:
//   npx tsx scripts/check-library.ts content/library/exercises/a1/*.json
// Prints every problem with its file and slug; exits 1 when there is any.
import fs from "node:fs";
import { levelProblems, nearDuplicatePrompts } from "../app/features/library/rules";
import { ExerciseSchema, type Exercise } from "../app/features/library/schema";
import { exerciseSetPictures } from "../app/features/library/set-pictures";
import { pictureExists, unknownPicture } from "./picture-names";

const files = process.argv.slice(2);
const problems: string[] = [];
const valid: Exercise[] = [];
const slugs = new Map<string, string>();
const titles = new Map<string, string>();

for (const file of files) {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    problems.push(`${file}: not valid JSON (${(error as Error).message})`);
    continue;
  }
  if (!Array.isArray(data)) {
    problems.push(`${file}: the file must hold a JSON array of exercises`);
    continue;
  }
  data.forEach((item, index) => {
    const label = `${file} [${index}] ${(item as { slug?: string }).slug ?? ""}`;
    const result = ExerciseSchema.safeParse(item);
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push(`${label}: ${issue.path.join(".")}: ${issue.message}`);
      return;
    }
    const exercise = result.data;
    for (const p of levelProblems(exercise)) problems.push(`${label}: ${p}`);
    for (const { path, picture } of exerciseSetPictures(exercise))
      if (!pictureExists(picture.name))
        problems.push(`${label}: ${path}.name: ${unknownPicture(picture.name)}`);
    const otherSlug = slugs.get(exercise.slug);
    if (otherSlug) problems.push(`${label}: duplicate slug (also in ${otherSlug})`);
    slugs.set(exercise.slug, file);
    const titleKey = exercise.title.toLowerCase();
    const otherTitle = titles.get(titleKey);
    if (otherTitle)
      problems.push(`${label}: duplicate title "${exercise.title}" (also ${otherTitle})`);
    titles.set(titleKey, `${file} ${exercise.slug}`);
    valid.push(exercise);
  });
}
for (const d of nearDuplicatePrompts(valid)) {
  problems.push(
    `near-duplicate prompts (${d.similarity.toFixed(2)}): ${d.a.slug}: "${d.a.prompt}" ~ ${d.b.slug}: "${d.b.prompt}"`,
  );
}

const byType = new Map<string, number>();
for (const e of valid) byType.set(e.content.type, (byType.get(e.content.type) ?? 0) + 1);
process.stdout.write(
  `${valid.length} valid exercises; types: ${[...byType].map(([t, n]) => `${t} ${n}`).join(", ")}; free: ${valid.filter((e) => e.isFree).length}\n`,
);
if (problems.length > 0) {
  process.stdout.write(
    `${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}\n`,
  );
  process.exit(1);
}
process.stdout.write("no problems\n");
