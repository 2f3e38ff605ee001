import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/chromium.mjs";

export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  // One browser at a time: on the two cores CI has, two workers finished the suite no sooner
  // (162 s against 158 s for seven of the longest tests) and each test took twice as long,
  // so the slowest came within a few seconds of their timeout.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  outputDir: "test-results/playwright",
  use: {
    ...devices["Desktop Chrome"],
    // Not the server's UTC (tests/e2e/fixtures.ts BROWSER_TIME_ZONE): time shown differently
    // on the server and in the browser fails hydration, as it would for a teacher in Warsaw.
    timezoneId: "Europe/Warsaw",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROME_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
