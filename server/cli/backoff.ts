/**
 * How long to wait before starting a dead worker again: 1 s, doubling with each death up to
 * 30 s, so a worker that dies at once on every start does not spin the CPU or flood the log;
 * back to 1 s once it has stayed up a while, so the next unrelated crash is mended quickly.
 */
export interface BackoffSettings {
  firstMs: number;
  maxMs: number;
  /** A worker up at least this long before it died starts the schedule over. */
  resetAfterMs: number;
}

export const RESTART_BACKOFF: BackoffSettings = { firstMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000 };

export class Backoff {
  private previousMs: number | undefined;

  constructor(private readonly settings: BackoffSettings = RESTART_BACKOFF) {}

  /** The wait before the next start, for a worker that stayed up `upForMs` before it died. */
  next(upForMs: number): number {
    const { firstMs, maxMs, resetAfterMs } = this.settings;
    this.previousMs = this.previousMs === undefined || upForMs >= resetAfterMs ? firstMs : Math.min(this.previousMs * 2, maxMs);
    return this.previousMs;
  }
}
