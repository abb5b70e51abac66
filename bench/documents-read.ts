/**
 * What reading documents costs on a large table, side by side in one run (medians of repeated
 * runs, the contenders taking turns so they share the machine's moods):
 *
 *   P2  a Data Explorer page at depth ≥ 100,000 vs page 1, same filter: by keyset (`after` the
 *       row at that depth) and by a page jump (`pageNo`), as the route reads them (pageRows);
 *       plain `OFFSET 100000` beside them, for scale.
 *   P3  a page with its total (the route: total from the counters, same snapshot) vs the page alone.
 *   P4  GET /dashboard/static's queries (dashboardCounts) vs one equivalent
 *       `select program_id, count(*) from documents group by program_id`.
 *
 *   npm run bench:documents                    (the embedded database under DATA_DIR, as npm start opens it)
 *   DATABASE_URL=postgres://… npm run bench:documents
 *
 * The table must hold at least 100,000 documents (`npm run demo-data -- --documents 1000000`
 * fills it); with fewer the bench says so and exits 1. Knobs: BENCH_RUNS (default 30),
 * BENCH_DEPTH (default 100000), BENCH_PAGE_SIZE (default 10).
 */
import { CompiledQuery, sql } from 'kysely';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/servers.ts';
import type { Db } from '../server/db/database.ts';
import { visibleDocumentCount, visibleDocumentCountSql, type ProgramAudience } from '../server/documents/document-scope.ts';
import { documentSelect } from '../server/documents/document-wire.ts';
import { documentPage, pageQuery, pageRows, type PageFilter } from '../server/documents/dashboard/document-pages.ts';
import { dashboardCounts } from '../server/documents/dashboard/dashboard-read.ts';
import type { DocumentModule } from '@model/documents/modules.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 100_000);
const PAGE = Number(process.env.BENCH_PAGE_SIZE ?? 10);
const MIN_DOCUMENTS = 100_000;
const WARMUP = 3;

/** A caller who sees every document (an admin): the filter is the index's own columns. */
const ADMIN = { id: 'bench', permission: { can_see_all_docs: true } };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/** PostgreSQL's own planning + execution time of one statement (no client, network or Node in it). */
async function serverMs(db: Db, compiled: CompiledQuery): Promise<number> {
  const explained = await db.executeQuery(
    CompiledQuery.raw(`explain (analyze, timing off, summary, format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const plan = (explained.rows[0] as { 'QUERY PLAN': Array<{ 'Planning Time': number; 'Execution Time': number }> })['QUERY PLAN'][0]!;
  return plan['Planning Time'] + plan['Execution Time'];
}

/** The biggest program + type, else program + module, holding a page beyond DEPTH. */
async function deepestFilter(db: Db): Promise<{ filter: PageFilter; total: number } | undefined> {
  const byType = await sql<{ program_id: string; module: DocumentModule; type_id: string; n: number }>`
    select program_id, module, type_id, sum(n)::bigint as n from document_counts group by 1, 2, 3 order by 4 desc limit 1`.execute(db);
  const byModule = await sql<{ program_id: string; module: DocumentModule; n: number }>`
    select program_id, module, sum(n)::bigint as n from document_counts group by 1, 2 order by 3 desc limit 1`.execute(db);
  const audience = async (id: string) =>
    (
      await sql<
        ProgramAudience & { _id: string }
      >`select id as "_id", document_visible, program_head, teams from programs where id = ${id}`.execute(db)
    ).rows[0]!;
  const type = byType.rows[0];
  if (type && Number(type.n) >= DEPTH + PAGE) {
    return { filter: { program: await audience(type.program_id), module: type.module, typeId: type.type_id }, total: Number(type.n) };
  }
  const module = byModule.rows[0];
  if (module && Number(module.n) >= DEPTH + PAGE) {
    return { filter: { program: await audience(module.program_id), module: module.module }, total: Number(module.n) };
  }
  return undefined;
}

async function main() {
  const config = loadConfig();
  const { db, embedded, label } = await openDatabase(config, () => undefined);
  try {
    const documents = Number((await sql<{ n: string }>`select count(*) as n from documents`.execute(db)).rows[0]!.n);
    console.log(`documents-read bench: ${label}, ${documents.toLocaleString('en')} documents, ${RUNS} runs (median), page size ${PAGE}`);
    if (documents < MIN_DOCUMENTS) {
      console.error(
        `The documents table holds ${documents.toLocaleString('en')} documents; the bench needs at least ${MIN_DOCUMENTS.toLocaleString('en')}. ` +
          'Fill it first: npm run demo-data -- --documents 1000000',
      );
      process.exitCode = 1;
      return;
    }
    const deepest = await deepestFilter(db);
    if (!deepest) {
      console.error(
        `No program + type or program + module holds ${(DEPTH + PAGE).toLocaleString('en')} documents: no page that deep to read.`,
      );
      process.exitCode = 1;
      return;
    }
    const { filter, total } = deepest;
    const name = `program ${filter.program._id}, ${filter.module}${filter.typeId ? `, type ${filter.typeId}` : ''}`;
    console.log(`filter: ${name} — ${total.toLocaleString('en')} documents (from the counters)`);

    const matching = sql<boolean>`d.program_id = ${filter.program._id} and ${
      filter.typeId === undefined ? sql`d.module = ${filter.module}` : sql`d.type_id = ${filter.typeId}`
    }`;
    // The row just before the deep page: `after` it is the page at DEPTH, as pageNo DEPTH / PAGE is.
    const cursorRow = await sql<{ seq: string }>`select d.seq from documents d where ${matching}
      order by d.seq desc offset ${DEPTH - 1} limit 1`.execute(db);
    const after = Number(cursorRow.rows[0]!.seq);
    const deepPageNo = Math.floor(DEPTH / PAGE);
    const lastPageNo = Math.ceil(total / PAGE) - 1;

    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id).join(',');
    const KEYSET = `keyset page at depth ${DEPTH.toLocaleString('en')}`;
    const JUMP = `jump to pageNo ${deepPageNo.toLocaleString('en')}`;
    const LAST = `jump to the last page (${lastPageNo.toLocaleString('en')})`;
    const OFFSET = `plain OFFSET ${DEPTH.toLocaleString('en')} (not used; for scale)`;
    const GROUP_BY = 'select program_id, count(*) from documents group by program_id';
    // The route's work (page and total in one statement) for every page; the page alone is the same statement with the total already known.
    const contenders: Record<string, () => Promise<unknown>> = {
      'page 1': () => documentPage(db, ADMIN, filter, { pageNo: 0 }, PAGE),
      [KEYSET]: () => documentPage(db, ADMIN, filter, { after }, PAGE, deepPageNo),
      [JUMP]: () => documentPage(db, ADMIN, filter, { pageNo: deepPageNo }, PAGE),
      [LAST]: () => documentPage(db, ADMIN, filter, { pageNo: lastPageNo }, PAGE),
      [OFFSET]: () => documentSelect(db, { full: false }).where(matching).orderBy('d.seq', 'desc').offset(DEPTH).limit(PAGE).execute(),
      'page 1 alone (its total known)': () => pageRows(db, filter, undefined, { pageNo: 0 }, PAGE, total),
      'total alone': () => visibleDocumentCount(db, ADMIN, { programId: filter.program._id, module: filter.module, typeId: filter.typeId }),
      'GET /dashboard/static queries': () => dashboardCounts(db, ADMIN),
      [GROUP_BY]: () => sql`select program_id, count(*) from documents group by program_id`.execute(db),
    };

    // The deep page read three ways must be the same rows, and the total the counters' exact sum.
    const keyset = await documentPage(db, ADMIN, filter, { after }, PAGE, deepPageNo);
    const jump = await documentPage(db, ADMIN, filter, { pageNo: deepPageNo }, PAGE);
    const offset = await documentSelect(db, { full: false }).where(matching).orderBy('d.seq', 'desc').offset(DEPTH).limit(PAGE).execute();
    const wireIds = (page: { data: Array<{ _id: string }> }) => page.data.map((d) => d._id).join(',');
    if (wireIds(keyset) !== ids(offset) || wireIds(jump) !== ids(offset))
      throw new Error('The deep page differs between keyset, jump and OFFSET');
    if (keyset.total !== total) throw new Error(`The page's total ${keyset.total} is not the counters' ${total}`);

    const times: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
    for (let run = 0; run < WARMUP + RUNS; run++) {
      for (const [key, work] of Object.entries(contenders)) {
        const start = performance.now();
        await work();
        if (run >= WARMUP) times[key]!.push(performance.now() - start);
      }
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    console.log('\nmedians:');
    for (const key of Object.keys(contenders)) console.log(`  ${key.padEnd(68)} ${ms(m[key]!)}`);

    const page1 = m['page 1']!;
    const line = (label: string, value: number, baseline: number, baselineLabel: string, target: string) =>
      console.log(
        `  ${label.padEnd(44)} ${ms(value).padStart(11)}  vs ${baselineLabel.padEnd(22)} ${ms(baseline).padStart(11)}  = ${ratio(value, baseline).padStart(7)}  (${target})`,
      );
    console.log("\nratios, wall time in Node (the route's work, round trip included):");
    line(`P2 ${KEYSET}`, m[KEYSET]!, page1, 'page 1', 'target ≤ 2×');
    line(`P2 ${JUMP}`, m[JUMP]!, page1, 'page 1', 'target ≤ 2×');
    line('P2 jump to the last page', m[LAST]!, page1, 'page 1', 'target ≤ 2×');
    line(`   plain OFFSET ${DEPTH.toLocaleString('en')}`, m[OFFSET]!, page1, 'page 1', 'what keyset avoids');
    line('P3 page 1 with its total', page1, m['page 1 alone (its total known)']!, 'the page alone', 'target ≤ 2×');
    line('P4 /dashboard/static queries', m['GET /dashboard/static queries']!, m[GROUP_BY]!, 'one GROUP BY', 'target ≤ 1.5× or faster');

    // The same statements timed by PostgreSQL itself (planning + execution): what the database
    // does, without the client round trip that dominates wall time on a busy machine.
    const routeTotal = visibleDocumentCountSql(ADMIN, { programId: filter.program._id, module: filter.module, typeId: filter.typeId });
    const statement = (position: Parameters<typeof pageQuery>[3], t: Parameters<typeof pageQuery>[5] = routeTotal) =>
      pageQuery(db, filter, undefined, position, PAGE, t).query.compile();
    const statements: Record<string, CompiledQuery> = {
      'page 1': statement({ pageNo: 0 }),
      [KEYSET]: statement({ after }),
      [JUMP]: statement({ pageNo: deepPageNo }),
      [LAST]: statement({ pageNo: lastPageNo }),
      'page 1 alone (its total known)': statement({ pageNo: 0 }, total),
      'GET /dashboard/static queries': sql`select (select count(*) from programs) as programs, (select count(*) from forms) as forms,
        ${visibleDocumentCountSql(ADMIN)} as documents`.compile(db),
      [GROUP_BY]: sql`select program_id, count(*) from documents group by program_id`.compile(db),
    };
    const server: Record<string, number[]> = Object.fromEntries(Object.keys(statements).map((k) => [k, []]));
    for (let run = 0; run < WARMUP + RUNS; run++) {
      for (const [key, compiled] of Object.entries(statements)) {
        const took = await serverMs(db, compiled);
        if (run >= WARMUP) server[key]!.push(took);
      }
    }
    const s = Object.fromEntries(Object.entries(server).map(([k, v]) => [k, median(v)]));
    console.log('\nratios, PostgreSQL time (planning + execution, EXPLAIN ANALYZE):');
    line(`P2 ${KEYSET}`, s[KEYSET]!, s['page 1']!, 'page 1', 'target ≤ 2×');
    line(`P2 ${JUMP}`, s[JUMP]!, s['page 1']!, 'page 1', 'target ≤ 2×');
    line('P2 jump to the last page', s[LAST]!, s['page 1']!, 'page 1', 'target ≤ 2×');
    line('P3 page 1 with its total', s['page 1']!, s['page 1 alone (its total known)']!, 'the page alone', 'target ≤ 2×');
    line('P4 /dashboard/static queries', s['GET /dashboard/static queries']!, s[GROUP_BY]!, 'one GROUP BY', 'target ≤ 1.5× or faster');
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
