/**
 * The audit trail end to end in Chromium, through the console's own pages: an admin ticks a flag
 * on a role's checklist, locks a program, publishes a form and deletes a user, then finds each in
 * the Audit log with its before and after, narrows the log to who made the changes (another
 * person's sign-in drops out) and to the program, opens the program's History tab, and exports
 * the filtered log to CSV, downloading the file the job wrote.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, row, storeSession, testFailingOnPageErrors, toast } from './helpers.ts';
import { keepScreenshot } from './screenshots.ts';

const test = testFailingOnPageErrors();
const apiUrl = `http://localhost:${E2E.apiPort}`;
const ROLE = 'Trail clerk';
const PROGRAM = 'Trail Water Program';
const FORM = 'Trail intake';
const PERSON = { first_name: 'Tamsin', last_name: 'Trail', email: 'tamsin.trail@example.com', password: 'Tamsin-trail-pass-1' };
const made = { roleId: '', programId: '', formId: '', userId: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const token = await apiToken(authUrl, E2E.admin);
  const role = await callWith(token, 'POST', `${authUrl}/role`, { role: ROLE });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  made.roleId = String(role.body._id);
  const flags = await callWith(token, 'PATCH', `${authUrl}/permission/${made.roleId}`, { can_access_dashboard: true });
  expect(flags.status, JSON.stringify(flags.body)).toBe(200);
  const designations = await callWith(token, 'GET', `${authUrl}/designation?range=[0,0]`);
  const designation = String((designations.body as unknown as Array<{ _id: string }>)[0]!._id);
  const user = await callWith(token, 'POST', `${authUrl}/user`, {
    ...PERSON,
    employeeId: 'TRAIL-1',
    mobile: '9876500011',
    designation,
    role: made.roleId,
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  made.userId = String(user.body._id);
  // Their own sign-in: a change someone else made, which the filter by who must leave out.
  await apiToken(authUrl, PERSON);
  // Inactive, so the users list offers Delete.
  expect((await callWith(token, 'PATCH', `${authUrl}/user/${made.userId}`, { status: false })).status).toBe(200);
  const program = new FormData();
  program.append('name', PROGRAM);
  program.append('description', 'A program whose lock the audit trail follows.');
  program.append('no_of_days_for_edit_program', '30');
  program.append('program_head', '[]');
  program.append('documentVisible', 'ALL');
  made.programId = String((await callWith(token, 'POST', `${apiUrl}/program`, program)).body._id);
  const form = await callWith(token, 'POST', `${apiUrl}/form`, {
    name: FORM,
    structures: [{ field_label: 'Household head', field_name: 'household_head', field_type: 'text' }],
  });
  expect(form.status, JSON.stringify(form.body)).toBe(201);
  made.formId = String(form.body._id);
});

test.afterAll(async () => {
  const token = await apiToken(authUrl, E2E.admin);
  if (made.programId) {
    await callWith(token, 'PATCH', `${apiUrl}/program/change/lock/status/${made.programId}`);
    await callWith(token, 'DELETE', `${apiUrl}/program/${made.programId}`);
  }
});

const changes = (page: Page) => page.getByRole('table', { name: 'Changes' });
const changeRow = (page: Page, action: string, what: string) =>
  changes(page).getByRole('row').filter({ hasText: action }).filter({ hasText: what });

/** Opens a change and checks one field's before and after; closes it again. */
async function expectChange(page: Page, action: string, what: string, field: string, before: string, after: string) {
  await changeRow(page, action, what).first().getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: `${action} · ${what}` });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(E2E.admin.email);
  const fieldRow = drawer.getByRole('table', { name: 'Before and after' }).getByRole('row', { name: new RegExp(`^${field}`) });
  await expect(fieldRow.getByRole('cell')).toHaveText([before, after]);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an admin’s role flag, program lock, form publish and user delete are each in the Audit log, filtered by who and by program, and exported to CSV', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await storeSession(page, E2E.admin);

  // A role's flag, on its checklist.
  await page.goto(`/role/permission/${made.roleId}`);
  await page.getByRole('checkbox', { name: 'Can get user' }).check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Permissions updated')).toBeVisible();

  // The program's lock, on its Overview.
  await page.goto(`/program/${made.programId}?tab=0`);
  await expect(page.getByRole('heading', { level: 1, name: PROGRAM })).toBeVisible();
  await page.getByRole('region', { name: 'Program Lock', exact: true }).getByRole('button', { name: 'Lock' }).click();
  await expect(toast(page, 'Program Locked')).toBeVisible();

  // The form's first revision, from the builder.
  await page.goto(`/custom-form/edit/${encodeURIComponent(made.formId)}`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(FORM);
  await page.getByRole('button', { name: 'PUBLISH FORM' }).click();
  await page.getByRole('dialog', { name: 'Publish revision 1?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Published revision 1')).toBeVisible();

  // The user, from the users list.
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByPlaceholder('Search users').fill('Tamsin');
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  await row(page, PERSON.first_name).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'User deleted')).toBeVisible();

  // Each in the Audit log, with its before and after.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expectChange(page, 'Permission change', `Role ${made.roleId}`, 'can_get_user', 'false', 'true');
  await expectChange(page, 'Lock', `Program “${PROGRAM}”`, 'lockProgram', '0', '1');
  await expect(changeRow(page, 'Publish', 'Form')).toHaveCount(1);
  await expectChange(page, 'Delete', `User “${PERSON.email}”`, 'first_name', PERSON.first_name, '—');
  await expect(changeRow(page, 'Sign in', PERSON.email)).toHaveCount(1);

  // Who: the admin's changes only; Tamsin's own sign-in drops out.
  await page.getByRole('combobox', { name: 'Who' }).fill('Admin');
  await page.getByRole('option', { name: new RegExp(E2E.admin.email.replace(/[.+]/g, '\\$&')) }).click();
  await expect(changeRow(page, 'Delete', `User “${PERSON.email}”`)).toHaveCount(1);
  await expect(changes(page).getByRole('row').filter({ hasText: PERSON.email }).filter({ hasText: 'Sign in' })).toHaveCount(0);
  await expect(changes(page).getByRole('row').filter({ hasNotText: E2E.admin.email })).toHaveCount(1); // the header row

  // And the program: its creation and its lock.
  await choose(page, 'Program', PROGRAM);
  await expect(changes(page).getByRole('row')).toHaveCount(3);
  await expect(changeRow(page, 'Lock', `Program “${PROGRAM}”`)).toHaveCount(1);
  await keepScreenshot(page, '19-audit-trail-1440');

  // The filtered list as CSV, through the export jobs.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const ready = page.getByRole('alert').filter({ hasText: 'is ready: 2 changes.' });
  await expect(ready).toBeVisible();
  await keepScreenshot(page, '19-audit-export-1440');
  const downloading = page.waitForEvent('download');
  await ready.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe('Seq,When (UTC),Actor,Actor role,Client,Address,Action,Resource,Record,Revision,Program,Changes');
  expect(lines[1]).toContain(`,lock,program,${made.programId},`);
  expect(lines[1]).toContain(PROGRAM);
  expect(lines[2]).toContain(`,create,program,${made.programId},`);

  // The program's own History tab tells the same story.
  await page.goto(`/program/${made.programId}?tab=11`);
  const history = page.getByRole('tabpanel').getByRole('table', { name: 'Changes' });
  await expect(history.getByRole('row').filter({ hasText: 'Lock' })).toHaveCount(1);
  await expect(
    history
      .getByRole('row')
      .filter({ hasText: 'Create' })
      .filter({ hasText: `Program “${PROGRAM}”` }),
  ).toHaveCount(1);
});

test('on a phone the export and its download fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, E2E.admin, '/audit');
  await choose(page, 'Program', PROGRAM);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is ready' })).toBeVisible();
  const width = await page.evaluate('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(390);
  await keepScreenshot(page, '19-audit-export-390', { fullPage: true });
});
