/**
 * One row of `npm run bench`'s table: a path, its figure, the baseline measured in the same run,
 * their ratio and the goal. Each bench prints its own rows as it always did, and calls
 * `reportResult` for each figure a goal is set on: printed as a line here, and appended as one
 * JSON line to the file BENCH_RESULTS names when bench/all.ts runs it.
 */
import { appendFileSync } from 'node:fs';

export interface BenchResult {
  /** What is measured: "users list, 50 rows, page and total". */
  path: string;
  /** The figure and its unit ("req/s", "ms", "rows/s", "KB"). */
  figure: number;
  unit: string;
  /** The baseline's own figure, in the same unit, and what it is ("minimal Fastify + pg handler"). */
  baseline?: number;
  baselineName?: string;
  /** The figure the goal is about: figure ÷ baseline (or the figure itself when there is no baseline). */
  ratio?: number;
  /** "≥ 0.8×", "≤ 30 ms": a person's reading of the goal; `met` says whether it holds (none: reported only). */
  goal?: string;
  met?: boolean;
}

const number = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? '–' : Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);

/** The result as one line of text, the way the table shows it. */
export function resultLine(r: BenchResult): string[] {
  return [
    r.path,
    `${number(r.figure)} ${r.unit}`,
    r.baseline === undefined ? '–' : `${number(r.baseline)} ${r.unit} (${r.baselineName ?? 'baseline'})`,
    r.ratio === undefined ? '–' : `${r.ratio.toFixed(2)}×`,
    r.goal ?? 'report',
    r.met === undefined ? '–' : r.met ? 'met' : 'MISSED',
  ];
}

export function reportResult(result: BenchResult): void {
  const [path, figure, baseline, ratio, goal, met] = resultLine(result);
  console.log(`RESULT ${path}: ${figure} vs ${baseline} = ${ratio} (goal ${goal}: ${met})`);
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, JSON.stringify(result) + '\n');
}
