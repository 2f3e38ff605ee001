import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Benchmarks print figures; they are never part of the test suite (`npm run bench:*`). */
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    include: ["bench/**/*.bench.ts"],
    // Benchmarks that serve the production build use the test template database.
    globalSetup: ["tests/support/global-setup.ts"],
    server: { deps: { external: [/\/build\/server\//] } },
    testTimeout: 60 * 60 * 1000,
    hookTimeout: 60 * 60 * 1000,
    fileParallelism: false,
  },
});
