/**
 * A reviewer's day in the Data Explorer, in Chromium against the real servers: a page number past
 * the end is said so and offers the last page; the filters by processed state, submitter and
 * submitted date narrow the results (a day that does not exist is refused before asking); the
 * column chooser hides a column and the browser remembers it for this user after a reload; ticked
 * documents are marked processed in one go, and the ones that were already processed are named,
 * not skipped. Screenshots (when asked for) at 1440 and 390 px; axe finds no
 * serious or critical problem on the screens shown.
 */
import { expect } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, testFailingOnPageErrors } from './helpers.ts';
import { expectNoSeriousAxe } from './axe.ts';
import { choose, documentRows, query } from './explorer.ts';
import { seedProgram, type SeededProgram } from './seed-program.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;

const test = testFailingOnPageErrors();

test.describe.configure({ mode: 'serial' });

const PROGRAM = 'Review Desk Program';
const TYPE = 'Review Household';
const DOCUMENTS = 23;
/** The oldest documents were processed before the reviewer starts. */
const PROCESSED_BEFORE = 2;
const made = { ids: [] as string[], localIds: [] as string[] };
let seeded: SeededProgram | undefined;

test.beforeAll(async () => {
  seeded = await seedProgram({
    form: { name: 'Review household visit', fields: [{ field_label: 'Head of household', field_name: 'head', field_type: 'text' }] },
    type: { name: TYPE, plural: `${TYPE}s`, description: 'Visits' },
    program: { name: PROGRAM, description: 'Documents to review' },
  });
  for (let i = 0; i < DOCUMENTS; i++) {
    const local_id = `review-e2e-${String(i).padStart(2, '0')}`;
    made.ids.push(await seeded.submit(local_id, { head: `Head ${i}` }, { processed: i < PROCESSED_BEFORE }));
    made.localIds.push(local_id);
  }
});
test.afterAll(() => seeded?.cleanUp());

const today = () => new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');

test('a reviewer pages past the end, filters, chooses columns and marks documents processed in bulk', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openSignedIn(page, E2E.admin, '/data-explorer');
  await query(page, PROGRAM, TYPE, DOCUMENTS);

  // A page number past the end is said so, with the way to the last page.
  const pageBox = page.getByRole('textbox', { name: 'Page number' });
  await pageBox.fill('9');
  await pageBox.press('Enter');
  await expect(page.getByText('There is no page 9: the last page is 3.')).toBeVisible();
  await expect(page.getByText('1–10 of 23')).toBeVisible();
  await page.getByRole('status').getByRole('button', { name: 'Go to last page' }).click();
  await expect(page.getByText('21–23 of 23')).toBeVisible();
  await expect(page.getByText('There is no page 9: the last page is 3.')).toHaveCount(0);

  // Filters: processed state, submitter, dates.
  await choose(page, 'Processed', 'Not processed only');
  await expect(page.getByText(`Total number of Documents: ${DOCUMENTS - PROCESSED_BEFORE}`, { exact: true })).toBeVisible();
  await expect(page.getByText(/the date, submitter and processed filters do not apply to it/)).toBeVisible();
  await choose(page, 'Processed', 'Processed only');
  await expect(page.getByText(`Total number of Documents: ${PROCESSED_BEFORE}`, { exact: true })).toBeVisible();
  await choose(page, 'Processed', 'Processed or not');
  await page.getByRole('combobox', { name: 'Submitted by' }).click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await page.getByRole('option').nth(1).click();
  await expect(page.getByText(`Total number of Documents: ${DOCUMENTS}`, { exact: true })).toBeVisible();
  const from = page.getByRole('textbox', { name: 'Submitted from' });
  await from.fill('31-02-2026');
  await expect(page.getByText('Enter a day as DD-MM-YYYY')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Query Data' })).toBeDisabled();
  await from.fill(today());
  await expect(page.getByText(`Total number of Documents: ${DOCUMENTS}`, { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Submitted to' }).fill(yesterday());
  await expect(page.getByText('Enter a day as DD-MM-YYYY')).toHaveCount(0);
  // 'to' before 'from' is refused before asking (the server refuses it too, naming `to`).
  await expect(page.getByText('Submitted to must not be before Submitted from')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Query Data' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Submitted to' }).fill(today());
  await expect(page.getByText(`Total number of Documents: ${DOCUMENTS}`, { exact: true })).toBeVisible();
  await expectNoSeriousAxe(page, 'the explorer with filters');
  await keepScreenshot(page, '18-explorer-filters-1440', { fullPage: true });

  // The column chooser: hide Local ID; a reload remembers it.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Local ID' }).click();
  await page.keyboard.press('Escape');
  const headers = page.getByRole('table', { name: 'Documents' }).getByRole('columnheader');
  await expect(headers).toHaveText(['', 'Document ID', 'Document Type', 'Created By', 'Dated', 'Processed']);
  await page.reload();
  await query(page, PROGRAM, TYPE, DOCUMENTS);
  await expect(headers).toHaveText(['', 'Document ID', 'Document Type', 'Created By', 'Dated', 'Processed']);

  // Bulk: the last page holds the three oldest documents; two of them were processed before.
  await page.getByRole('button', { name: 'Go to last page' }).click();
  await expect(page.getByText('21–23 of 23')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all documents on this page' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await keepScreenshot(page, '18-explorer-selected-1440', { fullPage: true });
  await page.getByRole('button', { name: 'Mark as processed' }).click();
  const outcome = page.getByRole('alert').filter({ hasText: 'marked as processed' });
  await expect(outcome).toContainText('1 document marked as processed.');
  await expect(outcome).toContainText('2 documents not marked:');
  await expect(outcome).toContainText(`${made.localIds[0]}: Already processed`);
  await expect(outcome).toContainText(`${made.localIds[1]}: Already processed`);
  await expect(page.getByText('0 selected')).toBeVisible();
  // Every row on the page now says processed.
  await expect(documentRows(page).filter({ hasText: /Yes, / })).toHaveCount(3);
  await expectNoSeriousAxe(page, 'the explorer after a bulk mark');
  await keepScreenshot(page, '18-explorer-bulk-1440', { fullPage: true });

  // The server recorded it as the single route does.
  const token = await apiToken(authUrl, E2E.admin);
  const third = await callWith(token, 'GET', `${apiUrl}/document/${made.ids[2]}`);
  expect(third.body).toMatchObject({ processed: true });

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/data-explorer');
  await query(page, PROGRAM, TYPE, DOCUMENTS);
  await expect(page.getByRole('checkbox', { name: `Select document ${made.localIds[22]}` })).toBeVisible();
  await expectNoSeriousAxe(page, 'the explorer on a phone');
  await keepScreenshot(page, '18-explorer-results-390', { fullPage: true });
});
