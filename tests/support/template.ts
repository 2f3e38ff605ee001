import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const MIGRATIONS_DIR = path.resolve("db/migrations");

/** A hash of every migration file: a changed migration makes a new template. */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

export function templateDumpPath(): string {
  return path.resolve("node_modules/.cache/parley", `pglite-template-${migrationsHash()}.tar.gz`);
}

export function templateDatabaseName(): string {
  return `parley_tpl_${migrationsHash()}`;
}
