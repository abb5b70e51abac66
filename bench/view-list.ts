/**
 * A 100,000-row lookup list: import rate and memory, then search latency beside plain SQL.
 *
 *   npx tsx bench/view-list.ts            (or: npm run bench:view-list, BENCH_ONLY=view-list npm run bench)
 *
 * 1. Generates a 100,000-row workbook (town, county, code) with exceljs's streaming writer.
 * 2. Uploads it over HTTP with POST /listview on the real api server (multipart, as the console
 *    sends it) and reports rows/s and the peak growth of the process's RSS while it imports
 *    (sampled every 10 ms). Beside it, for scale (no goal on the ratio): the same rows as CSV
 *    through `COPY … FROM STDIN` into a plain three-column table, which parses no workbook and
 *    builds no search column. Goals: at least 20,000 rows/s, at most 150 MB of RSS growth. The api
 *    server boots its spare import worker when it is ready (VIEW_LIST_IMPORT_WARM_WORKER, as
 *    servers run), so its ~100 MB is in the process before the import, not in the growth.
 * 3. Runs 200 searches of three typed letters over HTTP (GET /listview/{id}/rows?q=…&range=[0,19];
 *    the route runs its page and its count side by side, the count up to VIEW_LIST_COUNTED_MATCHES,
 *    past which Content-Range says "10000+"), then the same two statements the route runs (the
 *    page and its capped count) straight through pg, one after the other, and prints p50/p95 of
 *    both. Goal: the route's p95 at most 30 ms.
 *
 * The database is a throw-away one on an embedded PostgreSQL in data/bench-view-list on port
 * EMBEDDED_PG_PORT (default 54689), or on BENCH_DATABASE_URL when set. The servers listen on
 * BENCH_PORT (default 18780: the auth server) and +1 (the api server). Knobs: BENCH_ROWS
 * (default 100000), BENCH_QUERIES (default 200).
 */
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../server/config.ts';
import { BENCH_ADMIN, startBenchApps } from './support/bench-apps.ts';
import { likeContaining } from '../server/view-lists/view-list-store.ts';
import { VIEW_LIST_COUNTED_MATCHES } from '../server/view-lists/limits.ts';
import { multipart } from '../tests/support/multipart.ts';
import { reportResult } from './support/report.ts';
import { shuffled } from './support/stats.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 18780);
const GOALS = { rowsPerSecond: 20_000, rssMb: 150, p95Ms: 30 };
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

const rowCells = (n: number) => [`${townName(n)} ${n}`, `${townName(n * 31)} County`, `T${String(n).padStart(6, '0')}`];

async function generateWorkbook(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Towns');
  ws.addRow(['Town', 'County', 'Code']).commit();
  for (let n = 1; n <= rows; n++) ws.addRow(rowCells(n)).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function listen(app: FastifyInstance, port: number): Promise<string> {
  await app.listen({ host: '127.0.0.1', port });
  return `http://127.0.0.1:${port}`;
}

/** The same rows as CSV through COPY FROM STDIN into a plain table: rows/s. */
async function copyRate(client: pg.Client, rows: number): Promise<number> {
  await client.query('create temporary table bench_towns (town text, county text, code text)');
  const csv = Buffer.from(
    Array.from({ length: rows }, (_, i) =>
      rowCells(i + 1)
        .map((c) => `"${c}"`)
        .join(','),
    ).join('\n') + '\n',
  );
  const start = performance.now();
  const copy = client.query(copyFrom('COPY bench_towns FROM STDIN WITH (FORMAT csv)'));
  await new Promise<void>((resolve, reject) => {
    copy.on('finish', resolve).on('error', reject);
    copy.end(csv);
  });
  const seconds = (performance.now() - start) / 1000;
  await client.query('drop table bench_towns');
  return rows / seconds;
}

async function main() {
  const { auth, api, databaseUrl, stop } = await startBenchApps(dataDir, 54689);
  const direct = new pg.Client({ connectionString: databaseUrl });
  try {
    const authUrl = await listen(auth, PORT);
    const apiUrl = await listen(api, PORT + 1);
    const login = await fetch(`${authUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...BENCH_ADMIN, isKeepLogin: true }),
    });
    if (login.status !== 200) throw new Error(`POST /login answered ${login.status}: ${await login.text()}`);
    const authorization = `Bearer ${((await login.json()) as { token: string }).token}`;

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
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    const start = performance.now();
    const created = await fetch(`${apiUrl}/listview`, {
      method: 'POST',
      headers: { authorization, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    const answer = await created.text();
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    if (created.status !== 201) throw new Error(`POST /listview answered ${created.status}: ${answer}`);
    const list = JSON.parse(answer) as { _id: string; row_count: number };
    if (list.row_count !== ROWS) throw new Error(`POST /listview imported ${list.row_count} rows of ${ROWS}`);
    const growth = (peak - baseline) / 1024 / 1024;
    const rate = list.row_count / seconds;
    await direct.connect();
    const copied = await copyRate(direct, ROWS);
    console.log(
      `import over HTTP: ${list.row_count} rows in ${seconds.toFixed(2)} s = ${Math.round(rate)} rows/s (goal ≥ ${GOALS.rowsPerSecond}: ${rate >= GOALS.rowsPerSecond ? 'met' : 'MISSED'}); ` +
        `beside it, COPY of the same rows as CSV into a plain table: ${Math.round(copied)} rows/s (${(rate / copied).toFixed(2)}×, for scale); ` +
        `peak RSS growth ${growth.toFixed(0)} MB (goal ≤ ${GOALS.rssMb}: ${growth <= GOALS.rssMb ? 'met' : 'MISSED'})`,
    );

    // Three letters from the start of a word somewhere in the list, as someone typing a town would.
    const queries = Array.from({ length: QUERIES }, (_, i) =>
      townName(1 + ((i * 7919) % ROWS))
        .slice(0, 3)
        .toLowerCase(),
    );
    const served = `view_list_rows r where r.view_list_id = $1 and r.search like $2`;
    const search = {
      route: async (q: string) => {
        const res = await fetch(`${apiUrl}/listview/${list._id}/rows?q=${q}&range=[0,19]`, { headers: { authorization } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`GET rows answered ${res.status}: ${text}`);
      },
      sql: async (q: string) => {
        await direct.query(`select r.row_no, r.cells from ${served} order by r.row_no asc limit 20 offset 0`, [
          list._id,
          likeContaining(q),
        ]);
        await direct.query(`select count(*)::int as n from (select from ${served} limit ${VIEW_LIST_COUNTED_MATCHES + 1}) matches`, [
          list._id,
          likeContaining(q),
        ]);
      },
    };
    const viaRoute: number[] = [];
    const viaSql: number[] = [];
    // Each query by both, in a fresh shuffled order each time.
    for (const q of queries) {
      for (const way of shuffled(['route', 'sql'] as const)) {
        const s = performance.now();
        await search[way](q);
        (way === 'route' ? viaRoute : viaSql).push(performance.now() - s);
      }
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
    const sqlP95 = percentile(
      [...viaSql].sort((a, b) => a - b),
      0.95,
    );
    console.log(`search goal p95 ≤ ${GOALS.p95Ms} ms: ${p95 <= GOALS.p95Ms ? 'met' : 'MISSED'}`);
    console.log(`plan of the count for "${queries[0]}":\n  ${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n  ')}`);
    reportResult({
      path: 'view-list import over HTTP',
      figure: rate,
      unit: 'rows/s',
      baseline: copied,
      baselineName: 'COPY of the rows as CSV into a plain table, for scale',
      goal: `≥ ${GOALS.rowsPerSecond} rows/s`,
      met: rate >= GOALS.rowsPerSecond,
    });
    reportResult({
      path: 'view-list import: peak RSS growth',
      figure: growth,
      unit: 'MB',
      goal: `≤ ${GOALS.rssMb} MB`,
      met: growth <= GOALS.rssMb,
    });
    reportResult({
      path: `view-list search p95, ${QUERIES} three-letter queries at ${Math.round(ROWS / 1000)}k rows`,
      figure: p95,
      unit: 'ms',
      baseline: sqlP95,
      baselineName: 'the same two statements through pg',
      goal: `≤ ${GOALS.p95Ms} ms`,
      met: p95 <= GOALS.p95Ms,
    });
  } finally {
    await direct.end().catch(() => undefined);
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
