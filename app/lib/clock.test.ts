import { describe, expect, it } from "vitest";
import { clockStartingAt, SettableClock, type Clock } from "./clock";

/** A stand-in for the machine's clock that the test moves. */
function fakeReal(startMs: number) {
  let ms = startMs;
  const clock: Clock = { now: () => new Date(ms) };
  return { clock, tick: (by: number) => (ms += by) };
}

describe("clock", () => {
  it("a clock starting at an instant keeps the real clock's pace", () => {
    const real = fakeReal(Date.UTC(2030, 0, 1));
    const clock = clockStartingAt(new Date("2026-06-15T09:00:00Z"), real.clock);
    expect(clock.now().toISOString()).toBe("2026-06-15T09:00:00.000Z");
    real.tick(90_000);
    expect(clock.now().toISOString()).toBe("2026-06-15T09:01:30.000Z");
  });

  it("a settable clock jumps, advances and runs on between moves", () => {
    const real = fakeReal(0);
    const clock = new SettableClock(new Date("2027-01-25T12:00:00Z"), { real: real.clock });
    real.tick(1000);
    expect(clock.now().toISOString()).toBe("2027-01-25T12:00:01.000Z");
    clock.advance(24 * 60 * 60 * 1000);
    expect(clock.now().toISOString()).toBe("2027-01-26T12:00:01.000Z");
    clock.set(new Date("2026-11-26T00:00:00Z"));
    expect(clock.now().toISOString()).toBe("2026-11-26T00:00:00.000Z");
  });

  it("a frozen clock stands still until moved", () => {
    const real = fakeReal(0);
    const clock = new SettableClock(new Date("2026-01-01T00:00:00Z"), {
      frozen: true,
      real: real.clock,
    });
    real.tick(5000);
    expect(clock.now().toISOString()).toBe("2026-01-01T00:00:00.000Z");
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe("2026-01-01T00:01:00.000Z");
  });
});
