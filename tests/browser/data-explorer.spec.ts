/**
 * The Data Explorer in Chromium against the real servers: an admin opens it from the side menu,
 * walks the program → module → type cascade, queries 25 documents submitted through the
 * document api (total, last page and back), finds one by its local id and misses an unknown
 * one, exports the query and follows the export in the downloads list to a downloaded CSV (its
 * byte-order mark and header row checked), and opens the e-mail's link to that export. A role
 * without can_explore_data has no menu entry and is told so at the address. Every page fails the
 * test on a console error or a Content-Security-Policy violation. Screenshots (when
 * asked for, screenshots.ts) at 1440 and 390 px.
 */
import { expect } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E, authUrl, outboxDir } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, testFailingOnPageErrors, toast } from './helpers.ts';
import { documentRows, query } from './explorer.ts';
import { seedProgram, type SeededProgram } from './seed-program.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;

/** The one failed load this file causes on purpose: the search for an id nobody has answers 404 (Chromium logs every 404). */
const MISSED_SEARCH = /404 \(Not Found\) \(http:\/\/localhost:\d+\/dashboard\/document\/no-such-document\)$/;

/** Every page of this file fails its test on a console error or a policy violation. */
const test = testFailingOnPageErrors([MISSED_SEARCH]);

test.describe.configure({ mode: 'serial' });

const PROGRAM = 'Village Water Points';
const TYPE = 'Water Household';
const DOCUMENTS = 25;
const FIELDS = [
  { field_label: 'Head of household', field_name: 'head', field_type: 'text', validation: { required: true } },
  { field_label: 'Members', field_name: 'members', field_type: 'number' },
];
const RECEIVED = 'We have received your request, you will receive an email shortly to download the report.';

const made = { localIds: [] as string[], ids: [] as string[] };
let seeded: SeededProgram | undefined;

/** A program with a beneficiary type whose published form has two fields, and documents submitted through the api, oldest first. */
async function seedDocuments() {
  seeded = await seedProgram({
    form: { name: 'Water household intake', fields: FIELDS },
    type: { name: TYPE, plural: 'Water Households', description: 'Households' },
    program: { name: PROGRAM, description: 'Wells, filters and follow-up visits' },
  });
  for (let i = 0; i < DOCUMENTS; i++) {
    const local_id = `explorer-e2e-${String(i).padStart(2, '0')}`;
    const head = i === 0 ? '=HYPERLINK("http://evil.example")' : `Head ${i}`;
    made.ids.push(await seeded.submit(local_id, { head, members: (i % 6) + 1 }));
    made.localIds.push(local_id);
  }
}

/** The link of the newest mail to this address that names an export. */
async function exportLink(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
      for (const file of files.reverse()) {
        const text = (await readFile(path.join(outboxDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const match = /https?:\/\/\S+?\/data-explorer\?export=[A-Za-z0-9_-]+/.exec(text);
        if (match) return (link = match[0]);
      }
      return '';
    })
    .not.toBe('');
  return link;
}

test.beforeAll(seedDocuments);

// The specs after this one count programs and forms (programs.spec.ts starts from 'No program found'): take away what this one added.
test.afterAll(() => seeded?.cleanUp());

test('an admin queries, pages, searches and exports documents to a CSV file', async ({ page }) => {
  await openSignedIn(page, E2E.admin);
  await page.getByRole('menuitem', { name: 'Data Explorer' }).click();
  await expect(page).toHaveURL(/\/data-explorer$/);
  await expect(page.getByRole('heading', { name: 'Explore data with Fieldbase' })).toBeVisible();
  await expect(
    page.getByText(
      'Use the filters above to query all documents in any program. You will be able to export all data to CSV format once the query is complete.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Select Module' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('combobox', { name: 'Select Document Type' })).toHaveAttribute('aria-disabled', 'true');

  await query(page, PROGRAM, TYPE, DOCUMENTS);
  await expect(documentRows(page)).toHaveCount(10);
  // Newest first.
  await expect(documentRows(page).first()).toContainText(made.localIds[DOCUMENTS - 1]!);
  await expect(page.getByText('1–10 of 25')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await keepScreenshot(page, 'data-explorer-results-1440', { fullPage: true });

  await page.getByRole('button', { name: 'Go to last page' }).click();
  await expect(page.getByText('21–25 of 25')).toBeVisible();
  await expect(documentRows(page)).toHaveCount(5);
  await expect(documentRows(page).last()).toContainText(made.localIds[0]!);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page.getByText('11–20 of 25')).toBeVisible();
  await expect(documentRows(page).first()).toContainText(made.localIds[14]!);
  await expect(documentRows(page).last()).toContainText(made.localIds[5]!);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('21–25 of 25')).toBeVisible();

  // The search: by local id, then an id nobody has.
  const search = page.getByRole('textbox', { name: 'Search for a specific document' });
  await search.fill(made.localIds[7]!);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Total number of Documents: 1')).toBeVisible();
  await expect(documentRows(page)).toHaveCount(1);
  await expect(documentRows(page).first()).toContainText(made.ids[7]!);
  await search.fill('no-such-document');
  await search.press('Enter');
  await expect(page.getByText('No document found')).toBeVisible();

  // Export the query, and follow it in the downloads list to the file.
  await query(page, PROGRAM, TYPE, DOCUMENTS);
  await page.getByRole('button', { name: 'Export Documents' }).click();
  await expect(toast(page, RECEIVED)).toBeVisible();
  const downloads = page.getByRole('region', { name: 'Downloads' });
  const job = downloads.getByRole('listitem', { name: `${PROGRAM} · ${TYPE}` }).first();
  await expect(job).toBeVisible();
  await expect(job.getByRole('button', { name: 'Download' })).toBeVisible({ timeout: 30_000 });
  await expect(job.getByText('25 of 25 rows (100%)')).toBeVisible();
  await keepScreenshot(page, 'data-explorer-export-1440', { fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), job.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toContain('Head of household');
  expect(lines[0]).toContain('Members');
  expect(lines[0]).toContain('Document ID');
  expect(lines).toHaveLength(DOCUMENTS + 1);
  // A formula a spreadsheet would run is defused.
  expect(lines.some((l) => l.includes(`'=HYPERLINK`))).toBe(true);

  // The e-mail's link highlights that export and offers its download.
  const link = await exportLink(E2E.admin.email);
  await page.goto(new URL(link).pathname + new URL(link).search);
  const named = page.getByRole('region', { name: 'Downloads' }).locator('[aria-current="true"]');
  await expect(named).toHaveCount(1);
  await expect(named.getByRole('button', { name: 'Download' })).toBeVisible();

  // On a phone.
  // On a phone (opened afresh: shrinking a wide page leaves react-admin's side menu open as a modal drawer, hiding the page from assistive tech).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/data-explorer');
  await query(page, PROGRAM, TYPE, DOCUMENTS);
  await keepScreenshot(page, 'data-explorer-results-390', { fullPage: true });
});

test('a role without can_explore_data has no Data Explorer', async ({ page }) => {
  await openSignedIn(page, E2E.viewer);
  await expect(page.getByRole('menuitem', { name: 'Designations' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Data Explorer' })).toHaveCount(0);
  await page.goto('/data-explorer');
  await expect(page.getByText("You don't have permission to explore data")).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Select Program' })).toHaveCount(0);
  // The server refuses the viewer anyway.
  const token = await apiToken(authUrl, E2E.viewer);
  expect((await callWith(token, 'GET', `${apiUrl}/dashboard/programs`)).status).toBe(403);
});
