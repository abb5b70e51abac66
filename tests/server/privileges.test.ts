/**
 * Nobody raises their own privileges: no granting of flags one does not hold (through
 * a role's flags or by giving someone a role), no change of one's own role, no deactivating of
 * one's own role or account, no taking of the Admin name, no managing of an account that holds
 * more than oneself. The Admin role may do all of that to others.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { anyDesignationId, flags, insertRole, insertUser, newUserBody, roleIdBySlug } from '../support/test-users.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';

let t: TestServer;
let admin: Session;
let keeper: Session;
const ids: Record<string, string> = {};

/** Manages roles and users, but may not delete users (nor anything about documents). */
const KEEPER_FLAGS = flags(false, {
  can_access_dashboard: true,
  can_get_role: true,
  can_create_role: true,
  can_edit_role: true,
  can_edit_permission: true,
  can_get_user: true,
  can_create_user: true,
  can_edit_user: true,
  can_get_designation: true,
});

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  ids.adminRole = await roleIdBySlug(t.ctx.db, 'admin');
  ids.programManager = await roleIdBySlug(t.ctx.db, 'program-manager');
  ids.designation = await anyDesignationId(t.ctx.db);
  ids.keeperRole = (await insertRole(t.ctx.db, { role: 'Role Keeper', permission: KEEPER_FLAGS })).id;
  ids.keeper = (await insertUser(t.ctx.db, { email: 'keeper@example.com', password: 'keeper passphrase', roleId: ids.keeperRole })).id;
  keeper = await t.loginAs('keeper@example.com', 'keeper passphrase');
  ids.lesserRole = (
    await insertRole(t.ctx.db, { role: 'Lesser', permission: flags(false, { can_access_dashboard: true, can_get_role: true }) })
  ).id;
  ids.peer = (await insertUser(t.ctx.db, { email: 'peer@example.com', password: 'peer passphrase', roleId: ids.lesserRole })).id;
  ids.manager = (
    await insertUser(t.ctx.db, { email: 'manager@example.com', password: 'manager passphrase', roleId: ids.programManager })
  ).id;
});
afterAll(() => t?.close());

const call = caller(() => t.auth.app);
const as =
  (session: Session) =>
  (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) =>
    call(method, url, { ...opts, token: session.token });
const asAdmin = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) => as(admin)(method, url, opts);
const asKeeper = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) => as(keeper)(method, url, opts);

const roleOf = async (id: string) => (await asAdmin('GET', `/role/${id}`)).json();
const userOf = async (id: string) => (await asAdmin('GET', `/user/${id}`)).json();
const escalation = (...flagNames: string[]) => ({
  code: 'PRIVILEGE_ESCALATION',
  message: `You cannot grant permissions you do not hold: ${flagNames.join(', ')}`,
  permissions: flagNames,
});

const newUser = (role: string, extra: Record<string, unknown> = {}) => newUserBody(ids.designation!, role, extra);

describe('PATCH /permission by a role keeper without can_delete_user', () => {
  for (const which of ['keeperRole', 'lesserRole', 'adminRole'] as const) {
    it(`cannot set can_delete_user on ${which === 'keeperRole' ? 'their own role' : which}: 403 naming the flag`, async () => {
      const before = await roleOf(ids[which]);
      const res = await asKeeper('PATCH', `/permission/${ids[which]}`, { payload: { can_delete_user: true } });
      expect(res.statusCode).toBe(403);
      // The Admin role is off limits to anyone but an Admin, whatever the flag.
      expect(res.json()).toEqual(
        which === 'adminRole'
          ? { code: 'PRIVILEGE_ESCALATION', message: 'Only the Admin role may change the Admin role' }
          : escalation('can_delete_user'),
      );
      expect(await roleOf(ids[which])).toEqual(before);
    });
  }

  it('names every flag it refuses, and applies none of the others sent with them', async () => {
    const before = await roleOf(ids.lesserRole);
    const res = await asKeeper('PATCH', `/permission/${ids.lesserRole}`, {
      payload: { can_get_user: true, can_delete_user: true, can_see_all_docs: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(escalation('can_delete_user', 'can_see_all_docs'));
    expect(await roleOf(ids.lesserRole)).toEqual(before);
  });

  it('may grant and take away the flags they hold themselves', async () => {
    const given = await asKeeper('PATCH', `/permission/${ids.lesserRole}`, { payload: { can_get_user: true } });
    expect(given.statusCode).toBe(200);
    expect((await roleOf(ids.lesserRole)).permission.can_get_user).toBe(true);
    const taken = await asKeeper('PATCH', `/permission/${ids.lesserRole}`, { payload: { can_get_user: false } });
    expect(taken.statusCode).toBe(200);
    expect((await roleOf(ids.lesserRole)).permission.can_get_user).toBe(false);
  });

  it('still cannot delete a user afterwards', async () => {
    const res = await asKeeper('DELETE', `/user/${ids.peer}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('can_delete_user');
  });
});

describe('giving someone a role', () => {
  it('POST /user with a role holding flags the caller lacks: 403, nobody added', async () => {
    const beyond = await insertRole(t.ctx.db, { role: 'Beyond Keeper', permission: flags(true) });
    const body = newUser(beyond.id);
    const res = await asKeeper('POST', '/user', { payload: body });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PRIVILEGE_ESCALATION');
    expect(res.json().permissions).toEqual(expect.arrayContaining(['can_delete_user', 'can_delete_role', 'can_see_all_docs']));
    const emails = (await asAdmin('GET', '/user')).json().map((u: { email: string }) => u.email);
    expect(emails).not.toContain(body.email);
  });

  it('POST /user with a role within the caller’s flags: 201', async () => {
    const res = await asKeeper('POST', '/user', { payload: newUser(ids.lesserRole) });
    expect(res.statusCode).toBe(201);
    expect(res.json().role._id).toBe(ids.lesserRole);
  });

  it('PATCH /user/{id} to a role holding flags the caller lacks: 403, role unchanged', async () => {
    const res = await asKeeper('PATCH', `/user/${ids.peer}`, { payload: { role: ids.adminRole } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PRIVILEGE_ESCALATION');
    expect((await userOf(ids.peer)).role._id).toBe(ids.lesserRole);
  });

  it('PATCH /user/{id} to a role within the caller’s flags: 200', async () => {
    const other = await insertRole(t.ctx.db, { role: 'Also Lesser', permission: flags(false, { can_access_dashboard: true }) });
    const res = await asKeeper('PATCH', `/user/${ids.peer}`, { payload: { role: other.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().role._id).toBe(other.id);
    expect((await asKeeper('PATCH', `/user/${ids.peer}`, { payload: { role: ids.lesserRole } })).statusCode).toBe(200);
  });
});

describe('one’s own account and role', () => {
  it('cannot change their own role, to a higher or a lower one: 403', async () => {
    for (const role of [ids.adminRole, ids.lesserRole]) {
      const res = await asKeeper('PATCH', `/user/${ids.keeper}`, { payload: { role } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'SELF_CHANGE', message: 'You cannot change your own role' });
    }
    expect((await userOf(ids.keeper)).role._id).toBe(ids.keeperRole);
  });

  it('may save their own profile with the role unchanged (the edit form sends it)', async () => {
    const res = await asKeeper('PATCH', `/user/${ids.keeper}`, { payload: { first_name: 'Kept', role: ids.keeperRole } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Kept', role: { _id: ids.keeperRole } });
  });

  it('cannot deactivate their own role: 403, role still active', async () => {
    const res = await asKeeper('PATCH', `/role/${ids.keeperRole}`, { payload: { status: false } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'SELF_CHANGE', message: 'You cannot deactivate your own role' });
    expect((await roleOf(ids.keeperRole)).status).toBe(true);
    expect((await asKeeper('GET', '/role')).statusCode).toBe(200);
  });

  it('cannot deactivate their own account: 403', async () => {
    const res = await asKeeper('PATCH', `/user/${ids.keeper}`, { payload: { status: false } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'SELF_CHANGE', message: 'You cannot deactivate your own account' });
    expect((await userOf(ids.keeper)).status).toBe(true);
  });
});

describe('accounts that hold more than the caller', () => {
  it('cannot change the Admin’s e-mail (which would let a reset link take the account): 403', async () => {
    const res = await asKeeper('PATCH', `/user/${admin.user._id}`, { payload: { email: 'keeper-inbox@example.com' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PRIVILEGE_ESCALATION');
    expect((await userOf(admin.user._id)).email).toBe(ADMIN_EMAIL);
  });

  it('cannot change or deactivate a user whose role has flags the caller lacks: 403 naming them', async () => {
    const before = await userOf(ids.manager);
    for (const payload of [{ first_name: 'Renamed' }, { status: false }, { email: 'taken-over@example.com' }]) {
      const res = await asKeeper('PATCH', `/user/${ids.manager}`, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().message).toBe(
        'You cannot change a user who holds permissions you do not hold: ' + res.json().permissions.join(', '),
      );
      expect(res.json().permissions).toContain('can_see_all_docs');
    }
    expect(await userOf(ids.manager)).toEqual(before);
  });

  it('a role with every flag but another name still cannot change an Admin: 403', async () => {
    const role = await insertRole(t.ctx.db, { role: 'Almost Admin', permission: flags(true) });
    await insertUser(t.ctx.db, { email: 'almost@example.com', password: 'almost passphrase', roleId: role.id });
    const almost = await t.loginAs('almost@example.com', 'almost passphrase');
    const res = await as(almost)('PATCH', `/user/${admin.user._id}`, { payload: { email: 'almost-inbox@example.com' } });
    expect(res.statusCode).toBe(403);
    expect((await as(almost)('DELETE', `/user/${admin.user._id}`)).statusCode).toBe(403);
    expect(await userOf(admin.user._id)).toMatchObject({ email: ADMIN_EMAIL, status: true });
    // ...but may manage users who hold no more than they do.
    expect((await as(almost)('PATCH', `/user/${ids.peer}`, { payload: { last_name: 'Managed' } })).statusCode).toBe(200);
  });
});

describe('the Admin name (the role that may change any password)', () => {
  it('cannot be taken by a role keeper, by adding or renaming a role, even when it is free', async () => {
    // The Admin role keeps its name through the API; free the name through the database.
    await t.ctx.db
      .updateTable('roles')
      .set({ role: 'Administrators', name_key: 'administrators' })
      .where('id', '=', ids.adminRole)
      .execute();
    try {
      const added = await asKeeper('POST', '/role', { payload: { role: 'Admin' } });
      expect(added.statusCode).toBe(403);
      expect(added.json()).toEqual({ code: 'ADMIN_NAME_RESERVED', message: 'Only the Admin role may name a role Admin or rename it' });
      const renamed = await asKeeper('PATCH', `/role/${ids.keeperRole}`, { payload: { role: 'admin' } });
      expect(renamed.statusCode).toBe(403);
      expect((await roleOf(ids.keeperRole)).role).toBe('Role Keeper');
      const names = (await asAdmin('GET', '/role')).json().map((r: { role: string }) => r.role.toLowerCase());
      expect(names).not.toContain('admin');
    } finally {
      await t.ctx.db.updateTable('roles').set({ role: 'Admin', name_key: 'admin' }).where('id', '=', ids.adminRole).execute();
    }
  });

  it('a role keeper cannot rename the Admin role: 403', async () => {
    const res = await asKeeper('PATCH', `/role/${ids.adminRole}`, { payload: { role: 'Former Admins' } });
    expect(res.statusCode).toBe(403);
    expect((await roleOf(ids.adminRole)).role).toBe('Admin');
  });
});

describe('the Admin role is known by its slug, not its name', () => {
  const newPassword = (id: string, email: string) => ({
    _id: id,
    email,
    password: 'set by someone else 1',
    confirm_password: 'set by someone else 1',
  });
  const passwordStillWorks = async (email: string, password: string) =>
    (await t.auth.app.inject({ method: 'POST', url: '/login', payload: { email, password } })).statusCode === 200;

  it("renamed (as an older release or a hand in the database could), it keeps 'change any password'; a role merely called Admin gains nothing", async () => {
    await t.ctx.db.updateTable('roles').set({ role: 'Head Office', name_key: 'head office' }).where('id', '=', ids.adminRole).execute();
    const calledAdmin = randomUUID();
    try {
      // The Admin role under another name: still changes another user's password.
      const reset = await asAdmin('PATCH', `/user/${ids.manager}`, { payload: newPassword(ids.manager!, 'manager@example.com') });
      expect(reset.statusCode).toBe(200);
      expect(await passwordStillWorks('manager@example.com', 'set by someone else 1')).toBe(true);

      // A role called Admin, holding every flag, but not the Admin role: its own password only.
      await t.ctx.db
        .insertInto('roles')
        .values({
          id: calledAdmin,
          role: 'Admin',
          name_key: 'admin',
          role_slug: 'called-admin',
          status: true,
          permission: JSON.stringify(flags(true)),
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
      await insertUser(t.ctx.db, { email: 'called-admin@example.com', password: 'called admin passphrase', roleId: calledAdmin });
      const impostor = await t.loginAs('called-admin@example.com', 'called admin passphrase');
      const refused = await as(impostor)('PATCH', `/user/${ids.peer}`, { payload: newPassword(ids.peer!, 'peer@example.com') });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'PASSWORD_CHANGE_FORBIDDEN',
        message: "Only the Admin role may change another user's password",
      });
      expect(await passwordStillWorks('peer@example.com', 'peer passphrase')).toBe(true);
      // Nor does the name let it touch the Admin role or its users.
      expect((await as(impostor)('PATCH', `/user/${admin.user._id}`, { payload: { last_name: 'Taken' } })).statusCode).toBe(403);
      expect((await as(impostor)('PATCH', `/role/${ids.adminRole}`, { payload: { status: false } })).statusCode).toBe(403);
      expect((await as(impostor)('PATCH', `/user/${ids.peer}`, { payload: { role: ids.adminRole } })).statusCode).toBe(403);
    } finally {
      await t.ctx.db.deleteFrom('users').where('email', '=', 'called-admin@example.com').execute();
      await t.ctx.db.deleteFrom('roles').where('id', '=', calledAdmin).execute();
      await t.ctx.db.updateTable('roles').set({ role: 'Admin', name_key: 'admin' }).where('id', '=', ids.adminRole).execute();
    }
  });
});

describe('the Admin may do all of that to others', () => {
  it('grants a flag the keeper lacks, effective on the keeper’s next request', async () => {
    expect((await asKeeper('DELETE', '/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
    const res = await asAdmin('PATCH', `/permission/${ids.keeperRole}`, { payload: { can_delete_user: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().permission.can_delete_user).toBe(true);
    expect((await asKeeper('DELETE', '/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('adds a user with the Admin role and gives another user the Admin role', async () => {
    const added = await asAdmin('POST', '/user', { payload: newUser(ids.adminRole) });
    expect(added.statusCode).toBe(201);
    expect(added.json().role.role).toBe('Admin');
    const promoted = await asAdmin('PATCH', `/user/${ids.peer}`, { payload: { role: ids.adminRole } });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role._id).toBe(ids.adminRole);
  });

  it('changes and deactivates a user who holds every flag, and renames a role to Admin-free names and back', async () => {
    const changed = await asAdmin('PATCH', `/user/${ids.peer}`, { payload: { first_name: 'Changed', status: false } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ first_name: 'Changed', status: false });
    expect((await asAdmin('PATCH', `/role/${ids.keeperRole}`, { payload: { role: 'Keepers' } })).statusCode).toBe(200);
  });

  it('deactivates the keeper’s role, and changes the keeper’s role, each ending their access at once', async () => {
    const off = await asAdmin('PATCH', `/role/${ids.keeperRole}`, { payload: { status: false } });
    expect(off.statusCode).toBe(200);
    expect((await asKeeper('GET', '/role')).statusCode).toBe(403);
    expect((await asAdmin('PATCH', `/role/${ids.keeperRole}`, { payload: { status: true } })).statusCode).toBe(200);
    expect((await asKeeper('GET', '/role')).statusCode).toBe(200);

    const moved = await asAdmin('PATCH', `/user/${ids.keeper}`, { payload: { role: ids.programManager } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().role.role_slug).toBe('program-manager');
    expect((await asKeeper('PATCH', `/permission/${ids.lesserRole}`, { payload: { can_get_role: true } })).statusCode).toBe(403);
  });
});
