/** A clock the tests move by hand, so expiry rules are tested without sleeping. */
import type { Clock } from '../../server/config.ts';

export interface TestClock extends Clock {
  /** Moves time forward (or back, with a negative number) by whole or fractional seconds. */
  advance(seconds: number): void;
  set(date: Date): void;
  /** Every wait the servers asked for, in ms, in order; each one moved the clock forward instead of sleeping. */
  readonly slept: number[];
}

export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  const slept: number[] = [];
  return {
    now: () => new Date(current),
    slept,
    async sleep(ms) {
      slept.push(ms);
      current += ms;
    },
    advance(seconds) {
      current += seconds * 1000;
    },
    set(date) {
      current = date.getTime();
    },
  };
}
