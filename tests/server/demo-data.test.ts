/**
 * The demo data set (npm run demo-data), filled small into a test database: what an admin
 * opening the dashboard and the Data Explorer relies on — the counters equal the documents,
 * every document is valid against the revision it names, the forms' revisions differ, the
 * attachment answers name real files, the demo people can sign in (the admin untouched), a
 * second run adds documents beside the first, and a reset removes exactly the demo data.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormField } from '@model/forms/field-definition.ts';
import { DOCUMENT_MODULES } from '@model/documents/modules.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.ts';
import { ADVISORY_LOCKS } from '../../server/db/advisory-locks.ts';
import { documentProblems } from '../../server/documents/document-check.ts';
import { verifyPassword } from '../../server/auth/passwords.ts';
import { generateDemoData, type DemoDataResult } from '../../server/demo/demo-data.ts';
import { generateDemoChanges } from '../../server/demo/demo-changes.ts';
import { resetDemoData } from '../../server/demo/demo-reset.ts';
import { demoDocuments } from '../../server/demo/demo-documents.ts';
import { copyLine } from '../../server/demo/document-copy.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, DEMO_PROGRAMS, DEMO_TYPES } from '../../server/demo/demo-catalogue.ts';
import { Random } from '../../server/demo/random.ts';
import { insertProgram } from '../support/program-fixtures.ts';
import { isStored, storedKeys } from '../support/stored-files.ts';

const FIRST_RUN = 2000;
const SECOND_RUN = 500;
const DAY = 86_400_000;

let t: TestServer;
let first: DemoDataResult;
let adminHashBefore: string;

const demoOptions = (documents: number, seed = 7) => ({
  documents,
  seed,
  files: t.ctx.files,
  databaseUrl: t.ctx.config.databaseUrl!,
});

async function demoProgramIds(): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from programs where name like '%(demo)'`.execute(t.ctx.db);
  return rows.map((r) => r.id);
}

/** Counter rows that differ from count(*) of their group, either way (missing, extra or wrong). */
async function counterMismatches(): Promise<{ counts: number; days: number }> {
  const counts = await sql<{ n: number }>`
    select count(*)::int as n from (select program_id, module, type_id, created_by, count(*)::bigint as n from documents group by 1, 2, 3, 4) a
    full join document_counts c on c.program_id = a.program_id and c.type_id = a.type_id and c.created_by = a.created_by
    where a.n is distinct from c.n or a.module is distinct from c.module`.execute(t.ctx.db);
  const days = await sql<{ n: number }>`
    select count(*)::int as n from (select (created_at at time zone 'UTC')::date as day, program_id, created_by, count(*)::bigint as n
      from documents group by 1, 2, 3) a
    full join document_days d on d.day = a.day and d.program_id = a.program_id and d.created_by = a.created_by
    where a.n is distinct from d.n`.execute(t.ctx.db);
  return { counts: counts.rows[0]!.n, days: days.rows[0]!.n };
}

beforeAll(async () => {
  t = await startTestServer();
  adminHashBefore = (await t.ctx.db.selectFrom('users').select('password_hash').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow())
    .password_hash;
  first = await generateDemoData(t.ctx.db, demoOptions(FIRST_RUN));
});
afterAll(() => t?.close());

describe('a small demo data set', () => {
  it('holds the documents asked for, and counters equal to count(*) per program, type and owner and per day', async () => {
    expect(first.documents).toBe(FIRST_RUN);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from documents`.execute(t.ctx.db);
    expect(rows[0]!.n).toBe(FIRST_RUN);
    expect(await counterMismatches()).toEqual({ counts: 0, days: 0 });
    const summed = await sql<{ n: number }>`select coalesce(sum(n), 0)::int as n from document_counts`.execute(t.ctx.db);
    expect(summed.rows[0]!.n).toBe(FIRST_RUN);
    expect(first.counters).toMatchObject({
      countMismatches: 0,
      dayMismatches: 0,
      stretchMismatches: 0,
      documents: FIRST_RUN,
      counted: FIRST_RUN,
    });
  });

  it('every document is valid against the revision it names, and fills most of its fields', async () => {
    const { rows } = await sql<{ id: string; form_data: Record<string, unknown>; revision_id: string; structures: FormField[] }>`
      select d.id, d.form_data, r.id as revision_id, r.structures from documents d join form_revisions r on r.id = d.form_revision_id`.execute(
      t.ctx.db,
    );
    expect(rows).toHaveLength(FIRST_RUN);
    const invalid = rows
      .map((r) => ({ id: r.id, problems: documentProblems({ _id: r.revision_id, structures: r.structures }, r.form_data) }))
      .filter((r) => r.problems !== null);
    expect(invalid).toEqual([]);
    // No answer to a field the revision does not have (the submission API refuses unknown fields).
    const unknown = rows.flatMap((r) => {
      const names = new Set(r.structures.map((f) => f.field_name));
      return Object.keys(r.form_data).filter((name) => !names.has(name));
    });
    expect(unknown).toEqual([]);
    // Realistic, not empty: on average well over half of each revision's fields are answered.
    const answered = rows.reduce((sum, r) => sum + Object.keys(r.form_data).length / r.structures.length, 0) / rows.length;
    expect(answered).toBeGreaterThan(0.6);
  });

  it('spreads documents over every demo program, module, type and revision, over the last year, mostly processed', async () => {
    const { rows } = await sql<{
      programs: number;
      modules: string[];
      types: number;
      versions: number[];
      oldest: Date;
      newest: Date;
      processed: number;
      bad_processed: number;
    }>`select count(distinct d.program_id)::int as programs, array_agg(distinct d.module) as modules, count(distinct d.type_id)::int as types,
        array_agg(distinct r.version) as versions, min(d.created_at) as oldest, max(d.created_at) as newest,
        count(d.processed_at)::int as processed,
        count(*) filter (where (d.processed_at is null) <> (d.processed_by is null) or d.processed_at < d.created_at)::int as bad_processed
      from documents d join form_revisions r on r.id = d.form_revision_id`.execute(t.ctx.db);
    const r = rows[0]!;
    expect(r.programs).toBe(DEMO_PROGRAMS.length);
    expect([...r.modules].sort()).toEqual([...DOCUMENT_MODULES].sort());
    expect(r.types).toBe(DEMO_TYPES.length);
    expect([...r.versions].sort()).toEqual([1, 2, 3]);
    const now = Date.now();
    expect(now - new Date(r.oldest).getTime()).toBeLessThanOrEqual(366 * DAY);
    expect(now - new Date(r.oldest).getTime()).toBeGreaterThan(350 * DAY);
    expect(now - new Date(r.newest).getTime()).toBeLessThan(2 * DAY);
    expect(r.processed / FIRST_RUN).toBeGreaterThan(0.8);
    expect(r.processed / FIRST_RUN).toBeLessThan(0.97);
    expect(r.bad_processed).toBe(0);
    // The list order (seq) is the order of submission.
    const disorder = await sql<{ n: number }>`select count(*)::int as n from (
        select created_at < lag(created_at) over (order by seq) as back from documents) x where back`.execute(t.ctx.db);
    expect(disorder.rows[0]!.n).toBe(0);
  });

  it('revision 1 and revision 3 of every demo form differ: a field added, one dropped, a label changed', async () => {
    const { rows } = await sql<{ form_id: string; version: number; structures: FormField[] }>`
      select r.form_id, r.version, r.structures from form_revisions r join forms f on f.id = r.form_id
      where f.name like '%(demo)' and r.version in (1, 3)`.execute(t.ctx.db);
    const forms = new Map<string, Record<number, FormField[]>>();
    for (const r of rows) forms.set(r.form_id, { ...forms.get(r.form_id), [r.version]: r.structures });
    expect(forms.size).toBe(new Set(DEMO_TYPES.map((d) => d.form)).size);
    for (const revisions of forms.values()) {
      const one = new Map(revisions[1]!.map((f) => [f.field_name, f.field_label]));
      const three = new Map(revisions[3]!.map((f) => [f.field_name, f.field_label]));
      const added = [...three.keys()].filter((name) => !one.has(name));
      const dropped = [...one.keys()].filter((name) => !three.has(name));
      const relabelled = [...one.keys()].filter((name) => three.has(name) && three.get(name) !== one.get(name));
      expect(added.length + dropped.length + relabelled.length).toBeGreaterThan(0);
      expect(added.length > 0 || dropped.length > 0).toBe(true);
    }
    // Across the forms, each kind of change is there.
    const types = new Set(rows.flatMap((r) => r.structures.map((f) => f.field_type)));
    for (const type of ['text', 'number', 'date', 'dropdown', 'image', 'signature', 'geo-location', 'field-group', 'beneficiaries'])
      expect(types, type).toContain(type);
  });

  it('image and signature answers name attachment files that exist, claimed by their document', async () => {
    const { rows } = await sql<{
      document_id: string;
      name: string;
      size: number;
      uploaded_by: string;
      created_by: string;
      form_data: string;
    }>`
      select a.document_id, a.name, a.size, a.uploaded_by, d.created_by, d.form_data::text as form_data
      from document_attachments a join documents d on d.id = a.document_id`.execute(t.ctx.db);
    expect(rows.length).toBe(first.attachments);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(row.form_data).toContain(`"${row.name}"`);
      expect(row.uploaded_by).toBe(row.created_by);
      expect(await isStored(t, `documents/${row.name}`)).toBe(true);
    }
    // And no answer names a file that is not there.
    const named = await sql<{ n: number }>`
      select count(*)::int as n from documents d, jsonb_each(d.form_data) e
      where jsonb_typeof(e.value) = 'string' and e.value #>> '{}' ~ '^[0-9a-f-]{36}\\.png$'
        and not exists (select 1 from document_attachments a where a.name = e.value #>> '{}' and a.document_id = d.id)`.execute(t.ctx.db);
    expect(named.rows[0]!.n).toBe(0);
  });

  it('makes field staff and program managers who sign in with the demo password, and leaves the admin as it was', async () => {
    const { rows } = await sql<{ email: string; role_slug: string; password_hash: string; designation: string }>`
      select u.email, r.role_slug, u.password_hash, d.name as designation from users u
      join roles r on r.id = u.role_id join designation d on d.id = u.designation_id
      where u.email like '%@demo.fieldbase.local'`.execute(t.ctx.db);
    expect(rows).toHaveLength(DEMO_PEOPLE.length);
    expect(rows.filter((r) => r.role_slug === 'field-staff').length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => r.role_slug === 'program-manager').length).toBe(2);
    expect(new Set(rows.map((r) => r.designation))).toEqual(new Set(['Administrator']));
    expect(await verifyPassword(rows[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
    const manager = rows.find((r) => r.role_slug === 'program-manager')!;
    const session = await t.loginAs(manager.email, DEMO_PASSWORD);
    expect(session.user.role.role_slug).toBe('program-manager');

    const admin = await t.ctx.db.selectFrom('users').select('password_hash').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    expect(admin.password_hash).toBe(adminHashBefore);
    await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  it('puts the submitters on their program team, with a program manager as head, and shows documents to ALL or OWN as set', async () => {
    const { rows } = await sql<{ document_visible: string; outsiders: number; heads: number }>`
      select p.document_visible,
        (select count(*) from documents d where d.program_id = p.id
           and not (p.teams @> jsonb_build_array(d.created_by) or p.program_head @> jsonb_build_array(d.created_by)))::int as outsiders,
        jsonb_array_length(p.program_head) as heads
      from programs p where p.name like '%(demo)'`.execute(t.ctx.db);
    expect(rows).toHaveLength(DEMO_PROGRAMS.length);
    expect(rows.every((r) => r.outsiders === 0 && r.heads === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.document_visible))).toEqual(new Set(['ALL', 'OWN']));
  });

  it('is the same data for the same seed (the generator alone, twice)', () => {
    const lines = (seed: number) => {
      const catalogue = first.catalogue;
      const writer = { write: (kind: string) => `${kind}.png`, count: 0 } as never;
      const out: string[] = [];
      const now = new Date('2026-06-01T12:00:00Z');
      for (const d of demoDocuments(catalogue, { total: 300, now, random: new Random(seed), attachments: writer })) out.push(copyLine(d));
      return out;
    };
    expect(lines(11)).toEqual(lines(11));
    expect(lines(11)).not.toEqual(lines(12));
  });
});

describe('running it again', () => {
  it('adds documents beside the first run (new ids and local ids), reuses the demo catalogue, and keeps the counters exact', async () => {
    const programsBefore = await demoProgramIds();
    const second = await generateDemoData(t.ctx.db, demoOptions(SECOND_RUN));
    expect(second.documents).toBe(SECOND_RUN);
    expect(second.catalogue.made).toEqual({ users: 0, forms: 0, types: 0, programs: 0 });
    expect(await demoProgramIds()).toEqual(programsBefore);
    const { rows } = await sql<{ n: number; local_ids: number }>`
      select count(*)::int as n, count(distinct local_id)::int as local_ids from documents`.execute(t.ctx.db);
    expect(rows[0]).toEqual({ n: FIRST_RUN + SECOND_RUN, local_ids: FIRST_RUN + SECOND_RUN });
    expect(await counterMismatches()).toEqual({ counts: 0, days: 0 });
  });

  it('with no documents asked for, only makes sure the catalogue is there', async () => {
    const none = await generateDemoData(t.ctx.db, demoOptions(0));
    expect(none.documents).toBe(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from documents`.execute(t.ctx.db);
    expect(rows[0]!.n).toBe(FIRST_RUN + SECOND_RUN);
  });
});

describe('the change log', () => {
  it('fills it with the demo users’ changes, the newest last, each record’s revisions counting up from 1 as the log keeps them', async () => {
    const before = (await sql<{ seq: string | null }>`select max(seq)::text as seq from changes`.execute(t.ctx.db)).rows[0]!.seq;
    const added = await generateDemoChanges(t.ctx.db, first.catalogue, 45_000, new Date());
    expect(added).toBe(45_000);
    const { rows } = await sql<{ n: number; actors: number; programs: number; oldest_first: boolean; gaps: number; counts_kept: boolean }>`
      with demo as (select * from changes where seq > ${before ?? '0'}::bigint)
      select count(*)::int as n,
             count(distinct actor_email) filter (where actor_email like '%@demo.fieldbase.local')::int as actors,
             count(distinct program_id)::int as programs,
             bool_and(at_ordered) as oldest_first,
             (select count(*)::int from (select revision, row_number() over (partition by resource, record_id order by seq) as nth from demo) r
               where revision <> nth) as gaps,
             (select bool_and(r.revision = m.top) from change_revisions r
               join (select resource, record_id, max(revision) as top from demo group by 1, 2) m using (resource, record_id)) as counts_kept
      from (select *, at >= lag(at, 1, at) over (order by seq) as at_ordered from demo) d`.execute(t.ctx.db);
    expect(rows[0]).toEqual({ n: 45_000, actors: first.catalogue.users.size, programs: 4, oldest_first: true, gaps: 0, counts_kept: true });
  });

  it('leaves a sync follower that had read the whole log at its end (the rows name no real record), and one behind where it was', async () => {
    const cursor = async () =>
      (await sql<{ seq: string }>`select seq::text as seq from sync_follow where name = 'programs'`.execute(t.ctx.db)).rows[0]!.seq;
    const end = async () => (await sql<{ seq: string }>`select max(seq)::text as seq from changes`.execute(t.ctx.db)).rows[0]!.seq;
    // The server's own follower sits out meanwhile (it skips a turn while another holds its lock):
    // reading the rows itself, it would move the cursor too.
    await t.ctx.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${ADVISORY_LOCKS.syncFollow})`.execute(conn);
      try {
        await sql`update sync_follow set seq = (select max(seq) from changes) where name = 'programs'`.execute(t.ctx.db);
        await generateDemoChanges(t.ctx.db, first.catalogue, 1_000, new Date());
        expect(await cursor()).toBe(await end());
        const behind = String(BigInt(await end()) - 10n);
        await sql`update sync_follow set seq = ${behind}::bigint where name = 'programs'`.execute(t.ctx.db);
        await generateDemoChanges(t.ctx.db, first.catalogue, 1_000, new Date());
        expect(await cursor()).toBe(behind);
      } finally {
        await sql`select pg_advisory_unlock(${ADVISORY_LOCKS.syncFollow})`.execute(conn);
      }
    });
  });
});

describe('reset', () => {
  it('stops, removing nothing, while a document of another program uses a demo form revision', async () => {
    const other = await insertProgram(t.ctx.db, { name: 'Real work' });
    const { rows } = await sql<{ revision: string; type_id: string; created_by: string }>`
      select form_revision_id as revision, type_id, created_by from documents limit 1`.execute(t.ctx.db);
    const used = rows[0]!;
    await sql`insert into documents (id, local_id, program_id, module, type_id, form_revision_id, created_by)
      values ('not-demo', 'not-demo', ${other.id}, 'surveys', ${used.type_id}, ${used.revision}, ${used.created_by})`.execute(t.ctx.db);
    await expect(resetDemoData(t.ctx.db, t.ctx.files)).rejects.toThrow(/Cannot remove the demo data, nothing was removed/);
    expect(await demoProgramIds()).toHaveLength(DEMO_PROGRAMS.length);
    const { rows: left } = await sql<{ n: number }>`select count(*)::int as n from documents`.execute(t.ctx.db);
    expect(left[0]!.n).toBe(FIRST_RUN + SECOND_RUN + 1);
    await sql`delete from documents where id = 'not-demo'`.execute(t.ctx.db);
    await sql`delete from programs where id = ${other.id}`.execute(t.ctx.db);
  });

  it('removes the demo documents, counters, files, programs, forms, types and users, and nothing else', async () => {
    const files = (await sql<{ name: string }>`select name from document_attachments`.execute(t.ctx.db)).rows.map((r) => r.name);
    expect(files.length).toBeGreaterThan(0);
    const removed = await resetDemoData(t.ctx.db, t.ctx.files);
    expect(removed).toMatchObject({
      documents: FIRST_RUN + SECOND_RUN,
      programs: DEMO_PROGRAMS.length,
      types: DEMO_TYPES.length,
      users: DEMO_PEOPLE.length,
      files: files.length,
    });
    const { rows } = await sql<{ documents: number; counts: number; days: number; programs: number; forms: number; users: number }>`
      select (select count(*) from documents)::int as documents, (select count(*) from document_counts)::int as counts,
        (select count(*) from document_days)::int as days, (select count(*) from programs)::int as programs,
        (select count(*) from forms)::int as forms, (select count(*) from users)::int as users`.execute(t.ctx.db);
    expect(rows[0]).toEqual({ documents: 0, counts: 0, days: 0, programs: 0, forms: 0, users: 1 });
    const stored = new Set(await storedKeys(t, 'documents'));
    expect(files.some((name) => stored.has(`documents/${name}`))).toBe(false);
    await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  });
});
