/**
 * Settings and Support in Chromium against the real servers: the admin opens Settings from the
 * side menu, names the organisation and gives it a logo, which the header shows and the login
 * page shows before anyone signs in; a map tiles URL without {z}/{x}/{y} is refused beside its
 * field; 'Send test e-mail' says where the mail went. Support shows the version, links to both
 * servers' API docs and the README, and the system's health. A role without the flags has no
 * menu entry and is told which flag it lacks. Each screen has its own tab title and no serious
 * axe finding. Screenshots (when asked for) at 1440 and 390 px.
 */
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, toast } from './helpers.ts';
import { expectNoSeriousAxe } from './axe.ts';
import { twoColourPng } from '../support/images.ts';
import { projectRoot } from '../../server/config.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;
const shot = (page: Page, name: string) => keepScreenshot(page, `18-settings-${name}`, { fullPage: true });

const ORGANISATION = 'Green Valley Trust';
const version = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

test.describe.configure({ mode: 'serial' });

// Other files of this stack expect the product's own name and no logo: put them back.
test.afterAll(async () => {
  const token = await apiToken(authUrl, E2E.admin);
  await callWith(token, 'PATCH', `${authUrl}/settings`, { organisation_name: 'Fieldbase', time_zone: 'UTC', map_tiles_url: null });
  await callWith(token, 'DELETE', `${authUrl}/settings/logo`);
});

test('the admin names the organisation and gives it a logo, shown in the header and on the login page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, E2E.admin);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page).toHaveTitle('Settings · Fieldbase');

  await page.getByLabel('Organisation name').fill(ORGANISATION);
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Africa/Nair');
  await page.getByRole('option', { name: 'Africa/Nairobi' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await expect(page.getByTestId('organisation-brand')).toContainText(ORGANISATION);

  // A logo: chosen, previewed, saved, then shown in the header.
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: twoColourPng(160, 80) });
  await expect(page.getByRole('img', { name: 'Chosen logo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save logo' }).click();
  await expect(toast(page, 'Logo saved')).toBeVisible();
  const headerLogo = page.getByRole('banner').getByRole('img', { name: `${ORGANISATION} logo` });
  await expect(headerLogo).toBeVisible();
  expect(await headerLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // A tiles URL the maps could not use is refused beside its field; nothing else changes.
  await page.getByLabel('Map tiles URL').fill('https://tiles.example.org/tile.png');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter none, or an http(s) address with {z}, {x} and {y} in it').first()).toBeVisible();
  await page.getByLabel('Map tiles URL').fill('');
  await expect(page.getByText('Enter none, or an http(s) address with {z}, {x} and {y} in it')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent to admin@fieldbase.local through outbox folder' })).toBeVisible();
  await expect(page.locator('.MuiSnackbar-root')).toHaveCount(0);

  await expectNoSeriousAxe(page);
  await shot(page, 'settings-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxe(page);
  await shot(page, 'settings-390');

  // Signed out, the login page shows the organisation's name and logo.
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const visitor = await context.newPage();
  await visitor.goto('/login');
  await expect(visitor).toHaveTitle('Sign in · Fieldbase');
  await expect(visitor.getByTestId('organisation-brand')).toContainText(ORGANISATION);
  const loginLogo = visitor.getByRole('img', { name: `${ORGANISATION} logo` });
  await expect(loginLogo).toBeVisible();
  expect(await loginLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await context.close();
});

test('Support shows the version, the documentation and the system health', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, E2E.admin);
  await page.getByRole('menuitem', { name: 'Support' }).click();
  await expect(page).toHaveTitle('Support · Fieldbase');
  const health = page.getByRole('table', { name: 'System health' });
  await expect(health.getByRole('row', { name: /Version/ })).toContainText(version);
  for (const label of ['Database size', 'Jobs waiting', 'Jobs failed', 'Disk free under'])
    await expect(health.getByRole('row', { name: new RegExp(label) })).toBeVisible();
  await expect(health.getByRole('row', { name: /Database size/ })).toContainText(/\d+(\.\d)? (KB|MB|GB)/);
  await expect(health.getByRole('row', { name: /Files kept in/ })).toContainText('disk, /');
  await expect(page.getByRole('link', { name: 'API documentation of the auth server' })).toHaveAttribute('href', `${authUrl}/docs`);
  await expect(page.getByRole('link', { name: 'API documentation of the api server' })).toHaveAttribute('href', `${apiUrl}/docs`);
  const readme = page.getByRole('link', { name: /README/ });
  const res = await fetch((await readme.getAttribute('href'))!);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('# Fieldbase');
  await expectNoSeriousAxe(page);
  await shot(page, 'support-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousAxe(page);
  await shot(page, 'support-390');
});

test('a role without the flags has no Settings or Support and is told which flag it lacks', async ({ page }) => {
  await openSignedIn(page, E2E.viewer);
  await expect(page.getByRole('menuitem', { name: 'Designations' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Support' })).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByText("You don't have permission to change settings (can_manage_settings)")).toBeVisible();
  await page.goto('/support');
  await expect(page.getByText("You don't have permission to see support (can_see_support)")).toBeVisible();
  const token = await apiToken(authUrl, E2E.viewer);
  expect((await callWith(token, 'PATCH', `${authUrl}/settings`, { organisation_name: 'Taken over' })).status).toBe(403);
});
