import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@db": fileURLToPath(new URL("./db", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two workers even on two cores (Vitest's default leaves one core free): the integration
    // files spend much of their time waiting on servers, sockets and the database, so the
    // whole suite took 316 s with two against 428 s with one on this two-core machine.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // `npm run test:coverage` (a report, not a gate). The integration tests run the production
    // bundle, so its V8 figures are mapped back to app/ and server/ through the bundle's source
    // map; tests/support/coverage-provider.ts explains why the provider needs help for that.
    coverage: {
      provider: "custom",
      customProviderModule: "./tests/support/coverage-provider.ts",
      include: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts", "build/server/**/*.js"],
      exclude: [
        "**/*.test.{ts,tsx}",
        "**/*.d.ts",
        // A two-line re-export chunk with no source map of its own.
        "build/server/assets/client-*.js",
      ],
      // Per file (wide enough for whole paths), the totals, and a JSON summary beside them.
      reporter: [["text", { maxCols: 140 }], "text-summary", "json-summary"],
      reportsDirectory: "test-results/coverage",
    },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/support/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // The files share a worker process: each starts its own app on its own database, and
          // none mocks modules or changes the environment, so nothing leaks between them, while
          // Node keeps the production bundle and PGlite's compiled WebAssembly loaded. That took
          // the pass from 379 s to 293 s on this two-core machine, and CI runs it twice.
          isolate: false,
          globalSetup: ["tests/support/global-setup.ts"],
          // The production bundle is loaded by Node itself, exactly as `npm start` runs it.
          server: { deps: { external: [/\/build\/server\//] } },
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 30_000,
          // Hooks start servers and databases; a busy two-core machine needs the margin.
          hookTimeout: 180_000,
          // expect.poll waits on conditions (a NOTIFY reaching the server, a stream
          // closing); on a loaded machine that can take more than the default second.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
