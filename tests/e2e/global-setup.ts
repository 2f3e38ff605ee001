import fs from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startServer, tempDir } from "../support/server-process";

/**
 * Starts one production server on a fresh embedded database for the whole e2e run and
 * stops it (by its process, never by name) afterwards.
 */
export default async function globalSetup(_config: FullConfig) {
  const dataDir = tempDir("parley-e2e-");
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  process.env.E2E_BASE_URL = server.url;
  fs.mkdirSync(path.resolve("test-results"), { recursive: true });
  fs.writeFileSync(path.resolve("test-results/e2e-server.pid"), String(server.child.pid));
  return async () => {
    const code = await server.stop();
    if (code !== 0) process.stderr.write(`e2e server exited with ${code}\n${server.output()}\n`);
  };
}
