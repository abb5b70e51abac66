/**
 * `npm run bench`: every bench, one after another (never two at once: they would measure each
 * other), then one table of every figure a goal is set on — path, figure, baseline measured in
 * the same run, ratio, goal, met or not. Each bench's full output goes to data/bench-logs/<name>.log.
 *
 *   npm run bench                       every bench
 *   BENCH_ONLY=list,login npm run bench some of them
 *
 * A bench that fails, or reports nothing, is a row of its own saying so, and the command exits 1;
 * so does a missed goal. Each bench's baseline, and its knobs, are described in its own file.
 * The table is also written as Markdown to data/bench-logs/table.md, headed by the machine, the
 * commit and the load average before and after (the README's performance section shows one).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../server/config.ts';
import { resultLine, type BenchResult } from './support/report.ts';

interface Bench {
  name: string;
  file: string;
  /** Node flags the bench needs (its npm script's). */
  node?: string[];
}

/** In the order of the goals' table (README, Performance), then the benches that report only. */
export const BENCHES: Bench[] = [
  { name: 'list', file: 'list-route.ts' },
  { name: 'dashboard', file: 'dashboard.ts' },
  { name: 'login', file: 'login.bench.ts' },
  { name: 'documents', file: 'documents-read.ts' },
  { name: 'bundle', file: 'bundle-size.ts' },
  { name: 'view-list', file: 'view-list.ts', node: ['--expose-gc'] },
  { name: 'export', file: 'export.ts', node: ['--expose-gc'] },
  { name: 'changes', file: 'change-cost.ts' },
  { name: 'rate-limit', file: 'rate-limit.ts' },
  { name: 'export-s3', file: 'export-s3.ts' },
  { name: 'instances', file: 'instances.ts' },
  { name: 'import-signin', file: 'import-signin.ts' },
  { name: 'publish', file: 'form-publish.ts' },
  { name: 'audit', file: 'audit-page.ts' },
  { name: 'map', file: 'map-clusters.ts' },
  { name: 'sync', file: 'sync.ts' },
  { name: 'builder', file: 'builder.ts' },
];

const logs = path.join(projectRoot, 'data', 'bench-logs');

function run(bench: Bench, resultsFile: string): Promise<number> {
  const log = createWriteStream(path.join(logs, `${bench.name}.log`));
  const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [...(bench.node ?? []), path.join('bench', bench.file)], {
    cwd: projectRoot,
    env: { ...process.env, BENCH_RESULTS: resultsFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

/** Where and when the figures were taken: a busy machine moves them, so the table says how busy it was. */
function machineLine(loadBefore: number): string {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).stdout.trim();
  return (
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit || 'unknown'}, ${os.cpus().length} cores ` +
    `(${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB; ` +
    `load average ${loadBefore.toFixed(2)} before the run, ${os.loadavg()[0]!.toFixed(2)} after`
  );
}

function markdownTable(rows: string[][]): string {
  const line = (r: string[]) => `| ${r.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(rows[0]!), line(rows[0]!.map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows.map((r) => r.map((cell, i) => cell + ' '.repeat(widths[i]! - [...cell].length)).join('  ')).join('\n');
}

async function main() {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const chosen = only ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;
  if (only && chosen.length !== only.length)
    throw new Error(`BENCH_ONLY names no bench: choose among ${BENCHES.map((b) => b.name).join(', ')}`);
  mkdirSync(logs, { recursive: true });
  const loadBefore = os.loadavg()[0]!;
  const rows: string[][] = [['bench', 'path', 'figure', 'baseline (same run)', 'ratio', 'goal', 'met']];
  let failed = false;
  for (const bench of chosen) {
    const resultsFile = path.join(logs, `${bench.name}.results.jsonl`);
    rmSync(resultsFile, { force: true });
    const started = Date.now();
    process.stdout.write(`${bench.name} (bench/${bench.file}) … `);
    const code = await run(bench, resultsFile);
    let results: BenchResult[] = [];
    try {
      results = readFileSync(resultsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as BenchResult);
    } catch {
      // No file: the bench reported nothing.
    }
    console.log(`${code === 0 ? 'done' : `exit ${code}`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (code !== 0 || results.length === 0) {
      failed = true;
      rows.push([
        bench.name,
        code !== 0 ? `failed (exit ${code}): see data/bench-logs/${bench.name}.log` : 'reported no result',
        '',
        '',
        '',
        '',
        'MISSED',
      ]);
    }
    for (const result of results) {
      rows.push([bench.name, ...resultLine(result)]);
      if (result.met === false) failed = true;
    }
  }
  console.log(`\n${table(rows)}`);
  const markdown = path.join(logs, 'table.md');
  writeFileSync(markdown, `${machineLine(loadBefore)}\n\n${markdownTable(rows)}\n`);
  console.log(`\n${machineLine(loadBefore)}\nThe table as Markdown (for the README): ${path.relative(projectRoot, markdown)}`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
