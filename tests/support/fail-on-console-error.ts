import { afterEach, beforeEach, vi } from "vitest";

/**
 * A test fails on any unexpected console.error. A test that expects one says so with
 * `expectConsoleError()`.
 */
let expected = 0;
let unexpected: unknown[][] = [];

export function expectConsoleError(count = 1) {
  expected += count;
}

beforeEach(() => {
  expected = 0;
  unexpected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (expected > 0) {
      expected -= 1;
      return;
    }
    unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    const shown = unexpected.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`Unexpected console.error during the test:\n${shown}`);
  }
});
