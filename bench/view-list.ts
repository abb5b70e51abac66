/**
 * A 100,000-row lookup list: import time and memory, then search latency beside plain SQL.
 *
 *   npx tsx bench/view-list.ts            (or: npm run bench:view-list)
 *
 * 1. Generates a 100,000-row workbook (town, county, code) with exceljs's streaming writer.
 * 2. Uploads it through POST /listview on the real api server (multipart, via inject) and reports
 *    rows/s and the peak growth of the process's RSS while it imports (sampled every 10 ms).
 *    Goals: at least 20,000 rows/s, at most 150 MB of RSS growth.
 * 3. Runs 200 searches of three typed letters (GET /listview/{id}/rows?q=…&range=[0,19]; the route runs its page and
 *    its count side by side), then
 *    the same two statements the route runs (the page and its count) straight through pg, and
 *    prints p50/p95 of both. Goal: p95 at most 30 ms.
 *
 * The database is a throw-away one on an embedded PostgreSQL in data/bench-view-list on port
 * EMBEDDED_PG_PORT (default 54689), or on BENCH_DATABASE_URL when set. Knobs: BENCH_ROWS
 * (default 100000), BENCH_QUERIES (default 200).
 */
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { projectRoot } from '../server/config.ts';
import { BENCH_ADMIN, startBenchApps } from './support/bench-apps.ts';
import { likeContaining } from '../server/view-lists/view-list-store.ts';
import { multipart } from '../tests/support/multipart.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const dataDir = path.join(projectRoot, 'data', 'bench-view-list');

const SYLLABLES = [
  'ki',
  'su',
  'mu',
  'na',
  'ro',
  'bi',
  'mo',
  'ba',
  'sa',
  'ku',
  'ru',
  'el',
  'do',
  'ret',
  'ma',
  'li',
  'ndi',
  'ta',
  'le',
  'ga',
];
/** A deterministic pseudo-random town name, so runs compare. */
function townName(n: number): string {
  let x = (n * 2654435761) >>> 0;
  let name = '';
  for (let i = 0; i < 3 + (n % 2); i++) {
    name += SYLLABLES[x % SYLLABLES.length];
    x = Math.floor(x / SYLLABLES.length) + n * 7;
  }
  return name[0]!.toUpperCase() + name.slice(1);
}

async function generateWorkbook(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Towns');
  ws.addRow(['Town', 'County', 'Code']).commit();
  for (let n = 1; n <= rows; n++)
    ws.addRow([`${townName(n)} ${n}`, `${townName(n * 31)} County`, `T${String(n).padStart(6, '0')}`]).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function main() {
  const { auth, api, databaseUrl, stop } = await startBenchApps(dataDir, 54689);
  const direct = new pg.Client({ connectionString: databaseUrl });
  try {
    const login = await auth.inject({
      method: 'POST',
      url: '/login',
      payload: { ...BENCH_ADMIN, isKeepLogin: true },
    });
    if (login.statusCode !== 200) throw new Error(`POST /login answered ${login.statusCode}: ${login.body}`);
    const authorization = `Bearer ${(login.json() as { token: string }).token}`;

    const t0 = performance.now();
    const file = await generateWorkbook(ROWS);
    console.log(
      `workbook: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const body = multipart([
      { name: 'name', value: 'Towns' },
      { name: 'excel_file', filename: 'towns.xlsx', contentType: 'application/octet-stream', content: file },
    ]);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const start = performance.now();
    const created = await api.inject({
      method: 'POST',
      url: '/listview',
      headers: { authorization, ...body.headers },
      payload: body.payload,
    });
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (created.statusCode !== 201) throw new Error(`POST /listview answered ${created.statusCode}: ${created.body}`);
    const list = created.json() as { _id: string; row_count: number };
    const growth = (peak - baseline) / 1024 / 1024;
    const rate = list.row_count / seconds;
    console.log(
      `import: ${list.row_count} rows in ${seconds.toFixed(2)} s = ${Math.round(rate)} rows/s (goal ≥ 20000: ${rate >= 20_000 ? 'met' : 'MISSED'}); ` +
        `peak RSS growth ${growth.toFixed(0)} MB (goal ≤ 150: ${growth <= 150 ? 'met' : 'MISSED'})`,
    );

    // Three letters from the start of a word somewhere in the list, as someone typing a town would.
    const queries = Array.from({ length: QUERIES }, (_, i) =>
      townName(1 + ((i * 7919) % ROWS))
        .slice(0, 3)
        .toLowerCase(),
    );
    const viaRoute: number[] = [];
    for (const q of queries) {
      const s = performance.now();
      const res = await api.inject({ method: 'GET', url: `/listview/${list._id}/rows?q=${q}&range=[0,19]`, headers: { authorization } });
      viaRoute.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`GET rows answered ${res.statusCode}: ${res.body}`);
    }
    await direct.connect();
    const served = `view_list_rows r join view_lists l on l.id = r.view_list_id and r.generation = l.generation where l.id = $1 and r.search like $2`;
    const viaSql: number[] = [];
    for (const q of queries) {
      const s = performance.now();
      await direct.query(`select r.row_no, r.cells from ${served} order by r.row_no asc limit 20 offset 0`, [list._id, likeContaining(q)]);
      await direct.query(`select count(*)::int as n from ${served}`, [list._id, likeContaining(q)]);
      viaSql.push(performance.now() - s);
    }
    const plan = await direct.query(`explain (analyze, costs off) select count(*) from ${served}`, [list._id, likeContaining(queries[0]!)]);
    for (const [label, times] of [
      ['route (GET /listview/{id}/rows)', viaRoute],
      ['plain SQL through pg (the page, then its count, as psql runs them)', viaSql],
    ] as const) {
      const sorted = [...times].sort((a, b) => a - b);
      console.log(`search ${label}: ${QUERIES} queries, p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}`);
    }
    const p95 = percentile(
      [...viaRoute].sort((a, b) => a - b),
      0.95,
    );
    console.log(`search goal p95 ≤ 30 ms: ${p95 <= 30 ? 'met' : 'MISSED'}`);
    console.log(`plan of the count for "${queries[0]}":\n  ${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n  ')}`);
  } finally {
    await direct.end().catch(() => undefined);
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
