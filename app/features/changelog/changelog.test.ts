import { describe, expect, it } from "vitest";
import { hasNewUpdate } from "./changelog";

const NOW = new Date("2026-11-22T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe("Feature Lab new-update flag", () => {
  it.each([
    ["no entries", null, null, false],
    ["published today, never opened", at(-3600_000), null, true],
    ["published 29 days ago, never opened", at(-29 * DAY), null, true],
    ["published exactly 30 days ago, never opened", at(-30 * DAY), null, true],
    ["published 31 days ago, never opened", at(-31 * DAY), null, false],
    ["opened after it was published", at(-5 * DAY), at(-DAY), false],
    ["opened before it was published", at(-DAY), at(-5 * DAY), true],
    ["opened at the very moment it was published", at(-DAY), at(-DAY), false],
    ["published in the future (scheduled)", at(DAY), null, false],
  ])("%s", (_label, published, opened, expected) => {
    expect(hasNewUpdate(published, opened, NOW)).toBe(expected);
  });
});
