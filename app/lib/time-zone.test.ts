import { describe, expect, it } from "vitest";
import { isTimeZone, utcToZonedParts, zonedTimeToUtc } from "./time-zone";

describe("wall-clock times in a time zone", () => {
  it("turns a Warsaw evening into the right instant in winter and summer", () => {
    expect(zonedTimeToUtc("2026-12-01", "18:00", "Europe/Warsaw")?.toISOString()).toBe(
      "2026-12-01T17:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-01", "18:00", "Europe/Warsaw")?.toISOString()).toBe(
      "2026-07-01T16:00:00.000Z",
    );
  });

  it("handles zones west of UTC and half-hour offsets", () => {
    expect(zonedTimeToUtc("2026-03-10", "09:30", "America/New_York")?.toISOString()).toBe(
      "2026-03-10T13:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-03-10", "09:30", "Asia/Kolkata")?.toISOString()).toBe(
      "2026-03-10T04:00:00.000Z",
    );
  });

  it("round-trips through the form fields", () => {
    const instant = zonedTimeToUtc("2026-10-25", "10:15", "Europe/London");
    expect(instant && utcToZonedParts(instant, "Europe/London")).toEqual({
      date: "2026-10-25",
      time: "10:15",
    });
  });

  it("refuses nonsense", () => {
    expect(zonedTimeToUtc("2026-13-01", "10:00", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2026-01-01", "25:00", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2026-01-01", "10:00", "Mars/Olympus")).toBeNull();
    expect(isTimeZone("Europe/Warsaw")).toBe(true);
    expect(isTimeZone("")).toBe(false);
  });
});
