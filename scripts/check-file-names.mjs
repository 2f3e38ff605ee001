// Part of `npm run lint`: every file and folder name in the code is kebab-case (issue 20):
// lower-case words and digits joined by hyphens, then its extensions (`user-states.test.ts`,
// `audit-pages.ts`). Drizzle's generated migrations (`0012_material_favorites.sql`) keep
// drizzle-kit's own names.
import { execFileSync } from "node:child_process";

const ROOTS = ["app", "server", "scripts", "tests", "db", "bench", "content"];
const GENERATED = /^db\/migrations\//;
const WORD = "[a-z0-9]+(?:-[a-z0-9]+)*";
const FILE = new RegExp(`^${WORD}(?:\\.${WORD})*$`);
const FOLDER = new RegExp(`^${WORD}$`);

const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...ROOTS],
  { encoding: "utf8" },
)
  .split("\n")
  .filter((file) => file && !GENERATED.test(file));
const bad = new Set();
for (const file of files) {
  const parts = file.split("/");
  const name = parts.pop() ?? "";
  if (!FILE.test(name)) bad.add(file);
  for (let i = 0; i < parts.length; i++) {
    if (!FOLDER.test(parts[i] ?? "")) bad.add(`${parts.slice(0, i + 1).join("/")}/`);
  }
}
if (bad.size > 0) {
  process.stderr.write(
    `Names that are not kebab-case:\n${[...bad].map((b) => `  ${b}`).join("\n")}\n`,
  );
  process.exit(1);
}
process.stdout.write(`file names: ${files.length} files, all kebab-case\n`);
