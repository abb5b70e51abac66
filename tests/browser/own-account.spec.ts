/**
 * A signed-in user changes their own password and e-mail: both ask for the current password,
 * and a wrong one is said on that field. The user is made through the API and deleted after,
 * so the other specs' user counts stay as they are.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdir } from 'node:fs/promises';
import { E2E, authUrl, outboxDir } from './e2e-settings.ts';
import { forgetSession, openSignedIn, signIn, toast } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const OLGA = { email: 'olga@example.org', password: 'olga first passphrase' };
const NEW_PASSWORD = 'olga second passphrase';
const NEW_EMAIL = 'olga.owner@example.org';
let olgaId = '';

async function asAdmin(method: string, path: string, body?: unknown) {
  const login = await fetch(`${authUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: E2E.admin.email, password: E2E.admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${authUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return res.json();
}

test.beforeAll(async () => {
  const roles = (await asAdmin('GET', '/role')) as Array<{ _id: string; role_slug: string }>;
  const designations = (await asAdmin('GET', '/designation')) as Array<{ _id: string }>;
  const olga = await asAdmin('POST', '/user', {
    employeeId: 'OLGA-1',
    first_name: 'Olga',
    last_name: 'Owner',
    email: OLGA.email,
    mobile: '9876543210',
    designation: designations[0]!._id,
    role: roles.find((r) => r.role_slug === 'program-manager')!._id,
    password: OLGA.password,
  });
  olgaId = olga._id;
});

test.afterAll(async () => {
  if (olgaId) await asAdmin('DELETE', `/user/${olgaId}`);
});

async function openOwnProfile(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/edit/${olgaId}$`));
}

test('a user changes their own password with the current one, and is told when it is wrong', async ({ page }) => {
  await openSignedIn(page, OLGA);
  await openOwnProfile(page);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Confirm your current password');

  // Nothing typed: every field says what it needs, nothing is sent.
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Enter your current password')).toBeVisible();

  await dialog.getByLabel('Current Password').fill('not my password');
  await dialog.getByLabel('New Password').fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText('Current password is wrong')).toBeVisible();
  await expect(dialog.getByLabel('Current Password')).toBeFocused();

  await dialog.getByLabel('Current Password').fill(OLGA.password);
  await dialog.getByLabel('Current Password').press('Enter');
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // This session stays; the new password signs in, the old one does not.
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/user/edit/${olgaId}$`));
  await forgetSession(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(OLGA.email);
  await page.getByLabel('Password').fill(OLGA.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await signIn(page, { email: OLGA.email, password: NEW_PASSWORD });
});

test('a user changes their own e-mail: the current password is asked for only then, and the old address is told', async ({ page }) => {
  await openSignedIn(page, { email: OLGA.email, password: NEW_PASSWORD });
  await openOwnProfile(page);
  await expect(page.getByLabel('Current Password')).toHaveCount(0);

  await page.getByLabel('Email').fill(NEW_EMAIL);
  await expect(page.getByLabel('Current Password')).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Enter your current password', { exact: true })).toBeVisible();

  await page.getByLabel('Current Password').fill('not my password');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Current password is wrong').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user/edit/${olgaId}$`));

  // Typing the old address back hides the question again.
  await page.getByLabel('Email').fill(OLGA.email);
  await expect(page.getByLabel('Current Password')).toHaveCount(0);

  await page.getByLabel('Email').fill(NEW_EMAIL);
  await page.getByLabel('Current Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'User updated')).toBeVisible();

  await expect.poll(async () => (await readdir(outboxDir)).some((f) => f.includes(OLGA.email))).toBe(true);
  await forgetSession(page);
  await signIn(page, { email: NEW_EMAIL, password: NEW_PASSWORD });
});
