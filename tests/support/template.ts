import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { TEST_NOW } from "./clock";

export const MIGRATIONS_DIR = path.resolve("db/migrations");

/** Inputs of the template: migrations and the content files (library and collections). */
const TEMPLATE_INPUTS = [MIGRATIONS_DIR, path.resolve("content")];

/** A hash of every migration and content file: a change makes a new template. */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  // The library is synced as of TEST_NOW (fresh and temporary-free flags depend on it).
  hash.update(TEST_NOW.toISOString());
  for (const dir of TEMPLATE_INPUTS) {
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
      const full = path.join(dir, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

export function templateDumpPath(): string {
  return path.resolve("node_modules/.cache/parley", `pglite-template-${migrationsHash()}.tar`);
}

export function templateDatabaseName(): string {
  return `parley_tpl_${migrationsHash()}`;
}
