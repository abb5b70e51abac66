/**
 * Nobody can lock everyone out of role editing: the Admin role always holds every flag and
 * keeps its name, and a change to another role or to a user that would leave no live, active
 * user of an active role able to edit roles (sign in, open a role, read and save its flags) is refused,
 * also when two editors make such changes at the same moment.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser, roleIdBySlug } from '../support/test-users.ts';
import { caller } from '../support/http.ts';
import { permissionFlags } from '@model/schema-registry.ts';

let t: TestServer;
let admin: Session;
let adminRole: string;
const call = caller(() => t.auth.app);

const LAST_EDITOR = { code: 'LAST_ROLE_EDITOR', message: 'This change would leave nobody able to edit roles' };
const EDITOR_FLAGS = ['can_access_dashboard', 'can_get_role', 'can_edit_role', 'can_get_permission', 'can_edit_permission'] as const;
/** Edits roles (their checklists too) and users, deletes users; holds nothing else. */
const EDITOR = flags(false, {
  can_access_dashboard: true,
  can_get_role: true,
  can_edit_role: true,
  can_get_permission: true,
  can_edit_permission: true,
  can_get_user: true,
  can_edit_user: true,
  can_delete_user: true,
});

let serial = 0;
async function editorIn(roleId: string): Promise<Session & { id: string }> {
  const email = `editor${++serial}@example.com`;
  const user = await insertUser(t.ctx.db, { email, password: 'editor passphrase', roleId });
  return { ...(await t.loginAs(email, 'editor passphrase')), id: user.id };
}
/** Read from the database: in most tests here the admin is switched off. */
const roleOf = (id: string) =>
  t.ctx.db.selectFrom('roles').select(['role', 'status', 'permission']).where('id', '=', id).executeTakeFirstOrThrow();

/** Whether the seeded admin (the only user of the Admin role) counts: off, only the test's editors do. */
const setAdminActive = (active: boolean) =>
  t.ctx.db.updateTable('users').set({ status: active }).where('email', '=', ADMIN_EMAIL).execute();

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  adminRole = await roleIdBySlug(t.ctx.db, 'admin');
});
afterAll(() => t?.close());

describe('the Admin role', () => {
  it('refuses any flag change, even from an Admin: 403, every flag still held', async () => {
    for (const payload of [{ can_see_all_docs: false }, { can_edit_role: false, can_get_role: false }, { can_get_user: true }]) {
      const res = await call('PATCH', `/permission/${adminRole}`, { token: admin.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json()).toEqual({
        code: 'ADMIN_ROLE_FIXED',
        message: "The Admin role always holds every permission; its permissions can't be changed",
      });
    }
    expect((await roleOf(adminRole)).permission).toEqual(Object.fromEntries(permissionFlags.map((f) => [f.name, true])));
  });

  it('refuses a new name, even from an Admin: 403 (Admin always names the role that holds every flag)', async () => {
    for (const role of ['Administrators', 'admin']) {
      const res = await call('PATCH', `/role/${adminRole}`, { token: admin.token, payload: { role } });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('ADMIN_ROLE_FIXED');
    }
    expect((await roleOf(adminRole)).role).toBe('Admin');
    // Saving the name unchanged (as the edit dialog does) is no change.
    expect((await call('PATCH', `/role/${adminRole}`, { token: admin.token, payload: { role: 'Admin' } })).statusCode).toBe(200);
  });
});

describe('the last editors of roles', () => {
  let roleA: string;
  let roleB: string;
  let editorA: Session & { id: string };
  let editorB: Session & { id: string };

  beforeAll(async () => {
    roleA = (await insertRole(t.ctx.db, { role: 'Editors A', permission: EDITOR })).id;
    roleB = (await insertRole(t.ctx.db, { role: 'Editors B', permission: EDITOR })).id;
    editorA = await editorIn(roleA);
    editorB = await editorIn(roleB);
  });
  beforeEach(async () => {
    await setAdminActive(false);
    for (const id of [roleA, roleB]) {
      await t.ctx.db
        .updateTable('roles')
        .set({ permission: JSON.stringify(EDITOR), status: true })
        .where('id', '=', id)
        .execute();
    }
    // Editors a failed round left behind must not count in the next test.
    await t.ctx.db.updateTable('users').set({ status: false }).where('role_id', 'in', [roleA, roleB]).execute();
    await t.ctx.db.updateTable('users').set({ status: true }).where('id', 'in', [editorA.id, editorB.id]).execute();
  });
  afterAll(() => setAdminActive(true));

  it('may lose one editor role while another remains', async () => {
    const res = await call('PATCH', `/permission/${roleB}`, { token: editorA.token, payload: { can_edit_role: false } });
    expect(res.statusCode).toBe(200);
    const off = await call('PATCH', `/role/${roleB}`, { token: editorA.token, payload: { status: false } });
    expect(off.statusCode).toBe(200);
  });

  for (const flag of EDITOR_FLAGS) {
    it(`refuses to switch off ${flag} on the only editor role left: 409, flag kept`, async () => {
      await t.ctx.db.updateTable('roles').set({ status: false }).where('id', '=', roleB).execute();
      const res = await call('PATCH', `/permission/${roleA}`, { token: editorA.token, payload: { [flag]: false } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(LAST_EDITOR);
      expect((await roleOf(roleA)).permission[flag]).toBe(true);
      // Other flags of that role still change.
      expect((await call('PATCH', `/permission/${roleA}`, { token: editorA.token, payload: { can_get_user: false } })).statusCode).toBe(
        200,
      );
    });
  }

  it('two editors switching off each other’s role at the same moment: one is refused', async () => {
    for (let round = 0; round < 5; round++) {
      await t.ctx.db
        .updateTable('roles')
        .set({ permission: JSON.stringify(EDITOR) })
        .where('id', 'in', [roleA, roleB])
        .execute();
      const answers = await Promise.all([
        call('PATCH', `/permission/${roleB}`, { token: editorA.token, payload: { can_edit_role: false } }),
        call('PATCH', `/permission/${roleA}`, { token: editorB.token, payload: { can_edit_role: false } }),
      ]);
      const [won, lost] = answers.map((a) => a.statusCode).sort();
      expect(won, `round ${round}`).toBe(200);
      // 403: the winner's change reached the loser's role before the loser's request was let in.
      expect([403, 409], `round ${round}`).toContain(lost);
      const editing = [(await roleOf(roleA)).permission.can_edit_role, (await roleOf(roleB)).permission.can_edit_role];
      expect(editing.filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  });

  it('two editors deactivating each other’s role at the same moment: one is refused', async () => {
    for (let round = 0; round < 5; round++) {
      await t.ctx.db.updateTable('roles').set({ status: true }).where('id', 'in', [roleA, roleB]).execute();
      const answers = await Promise.all([
        call('PATCH', `/role/${roleB}`, { token: editorA.token, payload: { status: false } }),
        call('PATCH', `/role/${roleA}`, { token: editorB.token, payload: { status: false } }),
      ]);
      const [won, lost] = answers.map((a) => a.statusCode).sort();
      expect(won, `round ${round}`).toBe(200);
      // 403: the winner's change reached the loser's role before the loser's request was let in.
      expect([403, 409], `round ${round}`).toContain(lost);
      expect([(await roleOf(roleA)).status, (await roleOf(roleB)).status].filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  });

  const userChanges: Record<string, (by: Session, target: string, lesserRole: string) => ReturnType<typeof call>> = {
    delete: (by, target) => call('DELETE', `/user/${target}`, { token: by.token }),
    deactivate: (by, target) => call('PATCH', `/user/${target}`, { token: by.token, payload: { status: false } }),
    'give another role to': (by, target, lesserRole) =>
      call('PATCH', `/user/${target}`, { token: by.token, payload: { role: lesserRole } }),
  };
  for (const [what, change] of Object.entries(userChanges)) {
    it(`two editors who ${what} each other at the same moment: one is refused`, async () => {
      const lesser = (await insertRole(t.ctx.db, { permission: flags(false, { can_access_dashboard: true }) })).id;
      for (let round = 0; round < 3; round++) {
        const one = await editorIn(roleA);
        const two = await editorIn(roleA);
        // Only these two edit roles now.
        await t.ctx.db.updateTable('users').set({ status: false }).where('id', 'in', [editorA.id, editorB.id]).execute();
        const answers = await Promise.all([change(one, two.id, lesser), change(two, one.id, lesser)]);
        // The loser is refused by the rule (409) or, when the winner's change landed before the
        // loser's request was let in, at the door (401 session ended, 403 role lost the flag).
        const [won, lost] = answers.map((a) => a.statusCode).sort();
        expect(won, `round ${round}`).toBe(200);
        expect([401, 403, 409], `round ${round}`).toContain(lost);
        if (lost === 409) expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual(LAST_EDITOR);
        const stillEditing = await t.ctx.db
          .selectFrom('users')
          .select('id')
          .where('id', 'in', [one.id, two.id])
          .where('status', '=', true)
          .where('deleted_at', 'is', null)
          .where('role_id', '=', roleA)
          .execute();
        expect(stillEditing, `round ${round}`).toHaveLength(1);
        // Out of the way for the next round.
        await t.ctx.db.updateTable('users').set({ status: false }).where('id', 'in', [one.id, two.id]).execute();
        await t.ctx.db.updateTable('users').set({ status: true }).where('id', '=', editorA.id).execute();
      }
    });
  }
});
