/**
 * What reading documents costs on a large table, side by side in one run (medians of repeated
 * rounds, the contenders in a fresh shuffled order each round so they share the machine's moods):
 *
 *   P2  a Data Explorer page at depth 100,000 vs page 1 (the baseline), same filter: by a page
 *       jump (`pageNo`, as the console asks) and by keyset (`after` the row at that depth), as the
 *       route reads them (documentPage: page and total in one statement); the jump to the last
 *       page, and plain `OFFSET 100000` beside them for scale. Both with the program + type filter
 *       and with the program + module filter when one holds that many. The deep page read by jump,
 *       keyset and OFFSET must be the same rows (else exit 1).
 *   P3  page 1 with its total (the route: total from the counters, same snapshot) vs the page
 *       alone (its total known: the baseline).
 * Then the same statements timed by PostgreSQL itself (EXPLAIN ANALYZE), printed only.
 *
 *   npx tsx bench/documents-read.ts        (or: npm run bench:documents, BENCH_ONLY=documents npm run bench)
 *
 * Its database: DATABASE_URL when set (as it is, e.g. the one npm start uses; it must hold a
 * program + type or program + module of at least BENCH_DEPTH + a page of documents). Otherwise
 * a database kept between runs (bench/support/seeded-documents.ts): `fieldbase_bench` on
 * BENCH_DATABASE_URL when set, else on an embedded PostgreSQL in data/bench-documents on
 * EMBEDDED_PG_PORT (default 54857), filled once with BENCH_DOCUMENTS demo documents (default
 * 700,000: the demo set's largest program + module then holds about 125,000 and its largest type
 * about 105,000). Filling took 103 s on a busy 2-core machine (the first run only);
 * later runs start at once. bench/export.ts uses the same folder (on its own port): run the two
 * one after the other, not at once.
 *
 * Goals: each deep page at most 2× page 1; page with its total at most 2× the page alone.
 * Knobs: BENCH_RUNS (rounds, default 30), BENCH_DEPTH (default 100000), BENCH_PAGE_SIZE
 * (default 10), BENCH_DOCUMENTS (default 700000).
 */
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../server/db/database.ts';
import { visibleDocumentCount, visibleDocumentCountSql, type ProgramAudience } from '../server/documents/document-scope.ts';
import { documentSelect } from '../server/documents/document-wire.ts';
import { documentPage, pageQuery, pageRows, type PageFilter } from '../server/documents/dashboard/document-pages.ts';
import type { DocumentModule } from '@model/documents/modules.ts';
import { benchDocumentsDatabase } from './support/seeded-documents.ts';
import { median, shuffled } from './support/stats.ts';
import { reportResult } from './support/report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 100_000);
const PAGE = Number(process.env.BENCH_PAGE_SIZE ?? 10);
const WARMUP = 3;
const GOAL = { deep: 2, total: 2 };

/** A caller who sees every document (an admin): the filter is the index's own columns. */
const ADMIN = { id: 'bench', permission: { can_see_all_docs: true } };

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

interface Deep {
  filter: PageFilter;
  total: number;
}

/** The biggest program + type, and the biggest program + module, each when it holds a page beyond DEPTH. */
async function deepestFilters(db: Db): Promise<{ byType?: Deep; byModule?: Deep }> {
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
  const module = byModule.rows[0];
  return {
    byType:
      type && Number(type.n) >= DEPTH + PAGE
        ? { filter: { program: await audience(type.program_id), module: type.module, typeId: type.type_id }, total: Number(type.n) }
        : undefined,
    byModule:
      module && Number(module.n) >= DEPTH + PAGE
        ? { filter: { program: await audience(module.program_id), module: module.module }, total: Number(module.n) }
        : undefined,
  };
}

/** The contenders of one filter: page 1, the deep page three ways, the last page. */
async function deepContenders(db: Db, name: string, { filter, total }: Deep) {
  const matching = sql<boolean>`d.program_id = ${filter.program._id} and ${
    filter.typeId === undefined ? sql`d.module = ${filter.module}` : sql`d.type_id = ${filter.typeId}`
  }`;
  // The row just before the deep page: `after` it is the page at DEPTH, as pageNo DEPTH / PAGE is.
  const cursorRow = await sql<{ seq: string }>`select d.seq from documents d where ${matching}
    order by d.seq desc offset ${DEPTH - 1} limit 1`.execute(db);
  const after = Number(cursorRow.rows[0]!.seq);
  const deepPageNo = Math.floor(DEPTH / PAGE);
  const lastPageNo = Math.ceil(total / PAGE) - 1;
  const offsetPage = () => documentSelect(db, { full: false }).where(matching).orderBy('d.seq', 'desc').offset(DEPTH).limit(PAGE).execute();

  // The deep page read three ways must be the same rows, and the total the counters' exact sum.
  const keyset = await documentPage(db, ADMIN, filter, { after }, PAGE, deepPageNo);
  const jump = await documentPage(db, ADMIN, filter, { pageNo: deepPageNo }, PAGE);
  const offset = await offsetPage();
  const wireIds = (page: { data: Array<{ _id: string }> }) => page.data.map((d) => d._id).join(',');
  const same = wireIds(keyset) === offset.map((r) => r.id).join(',') && wireIds(jump) === wireIds(keyset) && keyset.total === total;
  console.log(`${name}: deep page the same by jump, keyset and OFFSET, total the counters' — same answer: ${same ? 'yes' : 'NO'}`);
  if (!same) throw new Error(`${name}: the deep page differs between keyset, jump and OFFSET, or its total is not the counters' ${total}`);

  const key = {
    page1: `${name}: page 1`,
    jump: `${name}: jump to pageNo ${deepPageNo.toLocaleString('en')}`,
    keyset: `${name}: keyset page at depth ${DEPTH.toLocaleString('en')}`,
    last: `${name}: jump to the last page (${lastPageNo.toLocaleString('en')})`,
    offset: `${name}: plain OFFSET ${DEPTH.toLocaleString('en')} (not used; for scale)`,
  };
  const contenders: Record<string, () => Promise<unknown>> = {
    [key.page1]: () => documentPage(db, ADMIN, filter, { pageNo: 0 }, PAGE),
    [key.jump]: () => documentPage(db, ADMIN, filter, { pageNo: deepPageNo }, PAGE),
    [key.keyset]: () => documentPage(db, ADMIN, filter, { after }, PAGE, deepPageNo),
    [key.last]: () => documentPage(db, ADMIN, filter, { pageNo: lastPageNo }, PAGE),
    [key.offset]: offsetPage,
  };
  const routeTotal = visibleDocumentCountSql(ADMIN, { programId: filter.program._id, module: filter.module, typeId: filter.typeId });
  const statement = (position: Parameters<typeof pageQuery>[3]) =>
    pageQuery(db, filter, undefined, position, PAGE, routeTotal).query.compile();
  const statements: Record<string, CompiledQuery> = {
    [key.page1]: statement({ pageNo: 0 }),
    [key.jump]: statement({ pageNo: deepPageNo }),
    [key.keyset]: statement({ after }),
    [key.last]: statement({ pageNo: lastPageNo }),
  };
  return { key, contenders, statements };
}

/** Every contender WARMUP + RUNS times, in a fresh shuffled order each round: the medians. */
async function medians<T>(contenders: Record<string, T>, run: (item: T) => Promise<number>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const key of shuffled(Object.keys(contenders))) {
      const took = await run(contenders[key]!);
      if (round >= WARMUP) times[key]!.push(took);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

async function main() {
  const opened = await benchDocumentsDatabase(54857);
  const { db } = opened;
  try {
    const documents = Number((await sql<{ n: string }>`select count(*) as n from documents`.execute(db)).rows[0]!.n);
    console.log(
      `documents-read bench: ${opened.label}, ${documents.toLocaleString('en')} documents, ${RUNS} rounds (median), page size ${PAGE}`,
    );
    const { byType, byModule } = await deepestFilters(db);
    const first = byType ?? byModule;
    if (!first) {
      console.error(
        `No program + type or program + module holds ${(DEPTH + PAGE).toLocaleString('en')} documents: no page that deep to read ` +
          `(${documents.toLocaleString('en')} documents; BENCH_DOCUMENTS fills more when DATABASE_URL is not set).`,
      );
      process.exitCode = 1;
      return;
    }
    const filters = [...(byType ? [['type', byType] as const] : []), ...(byModule ? [['module', byModule] as const] : [])];
    const contenders: Record<string, () => Promise<unknown>> = {};
    const statements: Record<string, CompiledQuery> = {};
    const keys: Record<string, Awaited<ReturnType<typeof deepContenders>>['key']> = {};
    for (const [kind, deep] of filters) {
      const { filter, total } = deep;
      console.log(
        `${kind} filter: program ${filter.program._id}, ${filter.module}${filter.typeId ? `, type ${filter.typeId}` : ''} — ${total.toLocaleString('en')} documents`,
      );
      const built = await deepContenders(db, kind, deep);
      Object.assign(contenders, built.contenders);
      Object.assign(statements, built.statements);
      keys[kind] = built.key;
    }
    // P3 on the first filter: the route's page with its total, and the same statement with the total already known.
    const ALONE = 'page 1 alone (its total known)';
    const TOTAL = 'total alone';
    contenders[ALONE] = () => pageRows(db, first.filter, undefined, { pageNo: 0 }, PAGE, first.total);
    contenders[TOTAL] = () =>
      visibleDocumentCount(db, ADMIN, { programId: first.filter.program._id, module: first.filter.module, typeId: first.filter.typeId });
    statements[ALONE] = pageQuery(db, first.filter, undefined, { pageNo: 0 }, PAGE, first.total).query.compile();

    const m = await medians(contenders, async (work) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    });
    console.log("\nmedians, wall time in Node (the route's work, round trip included):");
    for (const key of Object.keys(contenders)) console.log(`  ${key.padEnd(72)} ${ms(m[key]!)}`);

    const line = (label: string, value: number, baseline: number, baselineLabel: string, target: string) =>
      console.log(
        `  ${label.padEnd(56)} ${ms(value).padStart(11)}  vs ${baselineLabel.padEnd(16)} ${ms(baseline).padStart(11)}  = ${ratio(value, baseline).padStart(7)}  (${target})`,
      );
    console.log('\nratios, wall time:');
    for (const [kind] of filters) {
      const k = keys[kind]!;
      line(`P2 ${k.jump}`, m[k.jump]!, m[k.page1]!, 'page 1', `goal ≤ ${GOAL.deep}×`);
      line(`P2 ${k.keyset}`, m[k.keyset]!, m[k.page1]!, 'page 1', `goal ≤ ${GOAL.deep}×`);
      line(`P2 ${kind}: jump to the last page`, m[k.last]!, m[k.page1]!, 'page 1', `goal ≤ ${GOAL.deep}×`);
      line(`   ${kind}: plain OFFSET ${DEPTH.toLocaleString('en')}`, m[k.offset]!, m[k.page1]!, 'page 1', 'what keyset avoids');
    }
    const firstKind = filters[0]![0];
    const page1 = m[keys[firstKind]!.page1]!;
    line(`P3 ${firstKind}: page 1 with its total`, page1, m[ALONE]!, 'the page alone', `goal ≤ ${GOAL.total}×`);

    const s = await medians(statements, (compiled) => serverMs(db, compiled));
    console.log('\nratios, PostgreSQL time (planning + execution, EXPLAIN ANALYZE; printed only):');
    for (const [kind] of filters) {
      const k = keys[kind]!;
      line(`P2 ${k.jump}`, s[k.jump]!, s[k.page1]!, 'page 1', `goal ≤ ${GOAL.deep}×`);
      line(`P2 ${k.keyset}`, s[k.keyset]!, s[k.page1]!, 'page 1', `goal ≤ ${GOAL.deep}×`);
      line(`P2 ${kind}: jump to the last page`, s[k.last]!, s[k.page1]!, 'page 1', `goal ≤ ${GOAL.deep}×`);
    }
    line(`P3 ${firstKind}: page 1 with its total`, s[keys[firstKind]!.page1]!, s[ALONE]!, 'the page alone', `goal ≤ ${GOAL.total}×`);

    console.log('');
    const depth = `${Math.round(DEPTH / 1000)}k`;
    for (const [kind] of filters) {
      const k = keys[kind]!;
      const figure = m[k.jump]!;
      const baseline = m[k.page1]!;
      reportResult({
        path: `Data Explorer page ${kind === 'type' ? 'typed' : 'module filter'} at depth ${depth} vs page 1`,
        figure,
        unit: 'ms',
        baseline,
        baselineName: 'page 1',
        ratio: figure / baseline,
        goal: `≤ ${GOAL.deep}×`,
        met: figure / baseline <= GOAL.deep,
      });
    }
    reportResult({
      path: 'page with its total vs the page alone',
      figure: page1,
      unit: 'ms',
      baseline: m[ALONE]!,
      baselineName: 'the page alone',
      ratio: page1 / m[ALONE]!,
      goal: `≤ ${GOAL.total}×`,
      met: page1 / m[ALONE]! <= GOAL.total,
    });
  } finally {
    await opened.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
