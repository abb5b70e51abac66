/**
 * Issue 2's journey in Chromium against the real servers: sign in, dashboard, designations
 * add / rename / deactivate / activate / delete, reload and stay signed in, sign out.
 */
import { expect, test } from '@playwright/test';
import { E2E } from './e2e-settings.ts';
import { openSignedIn, row, signIn, storeSession, toast } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

test('signed out, every page leads to /login; the login form explains what is wrong', async ({ page }) => {
  await page.goto('/designation');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('switch', { name: 'Keep me logged in' })).toBeChecked();
  await expect(page.getByText('a connected field-data platform, delivered by a digital agency')).toBeVisible();

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('All fields are required')).toBeVisible();

  await page.getByLabel('Email').fill(E2E.admin.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an admin signs in, manages designations, reloads, and signs out', async ({ page }) => {
  await signIn(page, E2E.admin);
  await expect(toast(page, 'Logged in')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeVisible();
  const toastBox = await toast(page, 'Logged in').boundingBox();
  expect(toastBox!.x).toBeGreaterThan(640); // top right
  expect(toastBox!.y).toBeLessThan(200);

  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'Designations' })
    .or(page.getByRole('menuitem', { name: 'Designations' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/designation$/);
  await expect(page.getByRole('heading', { name: 'All Designations' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible(); // breadcrumb back link
  await expect(row(page, 'Administrator')).toBeVisible();

  // Add, with the required-name check first.
  await page.getByRole('button', { name: 'Add Designation' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Field Officer');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Designation added')).toBeVisible();
  await expect(row(page, 'Field Officer')).toBeVisible();

  // A duplicate name is refused by the server with a message naming the field.
  await page.getByRole('button', { name: 'Add Designation' }).click();
  await dialog.getByLabel('Name').fill('field officer');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'A designation with this name already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Rename.
  await row(page, 'Field Officer').getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('Field Officer');
  await dialog.getByLabel('Name').fill('Senior Field Officer');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Designation updated')).toBeVisible();
  await expect(row(page, 'Senior Field Officer')).toBeVisible();

  // Deactivate: active rows offer only that.
  const officer = row(page, 'Senior Field Officer');
  await expect(officer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await officer.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you Sure want to deactivate?');
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(officer.getByText('Inactive')).toBeVisible();

  // Hide inactive rows, then show them again.
  await page.getByRole('button', { name: 'Hide Inactive Designations' }).click();
  await expect(page.getByRole('heading', { name: 'Active Designations' })).toBeVisible();
  await expect(row(page, 'Senior Field Officer')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show All Designations' }).click();
  await expect(row(page, 'Senior Field Officer')).toBeVisible();

  // Activate, then deactivate again and delete.
  await officer.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you Sure want to activate?');
  await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
  await expect(officer.getByText('Active', { exact: true })).toBeVisible();
  await officer.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await officer.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you Sure want to delete?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Designation deleted')).toBeVisible();
  await expect(row(page, 'Senior Field Officer')).toHaveCount(0);

  // The search box matches names case-insensitively.
  await page.getByPlaceholder('Search designations').fill('ADMIN');
  await expect(row(page, 'Administrator')).toBeVisible();
  await page.getByPlaceholder('Search designations').fill('nothing like this');
  await expect(page.getByText('No designation found')).toBeVisible();
  await page.getByPlaceholder('Search designations').fill('');
  await expect(row(page, 'Administrator')).toBeVisible();

  // Reload: keep-me-logged-in keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/designation/);
  await expect(row(page, 'Administrator')).toBeVisible();

  // Sign out through the confirmation; cancel first keeps the session.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you Sure want to logout?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('fieldbase') ?? '{}'));
  expect(stored.token).toBeUndefined();
  expect(stored.isLoggedIn).toBe(false);

  // The revoked session is gone for good: the address bar leads back to /login.
  await page.goto('/designation');
  await expect(page).toHaveURL(/\/login$/);
});

test('a page left while it checks the session (a quick reload) keeps the user signed in', async ({ page }) => {
  await storeSession(page, E2E.admin);
  // The first check is held unanswered; the page is left while it waits, as a person reloading at once would.
  let held = false;
  await page.route('**/user/verify', (route) => {
    if (held) return route.continue();
    held = true;
  });
  const firstCheck = page.waitForRequest('**/user/verify');
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await firstCheck;
  await page.goto('/designation');
  await expect(row(page, 'Administrator')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('fieldbase') ?? '{}').isLoggedIn)).toBe(true);
});

test('a role without the create, edit and delete flags sees disabled buttons, and the server refuses anyway', async ({ page }) => {
  await openSignedIn(page, E2E.viewer, '/designation');
  await expect(row(page, 'Administrator')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Designation' })).toBeDisabled();
  await expect(row(page, 'Administrator').getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(row(page, 'Administrator').getByRole('button', { name: 'Deactivate' })).toBeDisabled();

  // Hiding a button is courtesy: the same call from the browser is refused by the server.
  const status = await page.evaluate(async (authUrl) => {
    const { token } = JSON.parse(localStorage.getItem('fieldbase') ?? '{}');
    const response = await fetch(`${authUrl}/designation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Sneaky' }),
    });
    return response.status;
  }, `http://localhost:${E2E.authPort}`);
  expect(status).toBe(403);
});
