// Validates content; runs before every build (npm run build), and while writing content:
//   npx tsx scripts/check-content.ts [collection …]
// Runs the server's own content build (every problem names the file and the field), then
// checks that localized pages exist in English and Polish, that blog covers and transcript audio exist, and the library materials against their schema.
import fs from "node:fs";
import path from "node:path";
import { parseFrontMatter } from "../app/lib/content/front-matter";
import { markdownToText } from "../app/lib/content/markdown";
import { COLLECTIONS, LOCALIZED_COLLECTIONS } from "../app/features/content/collections";
import {
  buildCollections,
  ContentBuildError,
  type SourceFile,
} from "../app/features/content/build";
import { ExerciseSchema, MaterialFrontMatterSchema } from "../app/features/library/schema";
import { exerciseSetPictures } from "../app/features/library/set-pictures";
import { pictureExists, unknownPicture } from "./picture-names";
import { entryProblems, placeholdersIn } from "../app/features/mail/lifecycle-rules";
import { lessonPlanMinutes } from "../app/features/library/vocabulary";
import { SITE_FACT_TOKENS as SITE_FACTS } from "../app/lib/site-facts";
import {
  citationProblems,
  itemPath,
  type CitableItem,
} from "../app/features/content/newsletter-citations";

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

// The same build the server runs at start: schemas, dates, slugs, markdown, per file and field.
const sources: SourceFile[] = COLLECTIONS.flatMap((collection) =>
  walk(path.join(root, collection)).map((file) => ({
    path: path.relative(root, file).split(path.sep).join("/"),
    text: fs.readFileSync(file, "utf8"),
  })),
);
try {
  const built = buildCollections(sources);
  for (const c of COLLECTIONS) counts[c] = built[c].rows.length;
} catch (error) {
  if (error instanceof ContentBuildError) problems.push(...error.problems);
  else throw error;
}

// Checks beyond the build: both languages present, referenced files exist.
for (const collection of COLLECTIONS) {
  if (wanted.length && !wanted.includes(collection)) continue;
  if (collection === "info") continue;
  const slugsByLocale = new Map<string, Set<string>>();
  for (const file of walk(path.join(root, collection))) {
    const rel = path.relative(root, file);
    if (!file.endsWith(".md")) continue;
    let doc;
    try {
      doc = parseFrontMatter(fs.readFileSync(file, "utf8"));
    } catch {
      continue; // reported by the build above
    }
    const data = doc.data as { cover?: unknown; audio?: unknown };
    if (LOCALIZED_COLLECTIONS.includes(collection)) {
      const locale = path.relative(path.join(root, collection), file).split(path.sep)[0] ?? "";
      const set = slugsByLocale.get(locale) ?? new Set();
      set.add(path.basename(file, ".md"));
      slugsByLocale.set(locale, set);
    }
    // Blog covers are public files; a transcript's audio is served from content/audio/ by
    // the listening route, to those who may open the track.
    for (const [field, value, folder] of [
      ["cover", collection === "blog" ? data.cover : undefined, "public"],
      [
        "audio",
        collection === "transcript" && typeof data.audio === "string"
          ? `/${path.basename(data.audio)}`
          : undefined,
        "content/audio",
      ],
    ] as const)
      if (typeof value === "string" && !fs.existsSync(path.resolve(folder, `.${value}`)))
        problems.push(`${rel}: ${field} ${value} not found in ${folder}/`);
  }
  if (LOCALIZED_COLLECTIONS.includes(collection)) {
    const en = slugsByLocale.get("en") ?? new Set();
    const pl = slugsByLocale.get("pl") ?? new Set();
    for (const slug of en)
      if (!pl.has(slug)) problems.push(`${collection}/pl/${slug}.md: missing Polish version`);
    for (const slug of pl)
      if (!en.has(slug)) problems.push(`${collection}/en/${slug}.md: missing English version`);
  }
}

// Lifecycle mails: rules the engine can honour, known placeholders, and every language's
// version with the same rules and placeholders as the English one.
if (!wanted.length || wanted.includes("email")) {
  const english = new Map<string, { rules: string; names: string }>();
  const versions: [string, string, { rules: string; names: string }][] = [];
  for (const file of walk(path.join(root, "email"))) {
    if (!file.endsWith(".md")) continue;
    const rel = path.relative(root, file);
    let doc;
    try {
      doc = parseFrontMatter(fs.readFileSync(file, "utf8"));
    } catch {
      continue; // reported by the build above
    }
    const d = doc.data as Record<string, unknown>;
    const date = (v: unknown) =>
      v instanceof Date ? v.toISOString() : typeof v === "string" ? v : null;
    const entry = {
      slug: path.basename(file, ".md"),
      locale: path.basename(path.dirname(file)),
      subject: String(d.subject ?? ""),
      stream: String(d.stream ?? ""),
      account: String(d.account ?? ""),
      country: Array.isArray(d.country) ? d.country.map(String) : [],
      interval: typeof d.interval === "number" ? d.interval : null,
      scheduled: date(d.scheduled),
      valid: date(d.valid),
      body: doc.body,
    };
    for (const problem of entryProblems(entry)) problems.push(`${rel}: ${problem}`);
    const facts = {
      rules: JSON.stringify([
        entry.stream,
        entry.account,
        entry.country,
        entry.interval,
        entry.scheduled,
        entry.valid,
      ]),
      names: placeholdersIn(`${entry.subject}\n${entry.body}`).sort().join(","),
    };
    if (entry.locale === "en") english.set(entry.slug, facts);
    else versions.push([rel, entry.slug, facts]);
  }
  for (const [rel, slug, facts] of versions) {
    const en = english.get(slug);
    if (!en) continue; // reported above as a missing English version
    if (en.rules !== facts.rules)
      problems.push(
        `${rel}: stream, account, country, interval, scheduled and valid must match the English version`,
      );
    if (en.names !== facts.names)
      problems.push(
        `${rel}: placeholders differ from the English version (${facts.names} vs ${en.names})`,
      );
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
      const time = lessonPlanMinutes(doc.body);
      if (result.data.type === "lesson-plan" && time !== result.data.durationMinutes)
        problems.push(
          `${rel}: durationMinutes ${result.data.durationMinutes} but the Time row says ${time ?? "nothing"}`,
        );
    }
    if (markdownToText(doc.body).length < 200)
      problems.push(`${rel}: the printable body is too short`);
    counts.materials = (counts.materials ?? 0) + 1;
  }
}

// Exercises: every picture they name (story prompts, pictures to show) exists, so no class
// screen shows a broken image. The exercise files' other checks: scripts/check-library.ts.
if (!wanted.length || wanted.includes("exercises")) {
  for (const file of walk(path.join(root, "library", "exercises")).filter((f) =>
    f.endsWith(".json"),
  )) {
    const rel = path.relative(root, file);
    let items: unknown;
    try {
      items = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${rel}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    if (!Array.isArray(items)) {
      problems.push(`${rel}: the file must hold a JSON array of exercises`);
      continue;
    }
    items.forEach((item, index) => {
      const label = `${rel} [${index}] ${(item as { slug?: string }).slug ?? ""}`;
      const parsed = ExerciseSchema.safeParse(item);
      if (!parsed.success) {
        for (const i of parsed.error.issues)
          problems.push(`${label}: ${i.path.join(".")}: ${i.message}`);
        return;
      }
      for (const { path: where, picture } of exerciseSetPictures(parsed.data))
        if (!pictureExists(picture.name))
          problems.push(`${label}: ${where}.name: ${unknownPicture(picture.name)}`);
      counts.exercises = (counts.exercises ?? 0) + 1;
    });
  }
}

// Who runs Parley is named by token (app/lib/site-facts.ts), filled from Admin → Site
// settings: public pages write no operator's address or placeholder of their own, and use
// only the tokens the app fills.
const SITE_FACT_TOKENS = new Set<string>(SITE_FACTS);
for (const collection of ["legal", "faq", "landing", "blog"]) {
  if (wanted.length && !wanted.includes(collection)) continue;
  for (const file of walk(path.join(root, collection)).filter((f) => f.endsWith(".md"))) {
    const rel = path.relative(root, file);
    const text = fs.readFileSync(file, "utf8");
    if (/@parley\.example\b/.test(text))
      problems.push(`${rel}: write {{support.email}} instead of an address`);
    if (/\[(Company legal name|Registered address|VAT number)\]/.test(text))
      problems.push(`${rel}: write {{operator}} instead of an operator placeholder`);
    for (const m of text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g))
      if (!SITE_FACT_TOKENS.has(m[1] as string))
        problems.push(
          `${rel}: unknown token {{${m[1]}}} (known: ${[...SITE_FACT_TOKENS].join(", ")})`,
        );
  }
}

// Newsletters cite only items that exist, by title, published before them.
if (!wanted.length || wanted.includes("newsletter")) {
  const day = (value: unknown) =>
    value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? "").slice(0, 10);
  const items = new Map<string, CitableItem>();
  for (const file of walk(path.join(root, "library", "exercises")).filter((f) =>
    f.endsWith(".json"),
  ))
    for (const e of JSON.parse(fs.readFileSync(file, "utf8")) as {
      slug: string;
      title: string;
      publishedAt?: string;
    }[])
      items.set(itemPath("exercise", e.slug), { title: e.title, publishedAt: day(e.publishedAt) });
  for (const [folder, type] of [
    [path.join(root, "library", "materials"), "material"],
    [path.join(root, "transcript"), "listening"],
  ] as const)
    for (const file of walk(folder).filter((f) => f.endsWith(".md"))) {
      const data = parseFrontMatter(fs.readFileSync(file, "utf8")).data as {
        title?: string;
        publishedAt?: unknown;
      };
      items.set(itemPath(type, path.basename(file, ".md")), {
        title: String(data.title ?? ""),
        publishedAt: day(data.publishedAt),
      });
    }
  for (const file of walk(path.join(root, "newsletter")).filter((f) => f.endsWith(".md"))) {
    const doc = parseFrontMatter(fs.readFileSync(file, "utf8"));
    const published = day((doc.data as { publishedAt?: unknown }).publishedAt);
    for (const problem of citationProblems(doc.body, published, items))
      problems.push(`${path.relative(root, file)}: ${problem}`);
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
