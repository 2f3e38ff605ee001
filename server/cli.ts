import { seedDemoData } from "~/features/demo/seed.server";
import type { Services } from "~/lib/services.server";

export type CliResult = "serve" | "ok" | "error";

/**
 * Command-line modes of the server entry (`node server.js --seed-only`, …).
 * Without a mode flag the demo data is seeded on an empty database and the server starts.
 */
export async function runCli(services: Services, argv: string[]): Promise<CliResult> {
  const { env, log } = services;
  if (argv.includes("--seed-only")) {
    const summary = await seedDemoData(services);
    process.stdout.write(`Seed complete: ${summary}\n`);
    return "ok";
  }
  if (env.SEED_DEMO_DATA) {
    const summary = await seedDemoData(services, { onlyIfEmpty: true });
    if (summary) log.info({ summary }, "demo data seeded");
  }
  return "serve";
}
