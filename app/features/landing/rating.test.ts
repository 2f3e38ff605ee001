import { describe, expect, it } from "vitest";
import { publicRating } from "./rating";

const config = { PUBLIC_RATING: 4.9, RATING_COUNT_BASE_DATE: new Date("2022-01-01T00:00:00Z") };

describe("the public rating (spec §1)", () => {
  it("counts one review per whole day since the base date", () => {
    expect(publicRating(config, new Date("2022-01-01T12:00:00Z"))).toEqual({
      value: 4.9,
      count: 0,
      source: "configured",
    });
    expect(publicRating(config, new Date("2023-01-01T00:00:00Z")).count).toBe(365);
    expect(publicRating(config, new Date("2026-11-22T10:00:00Z")).count).toBe(1786);
  });

  it("never goes negative before the base date", () => {
    expect(publicRating(config, new Date("2021-06-01T00:00:00Z")).count).toBe(0);
  });

  it("switches to collected reviews once there are any", () => {
    expect(publicRating(config, new Date(), { average: 4.736, count: 12 })).toEqual({
      value: 4.7,
      count: 12,
      source: "reviews",
    });
    expect(publicRating(config, new Date(), { average: 0, count: 0 }).source).toBe("configured");
  });
});
