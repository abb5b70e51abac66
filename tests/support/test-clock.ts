/** A clock the tests move by hand, so expiry rules are tested without sleeping. */
import type { Clock } from '../../server/config.ts';

export interface TestClock extends Clock {
  /** Moves time forward (or back, with a negative number) by whole or fractional seconds. */
  advance(seconds: number): void;
  set(date: Date): void;
}

export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(seconds) {
      current += seconds * 1000;
    },
    set(date) {
      current = date.getTime();
    },
  };
}
