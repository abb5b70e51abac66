/**
 * The change log: a generic resource's create, edit and delete each leave one row, written in the
 * write's own transaction, with the actor, the per-record revision and each changed field's before
 * and after; the log refuses to be changed; a write that fails records nothing, one refused for
 * want of a flag is recorded as refused; `GET /audit` reads
 * it newest first, filtered and paged by keyset, under `can_get_audit`; and 50 writes at once from
 * 10 sessions leave exactly 50 rows that a reader following `seq` sees without skipping one; a month
 * is a partition, made ahead, and dropped whole past the retention.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { dropOldChangeMonths, makeChangeMonths } from '../../server/changes/change-months.ts';

let t: TestServer;
let admin: Session;
let clerk: Session;
let reader: Session;
const auth = caller(() => t.auth.app);
const api = caller(() => t.api.app);

interface Change {
  seq: string;
  resource: string;
  record_id: string;
  revision: number;
  action: string;
  actor_email: string;
  actor_role: string;
  client: string;
  fields: Record<string, [unknown, unknown]>;
}

const changesOf = async (record: string) => {
  const res = await api('GET', `/audit?record=${encodeURIComponent(record)}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Change[] }).data;
};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const role = await insertRole(t.ctx.db, { permission: flags(true, { can_get_audit: false }) });
  await insertUser(t.ctx.db, { email: 'clerk@example.com', password: 'clerk passphrase 1', roleId: role.id });
  clerk = await t.loginAs('clerk@example.com', 'clerk passphrase 1');
  const readOnly = await insertRole(t.ctx.db, { permission: flags(true, { can_get_audit: false, can_edit_designation: false }) });
  await insertUser(t.ctx.db, { email: 'reader@example.com', password: 'reader passphrase 1', roleId: readOnly.id });
  reader = await t.loginAs('reader@example.com', 'reader passphrase 1');
});
afterAll(() => t?.close());

describe('the change log', () => {
  it('records a create, an edit and a delete with the actor, the revision and each field before and after', async () => {
    const made = await auth('POST', '/designation', { token: admin.token, payload: { name: 'Enumerator' } });
    expect(made.statusCode, made.body).toBe(201);
    const id = String(made.json()._id);
    expect((await auth('PATCH', `/designation/${id}`, { token: admin.token, payload: { name: 'Senior enumerator' } })).statusCode).toBe(
      200,
    );
    expect((await auth('DELETE', `/designation/${id}`, { token: admin.token })).statusCode).toBe(200);

    const changes = await changesOf(id);
    expect(changes.map((c) => [c.action, c.revision])).toEqual([
      ['delete', 3],
      ['update', 2],
      ['create', 1],
    ]);
    const [deleted, updated, created] = changes as [Change, Change, Change];
    expect(created).toMatchObject({ resource: 'designation', actor_email: ADMIN_EMAIL, actor_role: 'admin', client: 'console' });
    expect(created.fields.name).toEqual([null, 'Enumerator']);
    expect(updated.fields).toEqual({ name: ['Enumerator', 'Senior enumerator'] });
    expect(deleted.fields.name).toEqual(['Senior enumerator', null]);
    expect(Number(deleted.seq)).toBeGreaterThan(Number(updated.seq));

    const one = await api('GET', `/audit/${updated.seq}`, { token: admin.token });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ seq: updated.seq, fields: { name: ['Enumerator', 'Senior enumerator'] } });
  });

  it('records nothing for a write that is refused', async () => {
    await auth('POST', '/designation', { token: admin.token, payload: { name: 'Supervisor' } });
    const before = await api('GET', '/audit?resource=designation', { token: admin.token });
    const twin = await auth('POST', '/designation', { token: admin.token, payload: { name: 'Supervisor' } });
    expect(twin.statusCode).toBe(409);
    const after = await api('GET', '/audit?resource=designation', { token: admin.token });
    expect(after.json().data).toEqual(before.json().data);
  });

  it('cannot be changed or emptied, even by the app’s own connection', async () => {
    await expect(sql`update changes set action = 'forged'`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from changes`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate changes`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
  });

  it('records a write refused for want of a flag, outside the refused transaction', async () => {
    const made = await auth('POST', '/designation', { token: admin.token, payload: { name: 'Driver' } });
    const id = String(made.json()._id);
    const refused = await auth('PATCH', `/designation/${id}`, { token: reader.token, payload: { name: 'Chauffeur' } });
    expect(refused.statusCode).toBe(403);
    const [last] = await changesOf(id);
    expect(last).toMatchObject({ action: 'refused', actor_email: 'reader@example.com', resource: 'designation' });
    expect(last!.fields).toEqual({ route: [null, 'PATCH /designation/:id'], status: [null, 403], code: [null, 'FORBIDDEN'] });
    // A refused read is not worth a row.
    expect((await api('GET', '/audit', { token: reader.token })).statusCode).toBe(403);
    expect((await changesOf(id))[0]).toMatchObject({ action: 'refused', seq: last!.seq });
  });

  it('is read only with can_get_audit', async () => {
    expect((await api('GET', '/audit', { token: clerk.token })).statusCode).toBe(403);
    expect((await api('GET', '/audit/1', { token: clerk.token })).statusCode).toBe(403);
    expect((await api('GET', '/audit')).statusCode).toBe(401);
  });

  it('pages newest first by keyset, and filters by actor, action and dates', async () => {
    for (let i = 0; i < 5; i++) await auth('POST', '/designation', { token: clerk.token, payload: { name: `Clerk title ${i}` } });
    const clerkId = clerk.user._id;
    const first = await api('GET', `/audit?actor=${clerkId}&action=create&limit=2`, { token: admin.token });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as { data: Change[]; next: string };
    expect(page1.data.map((c) => c.fields.name?.[1])).toEqual(['Clerk title 4', 'Clerk title 3']);
    const second = (await api('GET', `/audit?actor=${clerkId}&action=create&limit=2&before=${page1.next}`, { token: admin.token })).json();
    expect(second.data.map((c: Change) => c.fields.name?.[1])).toEqual(['Clerk title 2', 'Clerk title 1']);
    const last = (await api('GET', `/audit?actor=${clerkId}&action=create&limit=2&before=${second.next}`, { token: admin.token })).json();
    expect(last).toMatchObject({ next: null });
    expect(last.data).toHaveLength(1);

    const today = new Date().toISOString().slice(0, 10);
    const dated = (await api('GET', `/audit?actor=${clerkId}&from=${today}&to=${today}&action=create`, { token: admin.token })).json();
    expect(dated.data).toHaveLength(5);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await api('GET', `/audit?actor=${clerkId}&from=${tomorrow}`, { token: admin.token })).json().data).toHaveLength(0);
    const backwards = await api('GET', `/audit?from=${tomorrow}&to=${today}`, { token: admin.token });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ to: 'to must not be before from' });
    expect((await api('GET', '/audit?from=yesterday', { token: admin.token })).statusCode).toBe(400);
    expect((await api('GET', '/audit?q=clerk@example', { token: admin.token })).json().data.length).toBeGreaterThanOrEqual(5);
    // The search reads the values the fields had too.
    expect((await api('GET', '/audit?q=Clerk title 3', { token: admin.token })).json().data).toHaveLength(1);
    // A cursor past what a seq can be is named, not a server error; such a change does not exist.
    const huge = await api('GET', '/audit?before=9999999999999999999', { token: admin.token });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().fields).toEqual({ before: 'before must be the next of a page (a seq), at most 9223372036854775807' });
    expect((await api('GET', '/audit/9999999999999999999', { token: admin.token })).statusCode).toBe(404);
  });

  it('keeps 50 writes from 10 sessions at once as 50 rows, revisions rising, and a reader following seq skips none (three bursts)', async () => {
    const sessions = [admin, clerk, ...(await Promise.all(Array.from({ length: 8 }, () => t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD))))];
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(String((await auth('POST', '/designation', { token: admin.token, payload: { name: `Shared ${i}` } })).json()._id));
    }
    const lastSeq = async () =>
      BigInt((await sql<{ max: string }>`select coalesce(max(seq), 0)::text as max from changes`.execute(t.ctx.db)).rows[0]!.max);

    // A skipped row needs two commits to cross while a reader looks: a burst may miss it, three rarely do.
    for (let burst = 0; burst < 3; burst++) {
      const start = await lastSeq();
      // A reader that follows the log as the sync will: everything after the last seq it saw.
      const seen: bigint[] = [];
      let following = true;
      const follow = async () => {
        let last = start;
        const poll = async () => {
          const { rows } = await sql<{
            seq: string;
          }>`select seq::text from changes where seq > ${last.toString()}::bigint order by changes.seq`.execute(t.ctx.db);
          for (const row of rows) seen.push(BigInt(row.seq));
          if (rows.length) last = BigInt(rows[rows.length - 1]!.seq);
        };
        while (following) await poll();
        await poll();
      };
      const reader = follow();
      const writes = Array.from({ length: 50 }, (_, i) =>
        auth('PATCH', `/designation/${ids[i % 5]}`, {
          token: sessions[i % 10]!.token,
          payload: { name: `Shared ${i % 5} burst ${burst} v${i}` },
        }),
      );
      const answers = await Promise.all(writes);
      following = false;
      await reader;
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));

      const { rows } = await sql<{ seq: string; record_id: string; revision: number }>`
        select seq::text, record_id, revision from changes where seq > ${start.toString()}::bigint order by changes.seq`.execute(t.ctx.db);
      expect(rows).toHaveLength(50);
      expect(seen.map(String), `burst ${burst}: the follower saw every row`).toEqual(rows.map((r) => r.seq));
      for (const id of ids) {
        const revisions = rows.filter((r) => r.record_id === id).map((r) => r.revision);
        expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
        expect(new Set(revisions).size).toBe(10);
        expect(revisions[0]).toBe(2 + burst * 10); // the create was 1
      }
    }
  });

  it('keeps a partition per month, made ahead, and drops whole months past the retention, saying so in the log', async () => {
    const months = async () =>
      (
        await sql<{ name: string }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'changes'::regclass order by 1`.execute(t.ctx.db)
      ).rows.map((r) => r.name);
    const now = new Date();
    const month = (offset: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
      return `changes_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(await months()).toEqual(expect.arrayContaining([month(0), month(1), month(2), 'changes_default']));
    // Every row so far went to its month, none to the default partition.
    const inDefault = await sql<{ n: number }>`select count(*)::int as n from changes_default`.execute(t.ctx.db);
    expect(inDefault.rows[0]!.n).toBe(0);
    expect(await makeChangeMonths(t.ctx.db)).toEqual([]);

    // A month of 2020, with two rows in it.
    await sql`create table changes_2020_01 partition of changes for values from ('2020-01-01T00:00:00Z') to ('2020-02-01T00:00:00Z')`.execute(
      t.ctx.db,
    );
    for (const id of ['old-1', 'old-2']) {
      await sql`insert into changes (at, resource, record_id, action) values ('2020-01-15T00:00:00Z', 'designation', ${id}, 'create')`.execute(
        t.ctx.db,
      );
    }
    expect(await dropOldChangeMonths(t.ctx.db, 0)).toEqual([]);
    expect(await dropOldChangeMonths(t.ctx.db, 365)).toEqual(['changes_2020_01']);
    expect(await months()).not.toContain('changes_2020_01');
    expect(await months()).toContain(month(0));
    const [drop] = (await api('GET', '/audit?action=retention-drop', { token: admin.token })).json().data as Change[];
    expect(drop).toMatchObject({
      resource: 'changes',
      record_id: 'changes_2020_01',
      fields: { rows: [2, null], retention_days: [null, 365] },
    });
  });
});
