import { SettableClock } from "~/lib/clock";

/**
 * The moment the test apps start at unless a test sets another. The suite never reads the
 * machine's date: CI runs it again under faketime on campaign days to prove it.
 */
export const TEST_NOW = new Date("2026-12-09T10:00:00Z");

/** A clock for one test app: starts at TEST_NOW (or `start`) and runs on; tests move it. */
export function testClock(start: Date = TEST_NOW): SettableClock {
  return new SettableClock(start);
}
