/**
 * A plain submission is written in one statement (one-statement-submission.ts): it answers what
 * GET answers, byte for byte, and writes its counters and change row with it. Anything short of
 * the plain case writes nothing on that path and is left to the transaction, whose answers the
 * rest of the document tests check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { answersFor, householdSubmission, makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';
import { submitInOneStatement } from '../../server/documents/one-statement-submission.ts';
import type { SessionUser } from '../../server/auth/session-user.ts';

let t: TestServer;
let world: DocumentWorld;
let serial = 0;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
});
afterAll(() => t?.close());

const submission = (over: Record<string, unknown> = {}) => householdSubmission(world, `one-statement-${++serial}`, serial, over);

/** Documents, their counters and change rows: what a refused attempt must leave as it was. */
async function written() {
  const { rows } = await sql<{ documents: string; counted: string; changes: string }>`select
    (select count(*) from documents) as documents,
    (select coalesce(sum(n), 0) from document_counts) as counted,
    (select count(*) from changes where resource = 'document') as changes`.execute(t.ctx.db);
  return rows[0];
}

const member = (permission: Record<string, boolean> = {}): SessionUser =>
  ({ id: world.member.id, permission, email: 'member@example.org', roleSlug: 'field-staff', sessionId: 's', client: 'mobile' }) as never;

const submit = (body: ReturnType<typeof submission>, caller = member()) =>
  submitInOneStatement(t.ctx.db, caller, body, { action: 'submit', actor: caller }, new Date());

describe('a plain submission in one statement', () => {
  it('answers byte for byte what GET answers, its counters and change row written with it', async () => {
    const before = await written();
    // Keys out of the revision's order, and a number JSON writes two ways: the answer is the stored row's.
    const body = submission({ form_data: { village: 'south', age: 40.0, name: 'Wanjiru' } });
    const res = await t.api.app.inject({ method: 'POST', url: '/document', headers: world.member.headers, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const read = await t.api.app.inject({ method: 'GET', url: `/document/${res.json()._id}`, headers: world.member.headers });
    expect(res.body).toBe(read.body);
    const after = await written();
    expect(Number(after!.documents) - Number(before!.documents)).toBe(1);
    expect(Number(after!.counted) - Number(before!.counted)).toBe(1);
    const { rows } = await sql<{ action: string; actor_id: string; program_id: string; fields: Record<string, unknown> }>`
      select action, actor_id, program_id, fields from changes where resource = 'document' and record_id = ${res.json()._id}`.execute(
      t.ctx.db,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'submit',
        actor_id: world.member.id,
        program_id: world.program.id,
        fields: expect.objectContaining({ form_data: [null, { village: 'south', age: 40, name: 'Wanjiru' }] }),
      }),
    ]);
  });

  it('is the path a plain submission takes', async () => {
    const doc = await submit(submission());
    expect(doc).toMatchObject({ program_id: world.program.id, form_version: 2, user_object: { _id: world.member.id } });
  });
});

describe('anything short of the plain case writes nothing there', () => {
  const setProgram = (column: string, value: unknown) =>
    sql`update programs set ${sql.ref(column)} = ${value} where id = ${world.program.id}`.execute(t.ctx.db);

  const refusals: Array<[string, () => Promise<unknown>]> = [
    [
      'a local id already taken',
      async () => {
        const body = submission();
        expect(await submit(body)).toBeDefined();
        return submit({ ...body, form_data: answersFor('beneficiaries', 2, 99) });
      },
    ],
    [
      'a locked program',
      async () => {
        await setProgram('lock_program', 1);
        try {
          return await submit(submission());
        } finally {
          await setProgram('lock_program', 0);
        }
      },
    ],
    [
      'an inactive program',
      async () => {
        await setProgram('status', false);
        try {
          return await submit(submission());
        } finally {
          await setProgram('status', true);
        }
      },
    ],
    [
      'a module switched off',
      async () => {
        await sql`update programs set active_module = active_module || '{"beneficiaries": false}' where id = ${world.program.id}`.execute(
          t.ctx.db,
        );
        try {
          return await submit(submission());
        } finally {
          await sql`update programs set active_module = active_module - 'beneficiaries' where id = ${world.program.id}`.execute(t.ctx.db);
        }
      },
    ],
    [
      'a caller off the team, who does not see every document',
      () => submit(submission(), { ...member(), id: String(world.admin.user._id) } as never),
    ],
    ['a type not attached to the module', () => submit(submission({ type_id: world.types.survey }))],
    ['a revision of another form', () => submit(submission({ form_revision_id: world.revisions.survey[0] }))],
    ['an unknown revision', () => submit(submission({ form_revision_id: 'no-such-revision' }))],
    ['answers the revision refuses', () => submit(submission({ form_data: { age: 'old' } }))],
    ['an unknown program', () => submit(submission({ program_id: 'no-such-program' }))],
  ];

  for (const [what, attempt] of refusals) {
    it(what, async () => {
      const before = await written();
      expect(await attempt()).toBeUndefined();
      const after = await written();
      // The local-id case wrote its first document; nothing else was written by any refused attempt.
      const allowed = what === 'a local id already taken' ? 1 : 0;
      expect(Number(after!.documents) - Number(before!.documents)).toBe(allowed);
      expect(Number(after!.counted) - Number(before!.counted)).toBe(allowed);
      expect(Number(after!.changes) - Number(before!.changes)).toBe(allowed);
    });
  }

  it('a caller who sees every document submits without being on the team', async () => {
    expect(await submit(submission(), { ...member({ can_see_all_docs: true }), id: String(world.admin.user._id) } as never)).toBeDefined();
  });
});
