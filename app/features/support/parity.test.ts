import { describe, expect, it } from "vitest";
import {
  botScoreMarker,
  inParityGroup,
  PARITY_COUNTRY_GROUPS,
  PARITY_EXCLUDED,
  parityDiscount,
} from "./parity";

describe("bot-score markers (spec §9)", () => {
  it.each([
    [0, "red"],
    [0.1, "red"],
    [0.11, "orange"],
    [0.3, "orange"],
    [0.31, "yellow"],
    [0.7, "yellow"],
    [0.71, null],
    [1, null],
    [null, null],
    [-1, null],
  ] as const)("score %s gives %s", (rcs, marker) => {
    expect(botScoreMarker(rcs)).toBe(marker);
  });
});

describe("parity discount (spec §9)", () => {
  it.each([
    [0.05, 0],
    [0.1, 50],
    [0.15, 50],
    [0.2, 40],
    [0.35, 30],
    [0.45, 20],
    [0.5, 15],
    [0.65, 10],
    [0.7, 0],
    [0.9, 0],
  ])("a teacher in India with score %s gets %s %%", (rcs, percent) => {
    expect(parityDiscount("IN", rcs)).toBe(percent);
  });

  it("gives nothing outside the groups, without a score, and for PL, BY, RU, UA", () => {
    expect(parityDiscount("DE", 0.15)).toBe(0);
    expect(parityDiscount("IN", null)).toBe(0);
    expect(parityDiscount(null, 0.15)).toBe(0);
    for (const code of PARITY_EXCLUDED) expect(parityDiscount(code, 0.15)).toBe(0);
    expect(parityDiscount("ng", 0.25)).toBe(40);
  });

  it("keeps the groups as data with their source, valid codes, no country twice", () => {
    expect(PARITY_COUNTRY_GROUPS.source).toMatch(/World Bank/);
    const all = Object.values(PARITY_COUNTRY_GROUPS.groups).flat();
    expect(new Set(all).size).toBe(all.length);
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    for (const code of all) expect(names.of(code), code).toBeTruthy();
    expect(inParityGroup("ET")).toBe(true);
    expect(inParityGroup("PL")).toBe(false);
  });
});
