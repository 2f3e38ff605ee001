// Validates content files while writing them:
//   npx tsx scripts/check-content.ts [collection …]
// Checks front matter against the collection schemas, that localized pages exist in both
// English and Polish, that blog covers exist, and materials against their schema.
import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { parseFrontMatter } from "../app/lib/content/front-matter";
import { markdownToText } from "../app/lib/content/markdown";
import {
  COLLECTIONS,
  CONTENT_LOCALES,
  FrontMatterSchemas,
  LOCALIZED_COLLECTIONS,
  type CollectionName,
} from "../app/features/content/collections";
import { MaterialFrontMatterSchema } from "../app/features/library/schema";

const root = path.resolve("content");
const wanted = process.argv.slice(2);
const problems: string[] = [];
const counts: Record<string, number> = {};

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

for (const collection of COLLECTIONS) {
  if (wanted.length && !wanted.includes(collection)) continue;
  const files = walk(path.join(root, collection));
  const slugsByLocale = new Map<string, Set<string>>();
  for (const file of files) {
    const rel = path.relative(root, file);
    if (collection === "info") {
      if (!/\.ya?ml$/.test(file)) problems.push(`${rel}: info files are YAML`);
      else {
        try {
          parseYaml(fs.readFileSync(file, "utf8"));
        } catch (error) {
          problems.push(`${rel}: ${(error as Error).message}`);
        }
      }
      counts[collection] = (counts[collection] ?? 0) + 1;
      continue;
    }
    if (!file.endsWith(".md")) {
      problems.push(`${rel}: expected a .md file`);
      continue;
    }
    let doc;
    try {
      doc = parseFrontMatter(fs.readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${rel}: ${(error as Error).message}`);
      continue;
    }
    const result = FrontMatterSchemas[collection as CollectionName].safeParse(doc.data);
    if (!result.success)
      for (const i of result.error.issues)
        problems.push(`${rel}: ${i.path.join(".") || "(front matter)"}: ${i.message}`);
    if (markdownToText(doc.body).length < 40 && collection !== "email")
      problems.push(`${rel}: the body is (nearly) empty`);
    if (LOCALIZED_COLLECTIONS.includes(collection as CollectionName)) {
      const locale = path.relative(path.join(root, collection), file).split(path.sep)[0] ?? "";
      if (!(CONTENT_LOCALES as readonly string[]).includes(locale))
        problems.push(`${rel}: put it under ${collection}/en/ or ${collection}/pl/`);
      const set = slugsByLocale.get(locale) ?? new Set();
      set.add(path.basename(file, ".md"));
      slugsByLocale.set(locale, set);
    }
    if (collection === "blog" && result.success) {
      const cover = path.resolve("public", `.${(doc.data as { cover: string }).cover}`);
      if (!fs.existsSync(cover))
        problems.push(
          `${rel}: cover ${(doc.data as { cover: string }).cover} not found in public/`,
        );
    }
    if (collection === "transcript" && result.success) {
      const audio = path.resolve("public", `.${(doc.data as { audio: string }).audio}`);
      if (!fs.existsSync(audio))
        problems.push(
          `${rel}: audio ${(doc.data as { audio: string }).audio} not found in public/`,
        );
    }
    counts[collection] = (counts[collection] ?? 0) + 1;
  }
  if (LOCALIZED_COLLECTIONS.includes(collection as CollectionName)) {
    const en = slugsByLocale.get("en") ?? new Set();
    const pl = slugsByLocale.get("pl") ?? new Set();
    for (const slug of en)
      if (!pl.has(slug)) problems.push(`${collection}/pl/${slug}.md: missing Polish version`);
    for (const slug of pl)
      if (!en.has(slug)) problems.push(`${collection}/en/${slug}.md: missing English version`);
  }
}

if (!wanted.length || wanted.includes("materials")) {
  const titles = new Set<string>();
  for (const file of walk(path.join(root, "library", "materials"))) {
    const rel = path.relative(root, file);
    const doc = parseFrontMatter(fs.readFileSync(file, "utf8"));
    const result = MaterialFrontMatterSchema.safeParse(doc.data);
    if (!result.success)
      for (const i of result.error.issues)
        problems.push(`${rel}: ${i.path.join(".")}: ${i.message}`);
    else {
      if (result.data.slug !== path.basename(file, ".md"))
        problems.push(`${rel}: slug must match the file name`);
      const key = result.data.title.toLowerCase();
      if (titles.has(key)) problems.push(`${rel}: duplicate title`);
      titles.add(key);
    }
    if (markdownToText(doc.body).length < 200)
      problems.push(`${rel}: the printable body is too short`);
    counts.materials = (counts.materials ?? 0) + 1;
  }
}

process.stdout.write(
  `${
    Object.entries(counts)
      .map(([c, n]) => `${c}: ${n}`)
      .join(", ") || "no files"
  }\n`,
);
if (problems.length) {
  process.stdout.write(
    `${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}\n`,
  );
  process.exit(1);
}
process.stdout.write("no problems\n");
