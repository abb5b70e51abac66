/**
 * The change log's hash chain (AUDIT_HASH_CHAIN=on): switched on and off at start, each switch a
 * row of the log; rows written at once by many sessions all follow from the row before; a row
 * changed or removed by someone past the append-only trigger (a superuser) is named by
 * GET /audit/verify, also deep in a log longer than one verify batch; rows written while the
 * chain was off carry no hash and break nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags } from '../support/test-users.ts';
import { callerWith } from '../support/program-fixtures.ts';
import { applyHashChain, type ChainReport } from '../../server/changes/hash-chain.ts';

let t: TestServer;
let admin: Session;
const auth = caller(() => t.auth.app);
const api = caller(() => t.api.app);

const verify = async (): Promise<ChainReport> => {
  const res = await api('GET', '/audit/verify', { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const newestSeq = async () => (await sql<{ seq: string }>`select max(seq)::text as seq from changes`.execute(t.ctx.db)).rows[0]!.seq;

/** What only a superuser can do: write to the log past its append-only trigger. */
async function tamper(statement: ReturnType<typeof sql>) {
  await t.ctx.db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    try {
      await statement.execute(conn);
    } finally {
      await sql`set session_replication_role = origin`.execute(conn);
    }
  });
}

beforeAll(async () => {
  t = await startTestServer();
  await applyHashChain(t.ctx.db, true);
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

describe('the hash chain', () => {
  it('chains rows written at once from many sessions, and the switch itself is in the log', async () => {
    const sessions = await Promise.all(Array.from({ length: 5 }, (_, i) => callerWith(t, `Chain writer ${i}`, flags(true))));
    const writes = Array.from({ length: 40 }, (_, i) =>
      auth('POST', '/designation', { token: sessions[i % 5]!.token, payload: { name: `Chained ${i}` } }),
    );
    for (const res of await Promise.all(writes)) expect(res.statusCode, res.body).toBe(201);
    const report = await verify();
    expect(report).toMatchObject({ ok: true, chaining: true, broken_at: null });
    expect(report.hashed).toBeGreaterThanOrEqual(41);
    expect(report.last_hash).toMatch(/^[0-9a-f]{64}$/);
    const switched = await api('GET', '/audit?action=hash-chain-on', { token: admin.token });
    expect((switched.json() as { data: { fields: unknown }[] }).data[0]?.fields).toEqual({ hash_chain: [false, true] });
  });

  it('walks a log longer than one batch, and finds a row changed deep in it', async () => {
    // Rows written straight in, as the app writes them: the order lock, then the rows (chained by the trigger).
    await t.ctx.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(73012027)`.execute(trx);
      await sql`insert into changes (resource, record_id, action, fields)
        select 'bulk', 'r' || n, 'create', jsonb_build_object('n', jsonb_build_array(null, n)) from generate_series(1, 12000) n`.execute(
        trx,
      );
    });
    // Across the verify's batches (5,000 rows), each row follows from the one before.
    const whole = await verify();
    expect(whole).toMatchObject({ ok: true, broken_at: null });
    expect(whole.hashed).toBeGreaterThan(12000);
    const { rows } = await sql<{
      seq: string;
    }>`select seq::text as seq from changes where resource = 'bulk' and record_id = 'r9000'`.execute(t.ctx.db);
    const deep = rows[0]!.seq;
    await tamper(sql`update changes set fields = '{"n": [null, 1]}' where seq = ${deep}::bigint`);
    expect(await verify()).toMatchObject({ ok: false, broken_at: deep });
    // Put back as it was, the row follows again.
    await tamper(sql`update changes set fields = '{"n": [null, 9000]}' where seq = ${deep}::bigint`);
    expect(await verify()).toMatchObject({ ok: true, broken_at: null });
  });

  it('names a row changed past the append-only trigger, and the row after one removed', async () => {
    expect((await auth('POST', '/designation', { token: admin.token, payload: { name: 'To be rewritten' } })).statusCode).toBe(201);
    const rewritten = await newestSeq();
    const { rows } = await sql<{ fields: string }>`select fields::text as fields from changes where seq = ${rewritten}::bigint`.execute(
      t.ctx.db,
    );
    const original = rows[0]!.fields;
    expect((await auth('POST', '/designation', { token: admin.token, payload: { name: 'Kept' } })).statusCode).toBe(201);
    expect((await verify()).ok).toBe(true);

    await tamper(sql`update changes set fields = '{"name": [null, "Innocent"]}' where seq = ${rewritten}::bigint`);
    expect(await verify()).toMatchObject({ ok: false, broken_at: rewritten });

    const removed = await newestSeq();
    expect((await auth('POST', '/designation', { token: admin.token, payload: { name: 'After the gap' } })).statusCode).toBe(201);
    const after = await newestSeq();
    await tamper(sql`update changes set fields = ${original}::jsonb where seq = ${rewritten}::bigint`);
    expect((await verify()).ok).toBe(true);
    await tamper(sql`delete from changes where seq = ${removed}::bigint`);
    expect(await verify()).toMatchObject({ ok: false, broken_at: after });
  });

  it('leaves rows written while it is off without a hash, and they break nothing', async () => {
    await applyHashChain(t.ctx.db, false);
    expect((await auth('POST', '/designation', { token: admin.token, payload: { name: 'Unchained' } })).statusCode).toBe(201);
    const unchained = await newestSeq();
    const { rows } = await sql<{ hash: Buffer | null }>`select hash from changes where seq = ${unchained}::bigint`.execute(t.ctx.db);
    expect(rows[0]!.hash).toBeNull();
    const off = await verify();
    expect(off.chaining).toBe(false);
    await applyHashChain(t.ctx.db, true);
    expect((await auth('POST', '/designation', { token: admin.token, payload: { name: 'Chained again' } })).statusCode).toBe(201);
    const on = await verify();
    expect(on).toMatchObject({ chaining: true, broken_at: off.broken_at });
    expect(on.hashed).toBe(off.hashed + 2); // the switch back on, and the write after it
  });

  it('is refused to a role without can_get_audit', async () => {
    const reader = await callerWith(t, 'No audit', flags(true, { can_get_audit: false }));
    expect((await api('GET', '/audit/verify', { token: reader.token })).statusCode).toBe(403);
  });
});
