/**
 * The program report (GET /program/{id}/report, 'Access Program Reports'): week by week (Monday
 * to Sunday, UTC) the documents of each module and type, each goal's count at the end of each
 * week against its target (documents before the range included), and per team member what they
 * submitted and how much is processed — counting only documents the caller may read, for a
 * caller holding the program's read flag; a bad number of weeks is a 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { callerWith, insertProgram, insertTypeRecord, type Caller } from '../support/program-fixtures.ts';
import { flags } from '../support/test-users.ts';
import { insertDocuments, publishedForm, setDocumentVisible, type NewDocument } from '../support/insert-documents.ts';

let t: TestServer;
let admin: Session;
let head: Caller;
let member: Caller;
const call = caller(() => t.api.app);
let program: { id: string; name: string };
let households: string;
let wells: string;

/** Thursday 26 November 2026, noon UTC: its week starts on Monday the 23rd. */
const NOW = new Date('2026-11-26T12:00:00Z');
const at = (iso: string) => new Date(`${iso}T10:00:00Z`);

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(NOW);
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const { revisionIds } = await publishedForm(t, admin.token, 'Visit', [{ field_label: 'Name', field_name: 'name', field_type: 'text' }]);
  households = await insertTypeRecord(t.ctx.db, 'beneficiary_type', 'Household');
  wells = await insertTypeRecord(t.ctx.db, 'location_type', 'Well');
  const reader = flags(false, { can_access_dashboard: true, can_get_program: true });
  head = await callerWith(t, 'Hana Head', reader);
  member = await callerWith(t, 'Mo Member', reader);
  program = await insertProgram(t.ctx.db, {
    name: 'Report Program',
    program_head: [head.id],
    teams: [member.id],
    types: { beneficiary_types: [households], location_types: [wells] },
  });
  await sql`insert into goals (id, program_id, document_type, goal_type, target) values
    (${randomUUID()}, ${program.id}, 'BENEFICIARY', ${households}, 10)`.execute(t.ctx.db);
  const doc = (createdBy: string, module: NewDocument['module'], typeId: string, day: string, processed = false): NewDocument => ({
    programId: program.id,
    module,
    typeId,
    formRevisionId: revisionIds[0]!,
    createdBy,
    createdAt: at(day),
    processedAt: processed ? at(day) : null,
  });
  await insertDocuments(t.ctx.db, [
    // Long before the range: counted in the goal's starting point only.
    doc(head.id, 'beneficiaries', households, '2026-06-01', true),
    doc(member.id, 'beneficiaries', households, '2026-06-02'),
    // Week of 9 November.
    doc(member.id, 'beneficiaries', households, '2026-11-09', true),
    doc(member.id, 'beneficiaries', households, '2026-11-15'),
    doc(head.id, 'locations', wells, '2026-11-12'),
    // Week of 16 November: nothing. Week of 23 November (this week).
    doc(member.id, 'beneficiaries', households, '2026-11-23'),
    doc(head.id, 'beneficiaries', households, '2026-11-26', true),
  ]);
});
afterAll(() => t?.close());

const report = (token: string, weeks?: string) =>
  call('GET', `/program/${program.id}/report`, { token, ...(weeks === undefined ? {} : { query: { weeks } }) });

describe('GET /program/{id}/report', () => {
  it('counts documents per module and type per week, goal progress at the end of each week, and per team member', async () => {
    const res = await report(admin.token, '3');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.program).toEqual({ _id: program.id, name: 'Report Program' });
    expect(body.weeks).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    expect(body.documents).toEqual([
      { module: 'beneficiaries', type_id: households, type_name: 'Household', counts: [2, 0, 2], total: 6 },
      { module: 'locations', type_id: wells, type_name: 'Well', counts: [1, 0, 0], total: 1 },
    ]);
    // 2 documents before the range, then 2, 0 and 2.
    expect(body.goals).toEqual([
      { _id: expect.any(String), name: 'Household', document_type: 'BENEFICIARY', target: 10, achieved: [4, 4, 6] },
    ]);
    expect(body.team).toEqual([
      { _id: head.id, name: expect.stringMatching(/^Hana Head/), program_head: true, submitted: 3, processed: 2 },
      { _id: member.id, name: expect.stringMatching(/^Mo Member/), program_head: false, submitted: 4, processed: 1 },
    ]);
    // Twelve weeks by default, this week last.
    const twelve = (await report(admin.token)).json();
    expect(twelve.weeks).toHaveLength(12);
    expect(twelve.weeks.at(-1)).toBe('2026-11-23');
  });

  it('counts only what the caller may read: a member who sees only their own documents', async () => {
    await setDocumentVisible(t.ctx.db, program.id, 'OWN');
    try {
      const body = (await report(member.token, '3')).json();
      expect(body.documents).toEqual([
        { module: 'beneficiaries', type_id: households, type_name: 'Household', counts: [2, 0, 1], total: 4 },
      ]);
      expect(body.goals[0].achieved).toEqual([3, 3, 4]);
      expect(body.team.map((m: { submitted: number }) => m.submitted)).toEqual([0, 4]);
    } finally {
      await setDocumentVisible(t.ctx.db, program.id, 'ALL');
    }
  });

  it("needs the program's read flag, answers 404 for an unknown program and 400 naming weeks for a bad count", async () => {
    const noReader = await callerWith(t, 'No Reader', flags(true, { can_get_program: false }));
    const refused = await report(noReader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'can_get_program' });
    expect((await call('GET', `/program/${randomUUID()}/report`, { token: admin.token })).statusCode).toBe(404);
    for (const weeks of ['0', '105', 'ten', '-1']) {
      const res = await report(admin.token, weeks);
      expect(res.statusCode, weeks).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toEqual(['weeks']);
    }
  });
});
