import fs from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { E2E_PASSWORD, startE2eServer } from "./e2e-server";

export { E2E_PASSWORD };

/**
 * One production server on a fresh embedded database for the whole run (see
 * startE2eServer), with mail saved in test-results/mailbox for the test workers: the test
 * fixtures (fixtures.ts) sign in as the seeded administrator only to give their fresh accounts
 * administrator rights; every test makes and removes its own people.
 */
export default async function globalSetup(_config: FullConfig) {
  const results = path.resolve("test-results");
  const mailbox = path.join(results, "mailbox");
  fs.rmSync(mailbox, { recursive: true, force: true });
  fs.mkdirSync(mailbox, { recursive: true });
  const e2e = await startE2eServer(mailbox);
  process.env.E2E_BASE_URL = e2e.url;
  process.env.E2E_MAILBOX = mailbox;
  fs.writeFileSync(path.join(results, "e2e-server.pid"), String(e2e.server.child.pid));

  return async () => {
    await e2e.stop();
  };
}
