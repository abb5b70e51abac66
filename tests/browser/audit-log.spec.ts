/**
 * The Audit log in Chromium against the real servers: an admin renames a designation and locks a
 * program in the console's own pages' place (through the api, as the console does), then opens
 * Audit log from the menu, finds both, narrows the list to designations, and opens the rename to
 * read the name before and after; the same on a phone. A role without can_get_audit has no menu
 * entry and is told which flag it lacks. axe finds no serious or critical problem on the page or
 * in the drawer; screenshots (when asked for, screenshots.ts) at 1440 and 390 px.
 */
import { expect, type Page } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, testFailingOnPageErrors } from './helpers.ts';
import { expectNoSeriousAxe } from './axe.ts';
import { keepScreenshot } from './screenshots.ts';

const test = testFailingOnPageErrors();
const apiUrl = `http://localhost:${E2E.apiPort}`;
const made = { designationId: '', programId: '' };

test.beforeAll(async () => {
  const token = await apiToken(authUrl, E2E.admin);
  const created = await callWith(token, 'POST', `${authUrl}/designation`, { name: 'Audit trainee' });
  made.designationId = String(created.body._id);
  expect((await callWith(token, 'PATCH', `${authUrl}/designation/${made.designationId}`, { name: 'Audit lead' })).status).toBe(200);
  const program = new FormData();
  program.append('name', 'Audit Trail Program');
  program.append('description', 'A program whose lock is looked for in the log.');
  program.append('no_of_days_for_edit_program', '30');
  program.append('program_head', '[]');
  program.append('documentVisible', 'ALL');
  made.programId = String((await callWith(token, 'POST', `${apiUrl}/program`, program)).body._id);
  expect((await callWith(token, 'PATCH', `${apiUrl}/program/change/lock/status/${made.programId}`)).status).toBe(200);
});

test.afterAll(async () => {
  const token = await apiToken(authUrl, E2E.admin);
  if (made.programId) {
    await callWith(token, 'PATCH', `${apiUrl}/program/change/lock/status/${made.programId}`);
    await callWith(token, 'DELETE', `${apiUrl}/program/${made.programId}`);
  }
  if (made.designationId) await callWith(token, 'DELETE', `${authUrl}/designation/${made.designationId}`);
});

const changes = (page: Page) => page.getByRole('table', { name: 'Changes' }).or(page.getByRole('list', { name: 'Changes' }));

async function openRename(page: Page) {
  await page.getByRole('combobox', { name: 'About' }).click();
  await page.getByRole('option', { name: 'Designation', exact: true }).click();
  const rename = changes(page)
    .getByRole('row')
    .or(changes(page).getByRole('listitem'))
    .filter({ hasText: 'Update' })
    .filter({ hasText: 'Designation “Audit lead”' })
    .first();
  await rename.getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: 'Update · Designation “Audit lead”' });
  await expect(drawer).toBeVisible();
  const nameRow = drawer.getByRole('table', { name: 'Before and after' }).getByRole('row', { name: /^name/ });
  await expect(nameRow.getByRole('cell')).toHaveText(['Audit trainee', 'Audit lead']);
  await expect(drawer).toContainText(E2E.admin.email);
  return drawer;
}

test('an admin finds a rename and a lock in the Audit log, narrows it to designations and reads the before and after', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, E2E.admin);
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page).toHaveTitle('Audit log · Fieldbase');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Changes' });
  await expect(table.getByRole('row').filter({ hasText: 'Lock' }).filter({ hasText: `Program “Audit Trail Program”` })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Create' }).filter({ hasText: 'Program “Audit Trail Program”' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Update' }).filter({ hasText: 'Designation “Audit lead”' })).toHaveCount(1);
  await expectNoSeriousAxe(page, 'the audit log at 1440 px');
  await keepScreenshot(page, '19-audit-1440');
  // The program's changes alone: its creation and its lock.
  await page.getByRole('combobox', { name: 'Program' }).click();
  await page.getByRole('option', { name: 'Audit Trail Program' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Program' })).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: 'Designation' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Program' }).click();
  await page.getByRole('option', { name: 'Any program' }).click();

  const drawer = await openRename(page);
  // Only designations are listed now.
  await expect(table.getByRole('row').filter({ hasText: 'Program' })).toHaveCount(0);
  await expectNoSeriousAxe(page, 'the change drawer at 1440 px');
  await keepScreenshot(page, '19-audit-change-1440');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);

  // Days are typed as the console shows them; a range backwards is said, not sent; a day with
  // no change lists nothing.
  await page.getByRole('textbox', { name: 'From' }).fill('02-01-2026');
  await page.getByRole('textbox', { name: 'To' }).fill('01-01-2026');
  await expect(page.getByText('To must not be before From')).toBeVisible();
  await page.getByRole('textbox', { name: 'To' }).fill('02-01-2026');
  await expect(page.getByText('No change matches these filters.')).toBeVisible();
});

test('on a phone the log is a list of buttons, and the change takes the whole screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, E2E.admin, '/audit');
  await expect(page.getByRole('list', { name: 'Changes' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxe(page, 'the audit log at 390 px');
  await keepScreenshot(page, '19-audit-390');
  const drawer = await openRename(page);
  // Slid in all the way: the whole width of the phone, its Close button in reach.
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeInViewport();
  await keepScreenshot(page, '19-audit-change-390');
});

test('a record’s page and a user’s profile show their own History, each change opening its before and after', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, E2E.admin, `/designation/${made.designationId}/show`);
  const history = page.getByRole('region', { name: 'History' });
  const rows = history.getByRole('table', { name: 'Changes' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Update' }).filter({ hasText: 'Designation “Audit lead”' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Create' }).filter({ hasText: 'Designation “Audit trainee”' })).toHaveCount(1);
  await rows.filter({ hasText: 'Update' }).getByRole('button').first().click();
  await expect(page.getByRole('dialog', { name: 'Update · Designation “Audit lead”' })).toBeVisible();
  await expectNoSeriousAxe(page, 'a designation’s history at 1440 px');
  await page.keyboard.press('Escape');

  // The admin's own profile has its History too (sign-ins are the session's, not the user's).
  const token = await apiToken(authUrl, E2E.admin);
  const me = (await callWith(token, 'POST', `${authUrl}/user/verify`, { token })).body as { user: { _id: string } };
  await page.goto(`/user/${me.user._id}`);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await keepScreenshot(page, '19-history-profile-1440', { fullPage: true });
});

test('a role without can_get_audit has no Audit log, and is told which flag it lacks', async ({ page }) => {
  await openSignedIn(page, E2E.viewer);
  await expect(page.getByRole('menuitem', { name: 'Designations' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page.getByText("You don't have permission to read the audit log (can_get_audit)")).toBeVisible();
  // The server refuses the viewer anyway.
  const token = await apiToken(authUrl, E2E.viewer);
  expect((await callWith(token, 'GET', `${apiUrl}/audit`)).status).toBe(403);
});
