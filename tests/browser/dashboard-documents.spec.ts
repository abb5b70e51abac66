/**
 * The dashboard and the document drawer in Chromium against the real servers, on documents
 * submitted through the documents API as the mobile app submits them: the three counts (as the
 * api counts them, with thousands separators), the documents-per-day chart, the recently
 * processed documents, and a row opened in the drawer with each display — an image and a
 * signature fetched with the session, dates, a choice's label, a field group as a table,
 * beneficiary names, a geo-location with nothing loaded from outside (no maps key here), JSON
 * for the rest — then its print preview (print media and a PDF) and the phone layout. Every page
 * fails the test on a console error or a Content-Security-Policy violation. Screenshots (when
 * asked for, screenshots.ts): dashboard-*.png.
 */
import { expect, type Page } from '@playwright/test';
import { crc32, deflateSync } from 'node:zlib';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, testFailingOnPageErrors } from './helpers.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;

/** Every page of this file fails its test on a console error or a policy violation. */
const test = testFailingOnPageErrors();

test.describe.configure({ mode: 'serial' });

/** A PNG of w × h with a soft two-colour gradient: a photo the drawer can visibly show. */
function gradientPng(w: number, h: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = (x + y) / (w + h);
      for (let c = 0; c < 3; c++) rows[y * (w * 3 + 1) + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const FIELDS = [
  { field_label: 'Household head', field_name: 'head', field_type: 'text', order: 1 },
  { field_label: 'Photo of the house', field_name: 'photo', field_type: 'image', order: 2 },
  { field_label: 'Visit day', field_name: 'visit_day', field_type: 'date', order: 3 },
  { field_label: 'Visited at', field_name: 'visited_at', field_type: 'date-time', order: 4 },
  {
    field_label: 'County',
    field_name: 'county',
    field_type: 'dropdown',
    order: 5,
    extra_details: { option_choice: 'nairobi: Nairobi City\nkisumu: Kisumu Lakeside' },
  },
  {
    field_label: 'Children',
    field_name: 'children',
    field_type: 'field-group',
    order: 6,
    validation: { is_repeater: true, min_repeater: 0, max_repeater: 10 },
    extra_details: {
      fields: [
        { field_label: 'Child name', field_name: 'child_name', field_type: 'text' },
        { field_label: 'Age', field_name: 'age', field_type: 'number' },
        {
          field_label: 'School',
          field_name: 'school',
          field_type: 'radio',
          extra_details: { option_choice: 'y: In school\nn: Not in school' },
        },
      ],
    },
  },
  { field_label: 'Members', field_name: 'members', field_type: 'beneficiaries', order: 7 },
  { field_label: 'Location', field_name: 'where', field_type: 'geo-location', order: 8 },
  { field_label: 'Route walked', field_name: 'route', field_type: 'geo-trace', order: 9 },
  { field_label: 'Signature of the head', field_name: 'sign', field_type: 'signature', order: 10 },
];

const made = { programId: '', formId: '', typeId: '', documentIds: [] as string[], main: '', mainLocal: '' };
let adminToken = '';

async function call(method: string, url: string, body?: unknown, expected = 200) {
  const res = await callWith(adminToken, method, url, body);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(expected);
  return res.body;
}

async function upload(png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  return (await call('POST', `${apiUrl}/document/attachment`, form, 201)).name as string;
}

async function submit(localId: string, formRevisionId: string, answers: Record<string, unknown>): Promise<string> {
  const doc = await call(
    'POST',
    `${apiUrl}/document`,
    {
      local_id: localId,
      program_id: made.programId,
      module: 'beneficiaries',
      type_id: made.typeId,
      form_revision_id: formRevisionId,
      form_data: answers,
    },
    201,
  );
  made.documentIds.push(doc._id!);
  return doc._id!;
}

test.beforeAll(async () => {
  adminToken = await apiToken(authUrl, E2E.admin);
  const form = await call('POST', `${apiUrl}/form`, { name: 'Household visit', structures: FIELDS }, 201);
  made.formId = form._id!;
  await call('POST', `${apiUrl}/form/publish`, { _id: made.formId });
  const revisions = (await call('GET', `${apiUrl}/form/rev/${made.formId}`)) as unknown as Array<{ _id: string; version: number }>;
  const revision = revisions.sort((a, b) => b.version - a.version)[0]!._id;
  const type = await call(
    'POST',
    `${apiUrl}/beneficiarytype`,
    { name: 'Household', plural_name: 'Households', description: 'A household the program visits', form: made.formId },
    201,
  );
  made.typeId = type._id!;
  const program = new FormData();
  program.append('name', 'Water for All');
  program.append('description', 'Safe water for every household of the district.');
  program.append('no_of_days_for_edit_program', '30');
  program.append('program_head', '[]');
  program.append('documentVisible', 'ALL');
  made.programId = (await call('POST', `${apiUrl}/program`, program, 201))._id!;
  await call('POST', `${apiUrl}/program/${made.programId}/types/beneficiary_types`, { type_id: made.typeId });

  const stamp = Date.now().toString(36);
  const achieng = await submit(`member-1-${stamp}`, revision, { head: 'Achieng Otieno' });
  const baraka = await submit(`member-2-${stamp}`, revision, { head: 'Baraka Mwangi' });
  made.mainLocal = `visit-${stamp}`;
  made.main = await submit(made.mainLocal, revision, {
    head: 'Wanjiru Kamau',
    photo: await upload(gradientPng(320, 180, [30, 136, 229], [67, 160, 71])),
    visit_day: '2026-11-19',
    visited_at: '2026-11-19T12:05:00.000Z',
    county: 'kisumu',
    children: [
      { child_name: 'Amani', age: 9, school: 'y' },
      { child_name: 'Neema', age: 15, school: 'n' },
    ],
    members: [achieng, baraka],
    where: { lat: -0.0917, lng: 34.768 },
    route: [
      { lat: -0.0917, lng: 34.768 },
      { lat: -0.0921, lng: 34.7702 },
    ],
    sign: await upload(gradientPng(240, 80, [250, 250, 250], [120, 120, 120])),
  });
  for (const id of [achieng, made.main]) await call('POST', `${apiUrl}/document/${id}/processed`);
});

test.afterAll(async () => {
  // The specs after this one count programs and forms: take away what this one added.
  for (const id of made.documentIds) await callWith(adminToken, 'DELETE', `${apiUrl}/document/${id}`);
  if (made.programId) await callWith(adminToken, 'DELETE', `${apiUrl}/program/${made.programId}`);
  if (made.typeId) await callWith(adminToken, 'DELETE', `${apiUrl}/beneficiarytype/${made.typeId}`);
  if (made.formId) await callWith(adminToken, 'DELETE', `${apiUrl}/form/${made.formId}`);
});

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const recent = (page: Page) => page.getByRole('table', { name: 'Recently Processed Documents' });
const drawer = (page: Page) => page.getByRole('dialog');
/** The answer block under a field's label in the drawer. */
const answer = (page: Page, label: string) =>
  drawer(page)
    .locator('.document-field')
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();

const shot = (page: Page, name: string, fullPage = true) => keepScreenshot(page, `dashboard-${name}`, { fullPage });

/** Every request the page makes goes to the console or its two servers: nothing from outside. */
function watchOutside(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && !['blob:', 'data:'].includes(url.protocol)) outside.push(request.url());
  });
  return outside;
}

async function openMainDocument(page: Page) {
  await recent(page).getByRole('row').filter({ hasText: made.main }).click();
  await expect(drawer(page).getByText('Wanjiru Kamau')).toBeVisible();
}

test('the dashboard counts, charts and lists the recently processed documents', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, E2E.admin, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeVisible();

  const counts = (await call('GET', `${apiUrl}/dashboard/static`)) as unknown as Record<string, number>;
  expect(counts.totalDocumentCount).toBeGreaterThanOrEqual(3);
  const format = (n: number) => n.toLocaleString('en-US');
  await expect(card(page, 'Number of Programs')).toContainText(format(counts.programsCount!));
  await expect(card(page, 'Number of Custom Forms')).toContainText(format(counts.formsCount!));
  await expect(card(page, 'Number of Documents Saved')).toContainText(format(counts.totalDocumentCount!));

  // A bar a day, oldest first: today's (the last) holds the documents submitted in beforeAll.
  const chart = card(page, 'Documents per day');
  await expect(chart.getByText(/\d+ in the last 30 days/)).toBeVisible();
  await expect(chart.locator('svg .MuiBarChart-element')).toHaveCount(30);
  await expect(chart.locator('svg .MuiBarChart-element').last()).toBeVisible();

  const table = recent(page);
  await expect(table.getByRole('columnheader')).toHaveText(['Program', 'Module', 'Document Type', 'Document ID', 'Created By', 'Dated']);
  const main = table.getByRole('row').filter({ hasText: made.main });
  await expect(main.getByRole('cell')).toHaveText([
    'Water for All',
    'Beneficiaries',
    'Household',
    made.main,
    'Admin User',
    /^\d\d-\d\d-\d{4}$/,
  ]);
  // Only processed documents, the newest processed first, and no pager.
  await expect(table.getByRole('row').nth(1)).toContainText(made.main);
  await expect(table.getByText('Baraka Mwangi')).toHaveCount(0);
  await expect(page.getByText(/per page/)).toHaveCount(0);
  await shot(page, '1440');
});

test('a row opens the drawer with every field drawn by its type, and nothing loaded from outside', async ({ page }) => {
  const outside = watchOutside(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, E2E.admin);
  const byLocalId = page.waitForRequest((r) => r.url().includes(`/dashboard/document?local_id=${made.mainLocal}`));
  await openMainDocument(page);
  await byLocalId;
  const d = drawer(page);
  expect((await d.boundingBox())!.width).toBeCloseTo(560, -1);

  const header = d.getByRole('definition');
  await expect(header).toContainText(['Water for All', 'Beneficiaries', 'Household', made.main, made.mainLocal, 'Admin']);
  await expect(d.getByText('Revision 1')).toBeVisible();
  await expect(d.getByText(/^Processed \d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible();

  // Pictures come from blob: URLs, fetched with the token; they are really drawn.
  for (const name of ['Photo of the house', 'Signature of the head']) {
    const img = answer(page, name).getByRole('img', { name });
    await expect(img).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(1);
  }
  await expect(answer(page, 'Visit day')).toContainText('19-11-2026');
  await expect(answer(page, 'Visited at')).toContainText(/19\/11\/2026 \d\d:\d\d/);
  await expect(answer(page, 'County')).toContainText('Kisumu Lakeside');
  await expect(answer(page, 'County')).not.toContainText('kisumu');
  const children = answer(page, 'Children').getByRole('table', { name: 'Children' });
  await expect(children.getByRole('row')).toHaveText(['Child nameAgeSchool', 'Amani9In school', 'Neema15Not in school']);
  await expect(answer(page, 'Members')).toContainText('Achieng Otieno');
  await expect(answer(page, 'Members')).toContainText('Baraka Mwangi');
  await expect(answer(page, 'Location')).toContainText('-0.091700, 34.768000');
  const osm = answer(page, 'Location').getByRole('link', { name: 'Open in OpenStreetMap' });
  await expect(osm).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=-0.0917&mlon=34.768#map=14/-0.0917/34.768');
  await expect(answer(page, 'Location').getByRole('button', { name: 'View on map' })).toBeVisible();
  await expect(answer(page, 'Route walked')).toContainText('"lat": -0.0921');
  // Already processed: nothing to mark.
  await expect(d.getByRole('button', { name: 'Mark as processed' })).toHaveCount(0);
  await shot(page, 'drawer-1440', false);
  await d.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await shot(page, 'drawer-1440-end', false);
  expect(outside, 'requests to other sites').toEqual([]);

  await d.getByRole('button', { name: 'Close' }).click();
  await expect(drawer(page)).toHaveCount(0);
});

test('the drawer prints the document alone, black on white, over as many pages as it needs', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, E2E.admin);
  await openMainDocument(page);
  await expect(answer(page, 'Photo of the house').getByRole('img')).toHaveAttribute('src', /^blob:/);
  await page.emulateMedia({ media: 'print' });
  // The page behind (app bar, menu, dashboard) and the drawer's buttons are gone; the document is not.
  await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeHidden();
  await expect(page.locator('header').first()).toBeHidden();
  await expect(drawer(page).getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(drawer(page).getByRole('button', { name: 'Close' })).toBeHidden();
  await expect(drawer(page).getByText('Wanjiru Kamau')).toBeVisible();
  await expect(answer(page, 'Signature of the head')).toBeVisible();
  const paper = drawer(page);
  expect(await paper.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  expect(await paper.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
  await shot(page, 'print');
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  expect(pages).toBeGreaterThanOrEqual(1);
  await page.emulateMedia({ media: 'screen' });
});

test('on a phone the dashboard fits the screen and the drawer takes all of it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, E2E.admin);
  await expect(card(page, 'Number of Documents Saved')).toBeVisible();
  await expect(card(page, 'Documents per day').locator('svg .MuiBarChart-element').last()).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  // Each document is one entry there, not a six-column row.
  await expect(page.getByRole('table', { name: 'Recently Processed Documents' })).toHaveCount(0);
  const entry = page.getByRole('list', { name: 'Recently Processed Documents' }).getByRole('button').filter({ hasText: made.main });
  await expect(entry).toContainText('Household · Beneficiaries');
  await shot(page, '390');
  await entry.click();
  await expect(drawer(page).getByText('Wanjiru Kamau')).toBeVisible();
  expect((await drawer(page).boundingBox())!.width).toBe(390);
  await shot(page, 'drawer-390', false);
});
