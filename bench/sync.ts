/**
 * Offline sync with a real PouchDB 9 device over HTTP, against the figures of the offline-sync
 * issue, each printed beside its goal:
 *
 *   npm run bench:sync
 *
 * S1  a fresh device pulls a program with 20 published forms and a 100,000-row view list:
 *     ≤ 10 s, ≤ 6 MB of JSON (median of BENCH_ROUNDS fresh devices).
 * S2  after one view-list row changed and one form published, the next pull carries only those
 *     documents in ≤ 12 requests; a pull with nothing new makes ≤ 5 requests.
 * S3  10,000 documents pushed while 30% of the _bulk_docs answers are cut after the server
 *     committed: exactly 10,000 rows, counters equal to count(*), each validated once, ≤ 60 s.
 *
 * Pull  throughput in documents/s of fresh devices pulling the same BENCH_PULL documents from
 *     Fieldbase and from express-pouchdb (the reference CouchDB-protocol server), shuffled,
 *     median of BENCH_ROUNDS each, the ratio the median of the rounds' ratios: goal ≥ 1×
 *     (support/pull-throughput.ts).
 * Baselines: S1–S3 have none (their goals are absolute); Pull's is express-pouchdb, taking turns
 * with Fieldbase in a random order each round (support/pull-throughput.ts), the same documents
 * on every device (checked: exit 1 when not).
 * Knobs: BENCH_ROUNDS (9: a pull round varies by ±15% on a shared host), BENCH_PUSH (10,000), BENCH_PULL (10,000), EMBEDDED_PG_PORT (54711), BENCH_DATABASE_URL.
 * The servers listen on ports the system picks (bench-apps.ts's listenAndSignIn), so they cannot collide.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { projectRoot } from '../server/config.ts';
import { followChanges } from '../server/sync/sync-follower.ts';
import { multipart } from '../tests/support/multipart.ts';
import { PouchDB } from '../scripts/field-client/pouchdb.ts';
import { listenAndSignIn, startBenchApps } from './support/bench-apps.ts';
import { measurePullThroughput } from './support/pull-throughput.ts';
import { median } from './support/stats.ts';
import { reportResult } from './support/report.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PUSHED = Number(process.env.BENCH_PUSH ?? 10_000);
const PULLED = Number(process.env.BENCH_PULL ?? 10_000);
const LIST_ROWS = 100_000;
const FORMS = 20;
const dataDir = path.join(projectRoot, 'data', 'bench-sync');

interface Traffic {
  requests: string[];
  bytes: number;
}

let devices = 0;
const device = () => new PouchDB(`bench-device-${++devices}`, { adapter: 'memory' });

/** The remote database as a device opens it, counting requests and answer bytes; `cut` loses an answer after the server sent it. */
function remote(apiUrl: string, token: string, name: string, traffic: Traffic, cut: (url: string) => boolean = () => false) {
  return new PouchDB(`${apiUrl}/sync/db/${name}`, {
    skip_setup: true,
    fetch: async (url, init) => {
      init.headers.set('Authorization', `Bearer ${token}`);
      traffic.requests.push(`${init.method ?? 'GET'} ${new URL(url).pathname.split('/').pop()}`);
      const answer = await PouchDB.fetch(url, init);
      // Read whole here (a clone read while the original waits can stall on a large answer).
      const body = await answer.arrayBuffer();
      traffic.bytes += body.byteLength;
      if (cut(url)) throw new TypeError('the connection was cut after the server answered');
      return new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
    },
  });
}

async function main() {
  const { db, auth, api, stop } = await startBenchApps(dataDir, Number(process.env.EMBEDDED_PG_PORT ?? 54711));
  try {
    const { apiUrl, token, headers } = await listenAndSignIn({ auth, api });
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${apiUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const upload = async (method: 'POST' | 'PATCH', url: string, parts: Parameters<typeof multipart>[0]) => {
      const body = multipart(parts);
      const res = await api.inject({ method, url, payload: body.payload, headers: { authorization: `Bearer ${token}`, ...body.headers } });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as Record<string, unknown>;
    };
    /** A program (documents visible to the team) through the console's route; answers its id. */
    const newProgram = async (name: string, description: string) =>
      String(
        (
          await upload('POST', '/program', [
            { name: 'name', value: name },
            { name: 'description', value: description },
            { name: 'no_of_days_for_edit_program', value: '30' },
            { name: 'program_head', value: '[]' },
            { name: 'documentVisible', value: 'ALL' },
          ])
        )._id,
      );
    const csv = (changed?: number) =>
      Buffer.from(
        [
          'Place,Region',
          ...Array.from({ length: LIST_ROWS }, (_, i) => `Place ${i}${i === changed ? ' (renamed)' : ''},Region ${i % 47}`),
        ].join('\n') + '\n',
      );
    const listFile = (changed?: number) => ({ name: 'excel_file', filename: 'places.csv', contentType: 'text/csv', content: csv(changed) });

    console.log(`setting up: a ${LIST_ROWS.toLocaleString()}-row view list, ${FORMS} forms and types, one program…`);
    const list = await upload('POST', '/listview', [{ name: 'name', value: 'Places' }, listFile()]);
    const fields = (i: number) => [
      { field_label: 'Place', field_name: 'place', field_type: 'dropdown', url: list._id },
      { field_label: 'Household name', field_name: 'household', field_type: 'text', validation: { required: true } },
      { field_label: `Members (${i})`, field_name: 'members', field_type: 'number' },
    ];
    const forms: string[] = [];
    const types: string[] = [];
    for (let i = 0; i < FORMS; i++) {
      const form = await call('POST', '/form', { name: `Visit form ${i}`, structures: fields(i) });
      await call('POST', '/form/publish', { _id: form._id });
      forms.push(String(form._id));
      const type = await call('POST', '/beneficiarytype', {
        name: `Visit ${i}`,
        plural_name: `Visits ${i}`,
        description: 'Visits',
        form: form._id,
      });
      types.push(String(type._id));
    }
    const programId = await newProgram('Sync bench program', 'Twenty forms and a long list');
    for (const type of types) await call('POST', `/program/${programId}/types/beneficiary_types`, { type_id: type });
    await call('GET', `/sync/${programId}`);
    const programDb = `program-${programId}`;

    // S1: fresh devices.
    const pulls: Array<{ ms: number; bytes: number; docs: number }> = [];
    let kept = device();
    for (let round = 0; round < ROUNDS; round++) {
      const phone = device();
      const traffic: Traffic = { requests: [], bytes: 0 };
      const started = performance.now();
      const result = await phone.replicate.from(remote(apiUrl, token, programDb, traffic));
      pulls.push({ ms: performance.now() - started, bytes: traffic.bytes, docs: result.docs_written });
      if (round === ROUNDS - 1) kept = phone;
      else await phone.destroy();
    }
    const s1 = {
      seconds: median(pulls.map((p) => p.ms)) / 1000,
      mb: median(pulls.map((p) => p.bytes)) / 1024 / 1024,
      docs: pulls[0]!.docs,
    };
    console.log(
      `S1 fresh pull: ${s1.docs} documents in ${s1.seconds.toFixed(2)} s (goal ≤ 10), ${s1.mb.toFixed(2)} MB of JSON (goal ≤ 6); ` +
        `rounds: ${pulls.map((p) => `${(p.ms / 1000).toFixed(2)} s`).join(', ')}`,
    );
    reportResult({ path: 'S1 fresh pull, time', figure: s1.seconds, unit: 's', goal: '≤ 10 s', met: s1.seconds <= 10 });
    reportResult({ path: 'S1 fresh pull, JSON', figure: s1.mb, unit: 'MB', goal: '≤ 6 MB', met: s1.mb <= 6 });

    // S2: nothing new, then one row and one form.
    const idle: Traffic = { requests: [], bytes: 0 };
    const again = await kept.replicate.from(remote(apiUrl, token, programDb, idle));
    console.log(`S2 nothing new: ${again.docs_written} documents, ${idle.requests.length} requests (goal ≤ 5)`);
    reportResult({
      path: 'S2 pull with nothing new, requests',
      figure: idle.requests.length,
      unit: 'requests',
      goal: '≤ 5',
      met: idle.requests.length <= 5,
    });
    await upload('PATCH', `/listview/${String(list._id)}`, [{ name: 'name', value: 'Places' }, listFile(54_321)]);
    const form = await call('GET', `/form/${forms[3]}`);
    await call('PATCH', `/form/${forms[3]}`, {
      name: 'Visit form 3',
      structures: [...fields(3), { field_label: 'Notes', field_name: 'notes', field_type: 'text-area' }],
      draft_version: form.draft_version,
    });
    await call('POST', '/form/publish', { _id: forms[3] });
    await followChanges(db, { wait: true });
    const changed: Traffic = { requests: [], bytes: 0 };
    const after = await kept.replicate.from(remote(apiUrl, token, programDb, changed));
    console.log(
      `S2 one row and one form: ${after.docs_written} documents (expected 2: the row's chunk and the new revision), ` +
        `${changed.requests.length} requests (goal ≤ 12), ${(changed.bytes / 1024).toFixed(0)} KB`,
    );
    reportResult({
      path: 'S2 pull after one row and one form, requests',
      figure: changed.requests.length,
      unit: 'requests',
      goal: '≤ 12',
      met: changed.requests.length <= 12,
    });

    // S3: pushes with answers cut.
    const revision = ((await call('GET', `/form/rev/${forms[0]}`)) as unknown as Array<{ _id: string }>)[0]!._id;
    const phone = device();
    const docs = Array.from({ length: PUSHED }, (_, i) => ({
      _id: `bench-push-${i}`,
      program_id: programId,
      module: 'beneficiaries',
      type_id: types[0],
      form_revision_id: revision,
      form_data: { place: `Place ${i % LIST_ROWS}`, household: `Household ${i}`, members: 1 + (i % 9) },
    }));
    for (let i = 0; i < docs.length; i += 1000) await phone.bulkDocs(docs.slice(i, i + 1000));
    const pushTraffic: Traffic = { requests: [], bytes: 0 };
    let cuts = 0;
    const cut = (url: string) => url.endsWith('/_bulk_docs') && Math.random() < 0.3 && ++cuts > 0;
    const me = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    const target = remote(apiUrl, token, `user-${me}`, pushTraffic, cut);
    const started = performance.now();
    let attempts = 0;
    for (;;) {
      attempts++;
      const result = await phone.replicate.to(target).catch((err: unknown) => ({ failed: err as Error }));
      if (!('failed' in result)) break;
      if (attempts > 1000) throw new Error(`the push never completed: ${result.failed.message}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await sql<{ stored: string; counted: string; all: string; submits: string }>`
      select (select count(*) from documents where local_id like 'bench-push-%') as stored,
        (select coalesce(sum(n), 0) from document_counts where program_id = ${programId}) as counted,
        (select count(*) from documents where program_id = ${programId}) as all,
        (select count(*) from changes where resource = 'document' and action = 'submit' and program_id = ${programId}) as submits`.execute(
      db,
    );
    const r = rows[0]!;
    console.log(
      `S3 push of ${PUSHED.toLocaleString()} with ${cuts} of ${pushTraffic.requests.filter((q) => q.endsWith('_bulk_docs')).length} _bulk_docs answers cut: ` +
        `${Number(r.stored).toLocaleString()} rows (goal exactly ${PUSHED.toLocaleString()}), counters ${r.counted} = count(*) ${r.all}, ` +
        `${r.submits} validated submissions (goal ${PUSHED}), ${attempts} replications, ${seconds.toFixed(1)} s (goal ≤ 60)`,
    );
    reportResult({
      path: `S3 push of ${PUSHED.toLocaleString('en')} with answers cut, rows stored`,
      figure: Number(r.stored),
      unit: 'rows',
      goal: `exactly ${PUSHED}, counters = count(*), each validated once`,
      met: Number(r.stored) === PUSHED && Number(r.counted) === Number(r.all) && Number(r.submits) === PUSHED,
    });
    reportResult({ path: 'S3 push with answers cut, time', figure: seconds, unit: 's', goal: '≤ 60 s', met: seconds <= 60 });

    // Pull throughput against the reference server, in a program database of its own.
    const second = await newProgram('Throughput program', 'Documents pulled by fresh devices');
    await call('GET', `/sync/${second}`);
    const pull = await measurePullThroughput({
      db,
      apiUrl,
      token,
      database: `program-${second}`,
      documents: PULLED,
      rounds: ROUNDS,
    });
    const each = (name: string) =>
      pull.rates
        .get(name)!
        .map((r) => r.toFixed(0))
        .join(', ');
    console.log(
      `Pull throughput, ${PULLED.toLocaleString()} documents: Fieldbase ${pull.ours.toFixed(0)} docs/s (rounds ${each('Fieldbase')}), ` +
        `express-pouchdb ${pull.theirs.toFixed(0)} docs/s (rounds ${each('express-pouchdb')}): ${pull.ratio.toFixed(2)}× (goal ≥ 1×); ` +
        `same documents on every device: ${pull.same ? 'yes' : 'NO'}`,
    );
    reportResult({
      path: `pull throughput, ${PULLED.toLocaleString('en')} documents to fresh devices`,
      figure: pull.ours,
      unit: 'docs/s',
      baseline: pull.theirs,
      baselineName: 'express-pouchdb',
      ratio: pull.ratio,
      goal: '≥ 1×',
      met: pull.ratio >= 1,
    });
    if (!pull.same) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
