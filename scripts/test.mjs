// `npm test`: the whole suite on a fresh machine. Makes sure Chromium, nginx and openssl are
// available (installing Debian's packages when running as root), builds the app, runs the unit and
// integration tests (Vitest) and the end-to-end tests (Playwright, against the production
// build), then prints "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { printSummary, readReport } from "./test-summary.mjs";

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const NGINX_PATH = process.env.NGINX_PATH || "/usr/sbin/nginx";

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  return result.status ?? 1;
}

/**
 * A program the suite needs: present, or installed from Debian's package when running as
 * root with apt (and no override variable names another binary), or a clear stop.
 */
function ensureProgram({ name, path, override, debianPackage, neededBy, instead }) {
  if (fs.existsSync(path)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt && !(override && process.env[override])) {
    process.stdout.write(`${name} not found: installing Debian's ${debianPackage} package…\n`);
    if (
      run("apt-get", ["update"]) === 0 &&
      run("apt-get", ["install", "-y", "--no-install-recommends", debianPackage], {
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      }) === 0 &&
      fs.existsSync(path)
    )
      return;
  }
  process.stderr.write(
    `\n${neededBy} need ${name}, and none was found at ${path}.\n` +
      `Install Debian's package (as root: apt-get update && apt-get install -y ${debianPackage})` +
      `${instead ? `,\n${instead}` : ""}. These tests are never skipped.\n\n`,
  );
  process.exit(1);
}

ensureProgram({
  name: "Chromium",
  path: CHROME_PATH,
  override: "CHROME_PATH",
  debianPackage: "chromium",
  neededBy: "The end-to-end tests",
  instead: "or set CHROME_PATH to a Chromium or Chrome binary",
});
ensureProgram({
  name: "nginx",
  path: NGINX_PATH,
  override: "NGINX_PATH",
  debianPackage: "nginx",
  neededBy: "The TLS reverse-proxy tests",
  instead: "or set NGINX_PATH to an nginx binary",
});
ensureProgram({
  name: "openssl",
  path: "/usr/bin/openssl",
  debianPackage: "openssl",
  neededBy: "The TLS reverse-proxy tests (a throwaway certificate)",
});
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
