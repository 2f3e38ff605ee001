// `npm run i18n:report`: the share of English keys each locale translates, with the plural
// forms its language needs (CLDR) checked too. `--check <code>` exits 1 when that locale is
// incomplete, lists what is missing, and flags values identical to English.
import fs from "node:fs";
import path from "node:path";
import { DICTIONARY_LOCALE, LOCALES } from "../app/lib/i18n/locales";
import { pluralCategories } from "../app/lib/i18n/translate";

const dir = path.resolve("locales");
const read = (code: string): Record<string, string> => {
  const file = path.join(dir, `${code}.json`);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>)
    : {};
};
const english = read("en");
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = [...new Set(Object.keys(english).map((k) => k.replace(PLURAL, "")))].sort();
const pluralBases = new Set(
  Object.keys(english)
    .filter((k) => PLURAL.test(k))
    .map((k) => k.replace(PLURAL, "")),
);

function missingKeys(code: string): string[] {
  if (code === DICTIONARY_LOCALE || code === "en") return [];
  const own = read(code);
  const categories = pluralCategories(code);
  const missing: string[] = [];
  for (const base of baseKeys) {
    if (pluralBases.has(base)) {
      for (const category of categories)
        if (!(`${base}_${category}` in own)) missing.push(`${base}_${category}`);
    } else if (!(base in own)) missing.push(base);
  }
  return missing;
}

const args = process.argv.slice(2);
const checkIndex = args.indexOf("--check");
if (checkIndex !== -1) {
  const code = args[checkIndex + 1] ?? "";
  const own = read(code);
  const missing = missingKeys(code);
  const extra = Object.keys(own).filter(
    (k) => !(k.replace(PLURAL, "") in Object.fromEntries(baseKeys.map((b) => [b, 1]))),
  );
  const same = Object.keys(own).filter(
    (k) => english[k] !== undefined && own[k] === english[k] && /[a-z]{3}/i.test(own[k] ?? ""),
  );
  const placeholders = Object.keys(own).filter((k) => {
    const en = english[k] ?? english[`${k.replace(PLURAL, "")}_other`] ?? "";
    const want = new Set((en.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, "")));
    const got = new Set(
      ((own[k] ?? "").match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, "")),
    );
    return (
      [...want].some((p) => !got.has(p) && p !== "{{count}}") ||
      [...got].some((p) => !want.has(p) && p !== "{{count}}")
    );
  });
  console.log(
    `${code}: ${missing.length} missing, ${extra.length} unknown, ${same.length} identical to English, ${placeholders.length} with placeholder mismatches`,
  );
  for (const k of missing) console.log(`  missing: ${k}`);
  for (const k of extra) console.log(`  unknown: ${k}`);
  for (const k of placeholders) console.log(`  placeholders differ: ${k}`);
  for (const k of same)
    console.log(`  same as English (fine for names and brand words): ${k} = ${own[k]}`);
  process.exit(missing.length > 0 || extra.length > 0 || placeholders.length > 0 ? 1 : 0);
}

const rows = LOCALES.map(({ code, language }) => {
  // Once per locale: reading and scanning the file per key made the report quadratic.
  const missingForms = missingKeys(code);
  const missingBases = new Set(missingForms.map((m) => m.replace(PLURAL, "")));
  const total = baseKeys.length;
  const done = baseKeys.filter((b) => !missingBases.has(b)).length;
  return { code, language, done, total, missing: missingForms.length };
});
for (const r of rows) {
  const pct = ((r.done / r.total) * 100).toFixed(1).padStart(5);
  console.log(
    `${r.code.padEnd(6)} ${r.language.padEnd(26)} ${pct}%  (${r.done}/${r.total} keys${r.missing ? `, ${r.missing} forms missing` : ""})`,
  );
}
