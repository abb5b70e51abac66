/** A goal's Percentage column (spec 2 §3): achieved × 100 / target, to at most two decimals. */
export function goalPercentage(achieve: number | undefined, target: number): number {
  if (!(target > 0)) return 0;
  return Math.round(((achieve ?? 0) * 10_000) / target) / 100;
}

export const percentText = (achieve: number | undefined, target: number) => `${goalPercentage(achieve, target)}%`;
