/**
 * Webhooks in Chromium against the real servers: an admin adds one (URL, events ticked, a
 * secret), sends it a test event, sees a program change delivered on its page with the
 * receiver's answer, sends that delivery again, pauses it (its events wait) and deletes it. The
 * receiver is a real HTTP server on this machine (the stack allows it: WEBHOOK_ALLOW_PRIVATE).
 * Screenshots (when asked for) at 1440 and 390 px.
 */
import { test, expect, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, row, toast } from './helpers.ts';
import { expectNoSeriousAxe } from './axe.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;
const run = Date.now().toString(36);
const WEBHOOK = `Water board ${run}`;
const received: Array<{ event: string; id?: string }> = [];
let receiver: http.Server;
let receiverUrl = '';
let programId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fieldbase`;
});

test.afterAll(async () => {
  const token = await apiToken(authUrl, E2E.admin);
  if (programId) await callWith(token, 'DELETE', `${apiUrl}/program/${programId}`);
  await new Promise((resolve) => receiver.close(resolve));
});

const shot = (page: Page, name: string) => keepScreenshot(page, `21-webhooks-${name}`, { fullPage: true });

/** A program change made through the API, as any other client's would be. */
async function addProgram(name: string): Promise<string> {
  const token = await apiToken(authUrl, E2E.admin);
  const form = new FormData();
  for (const [key, value] of Object.entries({
    name,
    description: 'Told to the water board',
    no_of_days_for_edit_program: '30',
    documentVisible: 'ALL',
    program_head: '[]',
  }))
    form.append(key, value);
  const res = await callWith(token, 'POST', `${apiUrl}/program`, form);
  expect(res.status).toBe(201);
  return String(res.body._id);
}

test('an admin adds a webhook, tests it, reads its deliveries, sends one again, pauses it and deletes it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, E2E.admin);
  await page.getByRole('menuitem', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/webhook$/);
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await page.getByLabel('Name').fill(WEBHOOK);
  await page.getByLabel('URL').fill(receiverUrl);
  await page.getByRole('checkbox', { name: 'A program is added' }).check();
  await page.getByRole('checkbox', { name: 'A program is locked' }).check();
  await page.getByLabel('Secret').fill('short');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Secret must be at least 16 characters')).toBeVisible();
  await page.getByLabel('Secret').fill('water-board-shared-secret');
  await shot(page, 'add-1440');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Webhook added')).toBeVisible();
  await expect(row(page, WEBHOOK)).toBeVisible();

  // Its page: the test event, then a real one.
  await row(page, WEBHOOK).getByRole('link', { name: WEBHOOK, exact: true }).click();
  await expect(page.getByRole('heading', { name: WEBHOOK })).toBeVisible();
  await expect(page.getByText('No event has been sent yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(toast(page, /Test event accepted: 200 in \d+ ms/)).toBeVisible();
  expect(received.map((r) => r.event)).toContain('ping');

  programId = await addProgram(`Boreholes ${run}`);
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  await expect(async () => {
    await page.reload();
    await expect(deliveries.getByRole('row').filter({ hasText: 'program.created' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const delivered = deliveries.getByRole('row').filter({ hasText: 'program.created' });
  await expect(delivered).toContainText('Delivered');
  await expect(delivered).toContainText('1 (200)');
  await expect(delivered).toContainText('received');
  await expectNoSeriousAxe(page, 'a webhook page with its deliveries');
  await shot(page, 'page-1440');
  // Opened on a phone (a desktop window narrowed keeps its side menu's modal state, and hides the page from screen readers).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Deliveries' }).getByText('Attempts: 1 (200)')).toBeVisible();
  await shot(page, 'page-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  const createdEvents = () => received.filter((r) => r.event === 'program.created').length;
  expect(createdEvents()).toBe(1);
  await delivered.getByRole('button', { name: /^Send again/ }).click();
  await expect(toast(page, 'Delivery sent again')).toBeVisible();
  await expect.poll(createdEvents).toBe(2);

  // Paused: a lock waits, and goes once it is active again.
  await page.getByRole('menuitem', { name: 'Webhooks' }).click();
  await row(page, WEBHOOK).getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|Deactivate|Yes/ })
    .click();
  await expect(row(page, WEBHOOK)).toContainText('Inactive');
  const token = await apiToken(authUrl, E2E.admin);
  expect((await callWith(token, 'PATCH', `${apiUrl}/program/change/lock/status/${programId}`)).status).toBe(200);
  const locks = () => received.filter((r) => r.event === 'program.locked').length;
  // Count-bounded: a few feeds of the change log pass (each answers a later delivery list) and nothing is sent.
  for (let i = 0; i < 3; i++) await callWith(token, 'GET', `${apiUrl}/webhook`);
  expect(locks()).toBe(0);
  await row(page, WEBHOOK).getByRole('button', { name: 'Activate' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|Activate|Yes/ })
    .click();
  await expect.poll(locks).toBe(1);

  await row(page, WEBHOOK).getByRole('button', { name: 'Deactivate' }).waitFor();
  await row(page, WEBHOOK).getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|Deactivate|Yes/ })
    .click();
  await row(page, WEBHOOK).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Confirm|Delete|Yes/ })
    .click();
  await expect(row(page, WEBHOOK)).toHaveCount(0);
});
