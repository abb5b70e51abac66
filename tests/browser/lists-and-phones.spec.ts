/**
 * What an admin hits in the lists: a phone-sized screen (nothing wider than the screen, every
 * control reachable), a menu that offers only what the role opens, a failing list that says so
 * and retries, records that answer 403/404 at once, the export of every matching row, the
 * profile behind a user's name, the header avatar after a new photo, /login when signed in,
 * the spinner while a list loads, and digits-only mobile numbers. Changes nothing the other
 * specs count on (the number of users, the admin's photo). A newer toast replacing an older
 * one is a unit test (app-notification): in a browser any click closes a toast by itself.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { E2E } from './e2e-settings.ts';
import { openSignedIn, row, storeSession, toast } from './helpers.ts';
import { tinyPng } from '../support/images.ts';

const PHONE = { width: 390, height: 844 };
const USERS = 2 + E2E.fieldStaffCount; // the admin, the viewer and the field staff

/** The list request of a resource on the auth server (GET /<path>?...), not its records or export. */
const isListCall = (path: string) => (url: URL) => url.port === String(E2E.authPort) && url.pathname === `/${path}`;

async function pageWidth(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

async function downloadCsv(page: Page, button: string): Promise<string[]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Users.csv');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF'), 'a byte-order mark, so Excel reads accents right').toBe(true);
  return text.slice(1).split('\r\n');
}

test.describe('on a phone (390 px wide)', () => {
  test.use({ viewport: PHONE });

  test('no list is wider than the screen', async ({ page }) => {
    await storeSession(page, E2E.admin);
    for (const path of ['/user', '/role', '/designation']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
    }
  });

  test('Add, Export, a row’s actions, the bell and the profile menu are on screen and work', async ({ page }) => {
    await openSignedIn(page, E2E.admin, '/user');
    await expect(page.getByText(`1-10 of ${USERS}`)).toBeVisible();

    const lines = await downloadCsv(page, 'Export Users');
    expect(lines).toHaveLength(1 + USERS);

    const bell = page.getByRole('button', { name: 'Notifications' });
    await expect(bell).toBeInViewport({ ratio: 1 });
    await bell.click();
    await expect(page.getByText('No notifications')).toBeInViewport();
    await page.keyboard.press('Escape');

    const profile = page.getByRole('button', { name: 'Profile menu' });
    await expect(profile).toBeInViewport({ ratio: 1 });
    await profile.click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeInViewport();
    await page.keyboard.press('Escape');

    const actions = page.getByRole('button', { name: 'Actions for Field01 Worker' });
    await expect(actions).toBeInViewport({ ratio: 1 });
    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toBeInViewport();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/user\/edit\//);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/user');
    const add = page.getByRole('button', { name: 'Add User' });
    await expect(add).toBeInViewport({ ratio: 1 });
    await add.click();
    await expect(page).toHaveURL(/\/user\/add$/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // A role's row menu also leads to its permissions.
    await page.goto('/role');
    await page.getByRole('button', { name: 'Actions for Field Staff' }).click();
    await page.getByRole('menuitem', { name: 'Permissions' }).click();
    await expect(page).toHaveURL(/\/role\/permission\//);
  });
});

test('the side menu offers only what the role may open', async ({ page, browser }) => {
  await openSignedIn(page, E2E.admin);
  for (const name of ['Users', 'Roles', 'Designations']) await expect(page.getByRole('menuitem', { name })).toBeVisible();

  // The viewer may list designations and nothing else.
  const viewer = await (await browser.newContext()).newPage();
  await openSignedIn(viewer, E2E.viewer);
  await expect(viewer.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(viewer.getByRole('menuitem', { name: 'Designations' })).toBeVisible();
  await expect(viewer.getByRole('menuitem', { name: 'Users' })).toHaveCount(0);
  await expect(viewer.getByRole('menuitem', { name: 'Roles' })).toHaveCount(0);
  await viewer.context().close();
});

test('a list that fails to load says so and offers a retry, not an empty table', async ({ page }) => {
  await storeSession(page, E2E.admin);
  const fail = (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Something went wrong on the server', code: 'INTERNAL' }),
    });
  const designationList = isListCall('designation');
  await page.route(designationList, fail);
  await page.goto('/designation');
  const error = page.getByRole('alert').filter({ hasText: 'Could not load designations.' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('Something went wrong on the server');
  // The error toast fades; the error state stays, and no empty state or made-up pager shows.
  await expect(toast(page, 'Something went wrong on the server')).toHaveCount(0);
  await expect(error).toBeVisible();
  await expect(page.getByText('No designation found')).toHaveCount(0);
  await expect(page.getByText(/\d+-\d+ of \d+/)).toHaveCount(0);

  await page.unroute(designationList);
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(row(page, 'Administrator')).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('a list shows a spinner in the table while it loads', async ({ page }) => {
  await storeSession(page, E2E.admin);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(isListCall('designation'), async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/designation');
  await expect(page.getByRole('progressbar', { name: 'Loading designations' })).toBeVisible();
  release();
  await expect(row(page, 'Administrator')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading designations' })).toHaveCount(0);
});

test('an unknown or forbidden record answers at once, with no retries', async ({ page, browser }) => {
  await storeSession(page, E2E.admin);
  const unknown = '00000000-0000-4000-8000-000000000000';
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.port === String(E2E.authPort) && url.pathname === `/user/${unknown}`) calls.push(request.method());
  });
  await page.goto(`/user/${unknown}`);
  await expect(page.getByText('User not found')).toBeVisible();
  // Counted, not timed: retries (react-query's 3, over 7 s) would show the message only after them.
  await page.waitForTimeout(1_500); // and a retry would have gone out by now
  expect(calls.filter((m) => m === 'GET')).toHaveLength(1);

  // The viewer may not read another user: the server's 403 shows at once.
  const viewer = await (await browser.newContext()).newPage();
  await storeSession(viewer, E2E.viewer);
  const adminId = await page.evaluate(() => JSON.parse(localStorage.getItem('fieldbase')!).user._id);
  await viewer.goto(`/user/${adminId}`);
  await expect(viewer.getByText("You don't have permission to do this (can_get_user)")).toBeVisible();
  await viewer.context().close();
});

test('Export Users writes every user the search matches, not only the page on screen', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/user');
  await expect(page.getByText(`1-10 of ${USERS}`)).toBeVisible();
  const all = await downloadCsv(page, 'Export Users');
  expect(all[0]).toBe('Employee ID,First Name,Last Name,Email,Mobile No.,Designation,Role,Status');
  expect(all).toHaveLength(1 + USERS);
  for (let i = 1; i <= E2E.fieldStaffCount; i++) expect(all.join('\n')).toContain(`field${String(i).padStart(2, '0')}@example.org`);
  // In the list's order: first name, A to Z.
  expect(all.slice(1).map((line) => line.split(',')[1])).toEqual([
    'Admin',
    ...Array.from({ length: E2E.fieldStaffCount }, (_, i) => `Field${String(i + 1).padStart(2, '0')}`),
    'Vera',
  ]);

  await page.getByPlaceholder('Search users').fill('worker');
  await expect(page.getByText(`1-10 of ${E2E.fieldStaffCount}`)).toBeVisible();
  const workers = await downloadCsv(page, 'Export Users');
  expect(workers).toHaveLength(1 + E2E.fieldStaffCount);
  expect(workers.slice(1).every((line) => line.includes(',Worker,'))).toBe(true);
});

test('a click on a user’s name opens the read-only profile at /user/{id}', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/user');
  await page.getByRole('link', { name: 'Field01', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText('field01@example.org')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/user\/edit\/[0-9a-f-]{36}$/);
});

test('the header avatar shows a new photo of one’s own at once', async ({ page }) => {
  await openSignedIn(page, E2E.viewer);
  const avatar = page.getByRole('button', { name: 'Profile menu' });
  await expect(avatar).toHaveText('VV');
  await avatar.click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/user\/edit\//);
  await page.locator('input[type=file][name=photo]').setInputFiles({ name: 'vera.png', mimeType: 'image/png', buffer: tinyPng() });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'User updated')).toBeVisible();
  await expect(avatar.locator('img')).toHaveAttribute('src', /\/uploads\/users\/.+\.png$/);
});

test('a signed-in user who opens /login goes to the dashboard', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeVisible();
});

test('Mobile No. takes digits only, at most 10', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/user/add');
  const mobile = page.getByLabel('Mobile No.');
  await mobile.pressSequentially('98a7b6-5 4x3');
  await expect(mobile).toHaveValue('9876543');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Mobile No. must be 10 digits')).toBeVisible();
  await mobile.fill('98765 43210 99');
  await expect(mobile).toHaveValue('9876543210');
  await expect(page.getByText('Mobile No. must be 10 digits')).toHaveCount(0);
});
