import { createOrPromoteAdmin } from "~/features/account/admin-tasks.server";
import { seedDemoData } from "~/features/demo/seed.server";
import { announceLibraryChange } from "~/features/library/library-index.server";
import { exportLibrary } from "~/features/library/export.server";
import { syncLibrary } from "~/features/library/sync.server";
import { syncContent } from "~/features/content/store.server";
import type { Services } from "~/lib/services.server";

export type CliResult = "serve" | "ok" | "error";

function flag(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  if (index !== -1) return argv[index + 1];
  const inline = argv.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

function printAccess(access: string[]) {
  if (access.length === 0) return;
  process.stdout.write(`\n  Demo accounts:\n${access.map((line) => `    ${line}`).join("\n")}\n`);
}

/**
 * Command-line modes of the server entry (`node server.js --seed-only`, `--create-admin`).
 * Without a mode flag the demo data is seeded on an empty database and the server starts.
 */
export async function runCli(services: Services, argv: string[]): Promise<CliResult> {
  const { env, log } = services;
  if (argv.includes("--create-admin")) {
    const email = flag(argv, "--email");
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      process.stderr.write(
        "Usage: npm run create-admin -- --email someone@example.com [--first-name Ada --last-name Lovelace]\n",
      );
      return "error";
    }
    const result = await createOrPromoteAdmin(services, {
      email,
      firstName: flag(argv, "--first-name"),
      lastName: flag(argv, "--last-name"),
    });
    process.stdout.write(
      `${result.created ? "Created" : "Promoted"} admin ${email}.\nOne-time link to set the password (valid for one hour):\n  ${result.link}\n`,
    );
    return "ok";
  }
  if (argv.includes("--export-library")) {
    const dir = flag(argv, "--out");
    if (!dir) {
      process.stderr.write("Usage: npm run library:export -- --out <directory>\n");
      return "error";
    }
    const written = await exportLibrary(services.db, dir);
    process.stdout.write(
      `Exported ${written.exercises} exercises and ${written.materials} materials to ${dir} (content/library's format).\n`,
    );
    return "ok";
  }
  // The library is product content, not demo data: it is kept in line with content/ always
  // (items an administrator edited or deleted in the panel excepted: decision record 013).
  const library = await syncLibrary(services.db, services.clock.now());
  if (library.exercises || library.materials || library.audio) {
    log.info({ library }, "library synced with content files");
    await announceLibraryChange(services.database);
  }

  // Content collections: rebuilt into their tables when a file changed (one version check each).
  const content = await syncContent(services.database, undefined, log);
  if (content.rebuilt.length) log.info({ rebuilt: content.rebuilt }, "content tables rebuilt");

  if (argv.includes("--seed-only")) {
    const result = await seedDemoData(services);
    process.stdout.write(`Seed complete: ${result?.summary ?? "nothing to add"}\n`);
    printAccess(result?.access ?? []);
    return "ok";
  }
  if (env.SEED_DEMO_DATA) {
    const result = await seedDemoData(services, { onlyIfEmpty: true });
    if (result?.summary) log.info({ summary: result.summary }, "demo data seeded");
    printAccess(result?.access ?? []);
  }
  return "serve";
}
