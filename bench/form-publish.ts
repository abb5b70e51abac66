/**
 * Publishes racing on one form: 50 POST /form/publish at once over HTTP, against the real api
 * server on an embedded PostgreSQL. Goal: revisions 1..50, no gap, no duplicate, no error.
 *
 *   npx tsx bench/form-publish.ts            (or: npm run bench:publish)
 *
 * Prints every answer's status, the versions the answers and the table hold, whether they are
 * exactly 1..N, and the time for the whole burst (and per publish, as they queue on the form's
 * row lock). Exits 1 when the check fails.
 *
 * The database is a throw-away one on an embedded PostgreSQL in data/bench-publish on port
 * EMBEDDED_PG_PORT (default 54699), or on BENCH_DATABASE_URL when set. Knobs: BENCH_PUBLISHES
 * (default 50), BENCH_FIELDS (fields of the form, default 40). No baseline and nothing to shuffle:
 * the figure is a check of correctness (and the burst's time, reported only). The servers listen
 * on ports the system picks (bench-apps.ts's listenAndSignIn), so they cannot collide.
 */
import path from 'node:path';
import { sql } from 'kysely';
import type { FormField } from '@model/forms/field-definition.ts';
import { projectRoot } from '../server/config.ts';
import { listenAndSignIn, startBenchApps } from './support/bench-apps.ts';
import { reportResult } from './support/report.ts';

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 50);
const FIELDS = Number(process.env.BENCH_FIELDS ?? 40);
const dataDir = path.join(projectRoot, 'data', 'bench-publish');

/** A form of mixed fields, every fourth shown only when the one before it is answered. */
function structures(count: number): FormField[] {
  const types = ['text', 'number', 'phone', 'dropdown', 'boolean', 'date'] as const;
  return Array.from({ length: count }, (_, i): FormField => {
    const type = types[i % types.length]!;
    return {
      field_label: `Question ${i + 1}`,
      field_name: `q${i + 1}`,
      field_type: type,
      ...(type === 'dropdown' ? { extra_details: { option_choice: 'a: Alpha\nb: Beta\nc: Gamma' } } : {}),
      validation: {
        required: i % 3 === 0,
        ...(i % 4 === 3 ? { condition_chack: true, cond_logic: [{ field_name: `q${i}`, show: 'any-value' as const }] } : {}),
      },
    };
  });
}

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

async function main() {
  const { db, auth, api, stop } = await startBenchApps(dataDir, 54699);
  let ok = false;
  try {
    const { apiUrl, headers } = await listenAndSignIn({ auth, api });

    const created = await fetch(`${apiUrl}/form`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Raced form', structures: structures(FIELDS) }),
    });
    if (created.status !== 201) throw new Error(`POST /form answered ${created.status}: ${await created.text()}`);
    const formId = ((await created.json()) as { _id: string })._id;

    const start = performance.now();
    const answers = await Promise.all(
      Array.from({ length: PUBLISHES }, async () => {
        const res = await fetch(`${apiUrl}/form/publish`, { method: 'POST', headers, body: JSON.stringify({ _id: formId }) });
        const body = (await res.json()) as { version?: number; code?: string };
        return { status: res.status, version: body.version, code: body.code };
      }),
    );
    const elapsed = performance.now() - start;

    const expected = Array.from({ length: PUBLISHES }, (_, i) => i + 1);
    const tally = new Map<string, number>();
    for (const a of answers) {
      const key = `${a.status}${a.code ? ` ${a.code}` : ''}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    const statuses = [...tally].map(([status, count]) => `${count}× ${status}`).join(', ');
    const answered = answers.map((a) => a.version ?? 0).sort((a, b) => a - b);
    const { rows } = await sql<{ version: number }>`select version from form_revisions where form_id = ${formId} order by version`.execute(
      db,
    );
    const stored = rows.map((r) => r.version);
    const { rows: form } = await sql<{ version: number }>`select version from forms where id = ${formId}`.execute(db);

    ok =
      answers.every((a) => a.status === 200) &&
      sameList(answered, expected) &&
      sameList(stored, expected) &&
      form[0]?.version === PUBLISHES;
    console.log(`form: ${FIELDS} fields; ${PUBLISHES} publishes at once over HTTP`);
    console.log(`answers: ${statuses}`);
    console.log(`versions answered: ${sameList(answered, expected) ? `exactly 1..${PUBLISHES}` : answered.join(',')}`);
    console.log(
      `revisions stored: ${sameList(stored, expected) ? `exactly 1..${PUBLISHES}` : stored.join(',')}; form.version ${form[0]?.version}`,
    );
    console.log(
      `time: ${elapsed.toFixed(0)} ms for the burst, ${(elapsed / PUBLISHES).toFixed(1)} ms per publish (they queue on the form's row lock)`,
    );
    console.log(`goal (versions 1..${PUBLISHES}, no gap, no duplicate, no error): ${ok ? 'met' : 'MISSED'}`);
    reportResult({
      path: `${PUBLISHES} publishes at once: distinct revisions stored`,
      figure: new Set(stored).size,
      unit: 'revisions',
      goal: `exactly 1..${PUBLISHES}, no gap, no duplicate, no error`,
      met: ok,
    });
    reportResult({ path: `${PUBLISHES} publishes at once: time per publish`, figure: elapsed / PUBLISHES, unit: 'ms' });
  } finally {
    await stop();
  }
  if (!ok) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
