/**
 * Issue 3's journey in Chromium: users (search, inactive toggle, columns, pager, CSV export,
 * add with photo, edit, change password, deactivate / activate / delete) and roles (add,
 * rename, permission checklist, the Admin role's read-only checklist), with a second user whose
 * role loses can_get_user.
 */
import { expect, test, type Page } from '@playwright/test';
import { tinyPng } from '../support/images.ts';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { E2E } from './e2e-settings.ts';
import { openSignedIn, row, signIn, toast } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const PERMISSION_SCHEMA = JSON.parse(readFileSync(new URL('../../schemas/permission.schema.json', import.meta.url), 'utf8')) as {
  'x-groups': string[];
  properties: Record<string, { 'x-group': string }>;
};
/** Every flag of the permission schema: one checkbox each. */
const FLAG_COUNT = Object.keys(PERMISSION_SCHEMA.properties).length;
/** The checklist's group headings: those of x-groups that some flag sits in. */
const FLAG_GROUPS = PERMISSION_SCHEMA['x-groups'].filter((group) =>
  Object.values(PERMISSION_SCHEMA.properties).some((p) => p['x-group'] === group),
);
const AUDITOR = { email: 'audrey@example.org', password: 'audrey first passphrase' };

const userRow = (page: Page, firstName: string) => row(page, firstName);
const dialog = (page: Page) => page.getByRole('dialog');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin finds, pages, filters and exports users', async ({ page }) => {
  await openSignedIn(page, E2E.admin);
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();

  // Pager: 10 per page by default, 'Users per page' offers 10/20/30/All.
  await expect(page.getByText('Users per page')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(1 + 10);
  await expect(page.getByText(`1-10 of ${2 + E2E.fieldStaffCount}`)).toBeVisible();
  await page.getByRole('combobox', { name: /per page/i }).click();
  await expect(page.getByRole('option', { name: '30' })).toBeVisible();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(page.getByRole('row')).toHaveCount(1 + 2 + E2E.fieldStaffCount);

  // Search: case-insensitive, first or last name.
  const search = page.getByPlaceholder('Search users');
  await search.fill('worker');
  await expect(page.getByRole('row')).toHaveCount(1 + E2E.fieldStaffCount);
  await search.fill('VERA');
  await expect(userRow(page, 'Vera')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await search.fill('nobody by this name');
  await expect(page.getByText('No user found')).toBeVisible();
  await search.fill('');
  await expect(userRow(page, 'Vera')).toBeVisible();

  // Column chooser: hide Employee ID, then export what is on screen.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('switch', { name: 'Employee ID' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Employee ID' })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Users' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Users.csv');
  const csv = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('First Name,Last Name,Email,Mobile No.,Designation,Role,Status');
  expect(csv).toHaveLength(1 + 2 + E2E.fieldStaffCount);
  expect(csv).toContain('Vera,Viewer,viewer@fieldbase.local,9876543210,Administrator,Viewer,Active');
});

test('an admin adds a role, ticks its flags, and adds a user with a photo in it', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/role');
  await expect(page.getByRole('heading', { name: 'All Roles' })).toBeVisible();
  await expect(row(page, 'Admin')).toBeVisible();

  await page.getByRole('button', { name: 'Add Role' }).click();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('role name required')).toBeVisible();
  await dialog(page).getByLabel('Role').fill('Auditors');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Role added')).toBeVisible();
  await row(page, 'Auditors').getByRole('button', { name: 'Edit' }).click();
  await dialog(page).getByLabel('Role').fill('Auditor');
  await dialog(page).getByRole('button', { name: 'Update' }).click();
  await expect(row(page, 'Auditor')).toBeVisible();

  // The checklist, grouped as the permission schema says.
  await row(page, 'Auditor').getByRole('link', { name: 'Permissions' }).click();
  await expect(page).toHaveURL(/\/role\/permission\//);
  for (const group of FLAG_GROUPS) {
    await expect(page.getByRole('heading', { name: group, exact: true })).toBeVisible();
  }
  await page.getByRole('checkbox', { name: 'Can access dashboard' }).check();
  await page.getByRole('checkbox', { name: 'Can get user' }).check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Permissions updated')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Can get user' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Can create user' })).not.toBeChecked();

  // Add a user in that role, with a photo; every rule shows at once when the form is empty.
  await page.goto('/user');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/user\/add$/);
  await page.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'First Name is required',
    'Last Name is required',
    'Email is required',
    'Mobile No. is required',
    'Employee ID is required',
    'Designation is required',
    'Role is required',
    'Password is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('First Name').fill('Audrey');
  await page.getByLabel('Last Name').fill('Auditor');
  await page.getByLabel('Email').fill('not an e-mail');
  await page.getByLabel('Mobile No.').fill('12345678901234');
  await expect(page.getByLabel('Mobile No.')).toHaveValue('1234567890');
  await page.getByLabel('Employee ID').fill('AUD-1');
  await choose(page, 'Designation', 'Administrator');
  await choose(page, 'Role', 'Auditor');
  await page.getByRole('textbox', { name: 'Password' }).fill(AUDITOR.password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email must be a valid e-mail address')).toBeVisible();
  // An address already taken is refused by the server, and the form says which field.
  await page.getByLabel('Email').fill('FIELD01@example.org');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Error in Adding User')).toBeVisible();
  await expect(page.getByText('This email is already taken')).toBeVisible();
  await page.getByLabel('Email').fill(AUDITOR.email);
  await page.locator('input[type=file][name=photo]').setInputFiles({ name: 'audrey.png', mimeType: 'image/png', buffer: tinyPng() });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Added User Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
  await expect(userRow(page, 'Audrey')).toContainText('Auditor');

  // Edit: the photo came through, the change saves.
  await userRow(page, 'Audrey').getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/user\/edit\//);
  await expect(page.locator('img[src*="/uploads/users/"]')).toBeVisible();
  await page.getByLabel('Last Name').fill('Auditrix');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'User updated')).toBeVisible();
  await expect(userRow(page, 'Audrey')).toContainText('Auditrix');
});

test("the Admin role's checklist is read-only: every flag ticked, no Update, a note saying why", async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/role');
  await row(page, 'Admin').getByRole('link', { name: 'Permissions' }).click();
  await expect(page.getByRole('heading', { name: 'Permissions: Admin' })).toBeVisible();
  await expect(page.getByText('The Admin role always holds every permission, so its checklist cannot be changed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
  const boxes = page.getByRole('checkbox');
  await expect(boxes).toHaveCount(FLAG_COUNT);
  for (const box of await boxes.all()) {
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
  }
  // Another role's checklist stays editable.
  await page.goto('/role');
  await row(page, 'Viewer').getByRole('link', { name: 'Permissions' }).click();
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  await expect(page.getByText('The Admin role always holds every permission', { exact: false })).toHaveCount(0);
});

test('a user sees users while their role allows it, and the message once it does not', async ({ page, browser }) => {
  const audrey = await (await browser.newContext()).newPage();
  await openSignedIn(audrey, AUDITOR, '/user');
  await expect(userRow(audrey, 'Admin')).toBeVisible();
  // Courtesy and enforcement: no add/edit flags, so the buttons are off and the server says no.
  await expect(audrey.getByRole('button', { name: 'Add User' })).toBeDisabled();

  await openSignedIn(page, E2E.admin, '/role');
  await row(page, 'Auditor').getByRole('link', { name: 'Permissions' }).click();
  await page.getByRole('checkbox', { name: 'Can get user' }).uncheck();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Permissions updated')).toBeVisible();

  // From the next request on, the server refuses; after a reload the console says why.
  const status = await audrey.evaluate(async (authUrl) => {
    const { token } = JSON.parse(localStorage.getItem('fieldbase') ?? '{}');
    return (await fetch(`${authUrl}/user`, { headers: { Authorization: `Bearer ${token}` } })).status;
  }, `http://localhost:${E2E.authPort}`);
  expect(status).toBe(403);
  await audrey.reload();
  await expect(audrey.getByText("You don't have permission to see users")).toBeVisible();
  await audrey.goto('/role');
  await expect(audrey.getByText("You don't have permission to see Roles")).toBeVisible();
  await audrey.context().close();
});

test('a role that reads roles but not permissions sees no Permissions button, and the checklist page says why', async ({
  page,
  browser,
}) => {
  await openSignedIn(page, E2E.admin, '/role');
  await row(page, 'Auditor').getByRole('link', { name: 'Permissions' }).click();
  const checklistUrl = new URL(page.url()).pathname;
  await page.getByRole('checkbox', { name: 'Can get role' }).check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Permissions updated')).toBeVisible();

  const audrey = await (await browser.newContext()).newPage();
  await openSignedIn(audrey, AUDITOR, '/role');
  await expect(row(audrey, 'Auditor')).toBeVisible();
  await expect(audrey.getByRole('link', { name: 'Permissions' })).toHaveCount(0);
  await audrey.goto(checklistUrl);
  await expect(audrey.getByText("You don't have permission to see permissions")).toBeVisible();
  await expect(audrey.getByRole('checkbox')).toHaveCount(0);
  await audrey.context().close();

  await page.getByRole('checkbox', { name: 'Can get role' }).uncheck();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Permissions updated')).toBeVisible();
});

test('an admin changes a password, deactivates, activates and deletes a user', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/user');
  await page.getByPlaceholder('Search users').fill('Audrey');
  // Wait for the search to apply: react-admin applies it 500 ms later and, if this page were
  // left meanwhile, would navigate back to the list.
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  await userRow(page, 'Audrey').getByRole('button', { name: 'Edit' }).click();

  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog(page).getByLabel('Current Password')).toHaveCount(0); // an Admin setting someone else's
  await dialog(page).getByLabel('New Password').fill('audrey second passphrase');
  await dialog(page).getByLabel('Confirm Password').fill('something else');
  await dialog(page).getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog(page).getByText('Password not match')).toBeVisible();
  await dialog(page).getByLabel('Confirm Password').fill('audrey second passphrase');
  await dialog(page).getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  // The form shows the user's designation and role by name.
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Auditor');
  await expect(page.getByRole('combobox', { name: 'Designation' })).toHaveText('Administrator');
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Back on the list, which keeps the last search (react-admin may put it in the address).
  await expect(page).toHaveURL(/\/user(\?.*)?$/);

  // Deactivate → Inactive; the 'Hide Inactive Users' view leaves it out.
  await page.getByPlaceholder('Search users').fill('Field11');
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  const field11 = userRow(page, 'Field11');
  await field11.getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog(page)).toContainText('Are you Sure want to deactivate?');
  await dialog(page).getByRole('button', { name: 'Deactivate' }).click();
  await expect(field11.getByText('Inactive')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Inactive Users' }).click();
  await expect(page.getByRole('heading', { name: 'Active Users' })).toBeVisible();
  await expect(field11).toHaveCount(0);
  await page.getByRole('button', { name: 'Show All Users' }).click();
  await field11.getByRole('button', { name: 'Activate' }).click();
  await dialog(page).getByRole('button', { name: 'Activate' }).click();
  await expect(field11.getByText('Active', { exact: true })).toBeVisible();

  // Delete (soft): offered on inactive rows; the user is gone from the list and cannot sign in.
  await field11.getByRole('button', { name: 'Deactivate' }).click();
  await dialog(page).getByRole('button', { name: 'Deactivate' }).click();
  await field11.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page)).toContainText('Are you Sure want to delete?');
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'User deleted')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No user found')).toBeVisible();

  // The header's Profile opens my own edit page.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/user\/edit\//);
  await expect(page.getByLabel('Email')).toHaveValue(E2E.admin.email);
});

test('the new password works and the old one does not', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(AUDITOR.email);
  await page.getByLabel('Password').fill(AUDITOR.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await signIn(page, { email: AUDITOR.email, password: 'audrey second passphrase' });
});
