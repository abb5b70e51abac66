/**
 * How many goal slides the carousel shows side by side at a given window width (spec 2 §9): at
 * most 4; 3 below 1199 px, 2 below 1024 px, 1 below 630 px — never more than there are goals.
 */
export const MAX_GOAL_SLIDES = 4;

const BREAKPOINTS: Array<[below: number, slides: number]> = [
  [630, 1],
  [1024, 2],
  [1199, 3],
];

export function goalSlidesPerView(windowWidth: number, goalCount = MAX_GOAL_SLIDES): number {
  const byWidth = BREAKPOINTS.find(([below]) => windowWidth < below)?.[1] ?? MAX_GOAL_SLIDES;
  return Math.max(1, Math.min(byWidth, goalCount));
}

/** Completed as a share of the target, in whole percent (spec 2 §3: achieved × 100 / target). */
export function goalPercent(achieve: number, target: number): number {
  if (!(target > 0)) return 0;
  return Math.round((Math.max(0, achieve) * 100) / target);
}
