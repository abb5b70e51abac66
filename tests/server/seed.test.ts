/** First start seeds the three roles and the admin; every start keeps the Admin role holding every flag. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionFlags } from '@model/schema-registry.ts';
import { seed } from '../../server/db/seed.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const roles = () => t.ctx.db.selectFrom('roles').select(['role', 'role_slug', 'permission']).orderBy('role').execute();

describe('first-run seed', () => {
  it('creates Admin with every flag, Program Manager, and Field Staff without dashboard access', async () => {
    const all = await roles();
    expect(all.map((r) => [r.role, r.role_slug])).toEqual([
      ['Admin', 'admin'],
      ['Field Staff', 'field-staff'],
      ['Program Manager', 'program-manager'],
    ]);
    const [admin, fieldStaff, manager] = all;
    expect(permissionFlags.every((f) => admin!.permission[f.name] === true)).toBe(true);
    expect(fieldStaff!.permission.can_access_dashboard).toBe(false);
    expect(manager!.permission.can_access_dashboard).toBe(true);
  });

  it('lets the Program Manager run programs, but not add, delete or lock them', async () => {
    const manager = (await roles()).find((r) => r.role_slug === 'program-manager')!;
    const programFlags = Object.fromEntries(Object.entries(manager.permission).filter(([flag]) => /program/.test(flag)));
    expect(programFlags).toEqual({
      can_get_program: true,
      can_create_program: false,
      can_edit_program: true,
      can_delete_program: false,
      can_lock_program: false,
      can_manage_program_team: true,
      can_manage_program_types: true,
      can_manage_program_goals: true,
      can_send_program_notifications: true,
      can_sync_program: true,
    });
    // And the offline databases of the programs they run.
    expect(manager.permission).toMatchObject({ can_sync_view_list: true, can_add_sync_user: true, can_compact_sync: true });
  });

  it('does nothing more on a later start', async () => {
    const again = await seed(t.ctx.db, t.ctx.config);
    expect(again.seeded).toBe(false);
    expect(again.generatedPassword).toBeUndefined();
    expect(await roles()).toHaveLength(3);
    expect(await t.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('gives the Admin role a flag it lacks (a flag added to the schema later) on the next start', async () => {
    const admin = (await roles())[0]!;
    const without = { ...admin.permission, can_see_all_docs: false };
    delete (without as Record<string, boolean>).can_delete_role;
    await t.ctx.db
      .updateTable('roles')
      .set({ permission: JSON.stringify(without) })
      .where('role_slug', '=', 'admin')
      .execute();
    await seed(t.ctx.db, t.ctx.config);
    const after = (await roles())[0]!;
    expect(after.permission.can_see_all_docs).toBe(true);
    expect(after.permission.can_delete_role).toBe(true);
  });
});
