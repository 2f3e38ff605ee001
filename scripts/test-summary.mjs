// Reads the JSON reports of Vitest and Playwright runs and counts passed and failed tests.
import fs from "node:fs";

/** @returns {{ name: string, passed: number, failed: number, missing: boolean }} */
export function readReport(name, file) {
  if (!fs.existsSync(file)) return { name, passed: 0, failed: 1, missing: true };
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  if (report.stats && "expected" in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed on retry.
    const failed = report.stats.unexpected + (report.errors?.length ?? 0);
    return { name, passed: report.stats.expected + report.stats.flaky, failed, missing: false };
  }
  // Vitest (Jest-compatible JSON). A file that failed to load counts as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (r) => r.status === "failed" && (r.assertionResults ?? []).length === 0,
  ).length;
  return {
    name,
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    missing: false,
  };
}

export function printSummary(results) {
  for (const r of results) {
    process.stdout.write(
      `  ${r.name}: ${r.passed} passed, ${r.failed} failed${r.missing ? " (no report: the run did not complete)" : ""}\n`,
    );
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return { passed, failed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pairs = process.argv.slice(2).map((arg) => arg.split("="));
  const { failed } = printSummary(pairs.map(([name, file]) => readReport(name, file)));
  process.exit(failed > 0 ? 1 : 0);
}
