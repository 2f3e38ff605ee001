// `npm test`: the whole suite on a fresh machine. Makes sure a Chromium is available
// (installing Debian's package when running as root), builds the app, runs the unit and
// integration tests (Vitest) and the end-to-end tests (Playwright, against the production
// build), then prints "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { printSummary, readReport } from "./test-summary.mjs";

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  return result.status ?? 1;
}

function ensureChromium() {
  if (fs.existsSync(CHROME_PATH)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt && !process.env.CHROME_PATH) {
    process.stdout.write("Chromium not found: installing Debian's chromium package…\n");
    if (
      run("apt-get", ["update"]) === 0 &&
      run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"]) === 0 &&
      fs.existsSync(CHROME_PATH)
    )
      return;
  }
  process.stderr.write(
    `\nThe end-to-end tests need Chromium, and none was found at ${CHROME_PATH}.\n` +
      `Install Debian's package (as root: apt-get update && apt-get install -y chromium),\n` +
      `or set CHROME_PATH to a Chromium or Chrome binary. The browser suite is never skipped.\n\n`,
  );
  process.exit(1);
}

ensureChromium();
fs.rmSync("test-results", { recursive: true, force: true });
fs.mkdirSync("test-results", { recursive: true });

if (run("npm", ["run", "build"]) !== 0) {
  process.stderr.write("Build failed.\n");
  process.exit(1);
}
run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
]);
run("npx", ["playwright", "test"]);

process.stdout.write("\nTest summary\n");
const { failed } = printSummary([
  readReport("unit + integration (Vitest)", "test-results/vitest.json"),
  readReport("end-to-end (Playwright, Chromium)", "test-results/playwright.json"),
]);
process.exit(failed > 0 ? 1 : 0);
