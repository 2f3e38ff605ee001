/**
 * The one source of "now" for product code. Services carry a Clock; features take `now` from
 * it (or as a parameter from a caller that did), never from `new Date()`. Tests and staging
 * set the time they need instead of inheriting the day the code happens to run.
 */
export interface Clock {
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = {
  now: () => new Date(),
};

/**
 * A clock that starts at a given instant and then runs forward with real time, so timeouts,
 * sessions and "a minute later" still behave while the calendar date is the one chosen
 * (`CLOCK_START`, test servers).
 */
export function clockStartingAt(start: Date, real: Clock = systemClock): Clock {
  const offset = start.getTime() - real.now().getTime();
  return { now: () => new Date(real.now().getTime() + offset) };
}

/**
 * A clock a test moves by hand: `set` jumps to an instant, `advance` moves it forward. It runs
 * on with real time between moves (so "created later" stays later), unless made frozen.
 */
export class SettableClock implements Clock {
  private base: number;
  private realAtBase: number;

  constructor(
    start: Date,
    private readonly options: { frozen?: boolean; real?: Clock } = {},
  ) {
    this.base = start.getTime();
    this.realAtBase = this.real();
  }

  private real(): number {
    return (this.options.real ?? systemClock).now().getTime();
  }

  now(): Date {
    return new Date(this.options.frozen ? this.base : this.base + this.real() - this.realAtBase);
  }

  set(instant: Date): void {
    this.base = instant.getTime();
    this.realAtBase = this.real();
  }

  advance(ms: number): void {
    this.set(new Date(this.now().getTime() + ms));
  }
}
