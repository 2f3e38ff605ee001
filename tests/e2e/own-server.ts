import path from "node:path";
import { startE2eServer, type E2eServer } from "./e2e-server";
import { newClientAddress, test as base } from "./fixtures";
import { FirstAdmin } from "./people";

/**
 * The suite's fixtures on a server of the spec's own (its own clock, promotions, or state
 * such as maintenance that no other test should meet), sharing the suite's mailbox.
 */
export function testOnOwnServer(options: Parameters<typeof startE2eServer>[1] = {}) {
  return base.extend<object, { ownServer: E2eServer }>({
    ownServer: [
      async ({}, use) => {
        const server = await startE2eServer(
          process.env.E2E_MAILBOX ?? path.resolve("test-results/mailbox"),
          options,
        );
        await use(server);
        await server.stop();
      },
      { scope: "worker", timeout: 120_000 },
    ],
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.url);
    },
    firstAdmin: [
      async ({ ownServer }, use) => {
        const firstAdmin = new FirstAdmin(ownServer.url, newClientAddress);
        await use(firstAdmin);
        await firstAdmin.close();
      },
      { scope: "worker" },
    ],
  });
}
