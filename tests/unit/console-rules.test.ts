// @vitest-environment node
/**
 * Small rules the console screens rest on: who sees 'Change Password' (spec 1 §4), what the
 * CSV export writes, the breadcrumb back links, and the permission checklist's groups.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../../src/config/runtime-config';
import { mayChangePassword, photoUrl } from '../../src/resources/user/user-rules';
import { safeFilename, toCsv } from '@model/csv';
import { crumbsFor } from '../../src/layout/Breadcrumbs';
import { flagsByGroup } from '../../src/resources/role/PermissionChecklist';
import { displayValue, formatDate } from '@model/display-value';
import { newPasswordProblems } from '../../src/auth/new-password';
import { translate } from '../../src/providers/i18n-provider';
import { permissionFlags, resourceSchema } from '@model/schema-registry';
import permissionSchema from '@schemas/permission.schema.json';
import { makeUser } from './support/session';

const role = (name: string) => ({ _id: `r-${name}`, role: name, role_slug: name.toLowerCase() });

describe("'Change Password' visibility (spec 1 §4)", () => {
  const admin = makeUser({}, { _id: 'me', role: role('Admin') });
  const clerk = makeUser({}, { _id: 'me', role: role('Clerk') });

  it('an Admin sees it for anyone, Admins included', () => {
    expect(mayChangePassword(admin, { id: 'other', role: role('Clerk') })).toBe(true);
    expect(mayChangePassword(admin, { id: 'other', role: role('Admin') })).toBe(true);
  });

  it('anyone else sees it only on their own page', () => {
    expect(mayChangePassword(clerk, { id: 'me', role: role('Clerk') })).toBe(true);
    expect(mayChangePassword(clerk, { id: 'other', role: role('Clerk') })).toBe(false);
  });

  it('goes by the role slug, not its name: a renamed Admin role keeps it, a role merely called Admin does not', () => {
    const renamedAdmin = makeUser({}, { _id: 'me', role: { _id: 'r-admin', role: 'Head Office', role_slug: 'admin' } });
    const lookalike = { _id: 'r-x', role: 'Admin', role_slug: 'admin-2' };
    const calledAdmin = makeUser({}, { _id: 'me', role: lookalike });
    expect(mayChangePassword(renamedAdmin, { id: 'other', role: role('Clerk') })).toBe(true);
    expect(mayChangePassword(calledAdmin, { id: 'other', role: role('Clerk') })).toBe(false);
    // Someone of the renamed Admin role is an Admin: another user's own-page rule does not apply to them.
    expect(mayChangePassword(clerk, { id: 'me', role: { _id: 'r-admin', role: 'Head Office', role_slug: 'admin' } })).toBe(false);
    expect(mayChangePassword(clerk, { id: 'me', role: lookalike })).toBe(true);
  });

  it('nobody signed out sees it', () => {
    expect(mayChangePassword(undefined, { id: 'me' })).toBe(false);
  });
});

describe('CSV export', () => {
  it('quotes cells with commas, quotes and line breaks; starts with a BOM and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['Name', 'Note'],
        [
          ['Ann', 'says "hi", twice'],
          ['Bo', 'two\nlines'],
        ],
      ),
    ).toBe('\uFEFFName,Note\r\nAnn,"says ""hi"", twice"\r\nBo,"two\nlines"');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    const csv = toCsv(['First Name'], [['=HYPERLINK("http://x","x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['José']]);
    expect(csv.split('\r\n').slice(1)).toEqual(['"\'=HYPERLINK(""http://x"",""x"")"', "'+1", "'-2", "'@SUM(A1)", 'José']);
  });

  it('names the file with punctuation replaced by underscores (spec 1 §9)', () => {
    expect(safeFilename('Users')).toBe('Users');
    expect(safeFilename('Field staff: north/east (2026)')).toBe('Field_staff_north_east_2026_');
  });

  it('writes cells as the table shows them', () => {
    const schema = resourceSchema('user');
    const record = { id: '1', role: { _id: 'r', role: 'Field Staff' }, status: false, createdAt: '2026-03-04T10:00:00.000Z' };
    expect(displayValue(schema, 'role', record, 'status')).toBe('Field Staff');
    expect(displayValue(schema, 'status', record, 'status')).toBe('Inactive');
    expect(formatDate('2026-03-04T10:00:00.000Z')).toMatch(/^0[34]-03-2026$/);
  });
});

describe('breadcrumb back links', () => {
  it('leads from the dashboard to the resource and the step, without ids', () => {
    expect(crumbsFor('/designation')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Designations', to: '/designation' },
    ]);
    expect(crumbsFor('/user/edit/abc').map((c) => c.label)).toEqual(['Dashboard', 'Users', 'Edit']);
    expect(crumbsFor('/role/permission/abc').map((c) => c.label)).toEqual(['Dashboard', 'Roles', 'Permissions']);
    expect(crumbsFor('/user/abc').map((c) => c.label)).toEqual(['Dashboard', 'Users', 'Profile']);
  });
});

describe('permission checklist', () => {
  it('shows every flag of the permission schema once, in the group its x-group names, groups in x-groups order', () => {
    const groups = flagsByGroup();
    const properties = Object.entries(permissionSchema.properties) as Array<[string, { 'x-group': string }]>;
    const used = new Set(properties.map(([, p]) => p['x-group']));
    expect(groups.map((g) => g.group)).toEqual(permissionSchema['x-groups'].filter((group) => used.has(group)));
    for (const { group, flags } of groups) {
      expect(
        flags.map((f) => f.name),
        group,
      ).toEqual(properties.filter(([, p]) => p['x-group'] === group).map(([name]) => name));
    }
    expect(groups.flatMap((g) => g.flags.map((f) => f.name)).sort()).toEqual(permissionFlags.map((f) => f.name).sort());
    expect(groups[0]!.flags.find((f) => f.name === 'can_access_app')!.label).toBe('Can access data app');
  });
});

describe('new password and its confirmation', () => {
  it("says 'Password not match' when they differ, and asks for 8 characters", () => {
    expect(newPasswordProblems('long enough', 'long enougH', translate)).toEqual({ confirmation: 'Password not match' });
    expect(newPasswordProblems('short', 'short', translate)).toEqual({ password: 'Password must be at least 8 characters' });
    expect(newPasswordProblems('long enough', 'long enough', translate)).toEqual({});
  });
});

describe('photos', () => {
  beforeEach(() => setRuntimeConfig({ authUrl: 'http://auth.test', apiUrl: 'http://api.test' }));
  it("load from the auth server's base plus the photo path (spec 1 §7)", () => {
    expect(photoUrl('uploads/users/a.png')).toBe('http://auth.test/uploads/users/a.png');
    expect(photoUrl(null)).toBeUndefined();
  });
});
