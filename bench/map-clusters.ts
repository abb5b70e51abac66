/**
 * What the Data Explorer's Map view costs on a large table, in one run (medians of repeated runs,
 * the contenders taking turns so they share the machine's moods):
 *
 *   first view   what the console asks when the Map view opens: the whole globe at zoom 2 (to
 *                learn where the documents are), then the box around them at the zoom a
 *                1440 px screen fits them in — both as the route reads them (mapClusters);
 *                goal ≤ 1 s at 1,000,000 documents
 *   same SQL     the same two statements sent raw (no wiring of ours around them): the baseline
 *   a move       the middle quarter of that box one zoom closer, as a zoom in asks
 *   no place columns  for scale, the same grouping with each place read from the answers
 *                (form_data and the revision's fields) as it would be without migration 015
 *
 *   npm run bench:map                          (the documents benches' seeded database)
 *   DATABASE_URL=postgres://… npm run bench:map
 *
 * The table must hold at least 100,000 documents; with fewer the bench says so and exits 1.
 * Without DATABASE_URL it reads the documents benches' database (bench/support/seeded-documents.ts:
 * data/bench-documents, filled once with BENCH_DOCUMENTS demo documents, default 700,000; its
 * embedded server here on EMBEDDED_PG_PORT, default 54877). It takes the program + module holding
 * the most documents with a place, for a caller who sees every document. Knob: BENCH_RUNS
 * (default 15). No HTTP port: the reads are in-process.
 */
import { CompiledQuery, sql } from 'kysely';
import { benchDocumentsDatabase } from './support/seeded-documents.ts';
import type { Db } from '../server/db/database.ts';
import type { ProgramAudience } from '../server/documents/document-scope.ts';
import type { PageFilter } from '../server/documents/dashboard/document-pages.ts';
import { cellDegrees, clustersQuery, mapClusters, type BoundingBox } from '../server/documents/dashboard/map-clusters.ts';
import type { DocumentModule } from '@model/documents/modules.ts';
import { median, shuffled } from './support/stats.ts';
import { reportResult } from './support/report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const MIN_DOCUMENTS = 100_000;
const WARMUP = 2;
const GOAL_MS = 1000;
const ADMIN = { id: 'bench', permission: { can_see_all_docs: true } };
const WORLD: BoundingBox = { south: -90, west: -180, north: 90, east: 180 };
/** The Map view's size on a 1440 px screen (the page's padding and menu taken off). */
const SCREEN = { width: 1050, height: 560 };

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The zoom Leaflet's fitBounds picks for the box on SCREEN (Web Mercator, 256 px tiles). */
function fittedZoom(box: BoundingBox): number {
  const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  const xZoom = Math.log2((SCREEN.width * 360) / (256 * Math.max(box.east - box.west, 1e-6)));
  const yZoom = Math.log2((SCREEN.height * 2 * Math.PI) / (256 * Math.max(y(box.north) - y(box.south), 1e-9)));
  return Math.max(0, Math.min(19, Math.floor(Math.min(xZoom, yZoom))));
}

async function biggestMappedFilter(db: Db): Promise<{ filter: PageFilter; placed: number } | undefined> {
  const { rows } = await sql<{ program_id: string; module: DocumentModule; n: string }>`
    select program_id, module, count(*) as n from documents where geo_lat is not null group by 1, 2 order by 3 desc limit 1`.execute(db);
  const top = rows[0];
  if (!top) return undefined;
  const program = (
    await sql<ProgramAudience & { _id: string }>`
      select id as "_id", document_visible, program_head, teams from programs where id = ${top.program_id}`.execute(db)
  ).rows[0]!;
  return { filter: { program, module: top.module }, placed: Number(top.n) };
}

/** The grouping with each place read from the answers, as it would be without the place columns. */
function withoutPlaceColumns(filter: PageFilter, box: BoundingBox, zoom: number) {
  const cell = cellDegrees(zoom);
  return sql`
    with placed as (
      select d.seq, g.lat, g.lng from documents d cross join lateral document_geo_point(d.form_data, d.form_revision_id) g
      where d.program_id = ${filter.program._id} and d.module = ${filter.module} and g.lat is not null
    )
    select avg(lat), avg(lng), count(*), min(seq) from placed
    where lat between ${box.south} and ${box.north} and lng between ${box.west} and ${box.east}
    group by floor(lat / ${cell}::float8), floor(lng / ${cell}::float8) order by count(*) desc limit 501`;
}

async function main() {
  const opened = await benchDocumentsDatabase(Number(process.env.EMBEDDED_PG_PORT ?? 54877));
  const { db, label } = opened;
  try {
    const documents = Number((await sql<{ n: string }>`select count(*) as n from documents`.execute(db)).rows[0]!.n);
    console.log(`map-clusters bench: ${label}, ${documents.toLocaleString('en')} documents, ${RUNS} runs (median)`);
    if (documents < MIN_DOCUMENTS) {
      console.error(
        `The documents table holds ${documents.toLocaleString('en')} documents; the bench needs at least ${MIN_DOCUMENTS.toLocaleString('en')}. ` +
          'Fill it first: npm run demo-data -- --documents 1000000',
      );
      process.exitCode = 1;
      return;
    }
    const found = await biggestMappedFilter(db);
    if (!found) {
      console.error('No document has a place (a geo-location answer): nothing to map.');
      process.exitCode = 1;
      return;
    }
    const { filter, placed } = found;
    await sql`vacuum analyze documents`.execute(db);
    const world = await mapClusters(db, ADMIN, filter, WORLD, 2);
    const fitted = world.bounds!;
    const zoom = fittedZoom(fitted);
    // Half the width and half the height, around the middle: what a zoom in by one shows.
    const [midLat, midLng] = [(fitted.south + fitted.north) / 2, (fitted.west + fitted.east) / 2];
    const [halfHeight, halfWidth] = [(fitted.north - fitted.south) / 4, (fitted.east - fitted.west) / 4];
    const quarter: BoundingBox = {
      south: midLat - halfHeight,
      north: midLat + halfHeight,
      west: midLng - halfWidth,
      east: midLng + halfWidth,
    };
    const fittedAnswer = await mapClusters(db, ADMIN, filter, fitted, zoom);
    console.log(
      `filter: program ${filter.program._id}, ${filter.module} — ${placed.toLocaleString('en')} documents with a place; ` +
        `first view: the globe at zoom 2 (${world.clusters.length} cells), then the box around them at zoom ${zoom} (${fittedAnswer.clusters.length} cells, ${fittedAnswer.total.toLocaleString('en')} documents)`,
    );

    const raw = (compiled: CompiledQuery) => db.executeQuery(compiled);
    const worldSql = clustersQuery(ADMIN, filter, WORLD, 2).compile(db);
    const fittedSql = clustersQuery(ADMIN, filter, fitted, zoom).compile(db);
    const contenders: Record<string, () => Promise<unknown>> = {
      'first view, as the route reads it (globe + fitted box)': async () => {
        await mapClusters(db, ADMIN, filter, WORLD, 2);
        await mapClusters(db, ADMIN, filter, fitted, zoom);
      },
      'first view, the same SQL sent raw (baseline)': async () => {
        await raw(worldSql);
        await raw(fittedSql);
      },
      [`a move: a quarter of the box at zoom ${zoom + 1}`]: () => mapClusters(db, ADMIN, filter, quarter, zoom + 1),
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
    for (let run = 0; run < WARMUP + RUNS; run++) {
      for (const key of shuffled(Object.keys(contenders))) {
        const work = contenders[key]!;
        const start = performance.now();
        await work();
        if (run >= WARMUP) times[key]!.push(performance.now() - start);
      }
    }
    // Reading every place from the answers is slow: a few runs are enough to show its scale.
    const slow: number[] = [];
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      await withoutPlaceColumns(filter, fitted, zoom).execute(db);
      slow.push(performance.now() - start);
    }
    console.log('\nmedians (wall time in Node, round trips included):');
    for (const [key, values] of Object.entries(times)) console.log(`  ${key.padEnd(60)} ${ms(median(values)).padStart(10)}`);
    console.log(`  ${'fitted box without the place columns (3 runs; for scale)'.padEnd(60)} ${ms(median(slow)).padStart(10)}`);
    const first = median(times['first view, as the route reads it (globe + fitted box)']!);
    const baseline = median(times['first view, the same SQL sent raw (baseline)']!);
    console.log(
      `\nfirst view ${ms(first)} vs the same SQL raw ${ms(baseline)} = ${(first / baseline).toFixed(2)}×; goal ≤ ${GOAL_MS} ms: ${first <= GOAL_MS ? 'met' : 'NOT met'}`,
    );
    reportResult({
      path: 'Map view, first view (globe + fitted box)',
      figure: first,
      unit: 'ms',
      baseline,
      baselineName: 'the same SQL sent raw',
      ratio: first / baseline,
      goal: `≤ ${GOAL_MS} ms`,
      met: first <= GOAL_MS,
    });
    reportResult({
      path: `Map view, a move (a quarter of the box at zoom ${zoom + 1})`,
      figure: median(times[`a move: a quarter of the box at zoom ${zoom + 1}`]!),
      unit: 'ms',
    });
  } finally {
    await opened.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
