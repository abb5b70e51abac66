/**
 * 'Access Program Reports' in Chromium against the real servers: from a program's Overview the
 * admin opens the report, sees goal progress, documents per module and type per week and the team
 * members' counts, each as a chart and a table, changes the period, and downloads each table as a
 * CSV holding the rows shown (byte-order mark, header). A role without can_get_program is told
 * so. Screenshots (when asked for) at 1440 and 390 px; axe finds no
 * serious or critical problem on the report.
 */
import { expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, testFailingOnPageErrors } from './helpers.ts';
import { expectNoSeriousAxe } from './axe.ts';
import { seedProgram, type SeededProgram } from './seed-program.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;

const test = testFailingOnPageErrors();

test.describe.configure({ mode: 'serial' });

const PROGRAM = 'Report Journey Program';
const TYPE = 'Report Household';
const DOCUMENTS = 7;
const made = { programId: '' };
let seeded: SeededProgram | undefined;

test.beforeAll(async () => {
  seeded = await seedProgram({
    form: { name: 'Report household visit', fields: [{ field_label: 'Head of household', field_name: 'head', field_type: 'text' }] },
    type: { name: TYPE, plural: `${TYPE}s`, description: 'Visits' },
    program: { name: PROGRAM, description: 'Reported weekly' },
  });
  made.programId = seeded.programId;
  // A team member who submitted nothing, and a goal of 20 for the type.
  const users = (await seeded.ok('GET', `${authUrl}/user`)) as unknown as Array<{ _id: string; email: string }>;
  const fieldStaff = users.find((u) => u.email === 'field01@example.org')!;
  await seeded.ok('POST', `${apiUrl}/program/${made.programId}/team`, { user: fieldStaff._id, is_program_head: false });
  await seeded.ok('POST', `${apiUrl}/goal`, {
    program_id: made.programId,
    document_type: 'BENEFICIARY',
    goal_type: seeded.typeId,
    target: 20,
  });
  for (let i = 0; i < DOCUMENTS; i++) {
    const head = i === 0 ? '=HYPERLINK("http://evil.example")' : `Head ${i}`;
    await seeded.submit(`report-e2e-${i}`, { head }, { processed: i < 3 });
  }
});

test.afterAll(() => seeded?.cleanUp());

async function csvOf(page: Page, section: string): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: section })
      .getByRole('button', { name: /Download CSV/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Report_Journey_Program_.*\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8').trim().split(/\r\n/);
}

test('an admin opens the program report from the Overview, reads it and downloads each table', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openSignedIn(page, E2E.admin, `/program/${made.programId}`);
  await page.getByRole('link', { name: 'Access Program Reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/program/${made.programId}/report$`));
  await expect(page.getByRole('heading', { name: `${PROGRAM}: Program Reports` })).toBeVisible();

  const goals = page.getByRole('region', { name: 'Goal progress' });
  const documents = page.getByRole('region', { name: 'Documents per week' });
  const team = page.getByRole('region', { name: 'Team members' });
  // The goal: 20 to reach, 7 by this week's end, 35 %.
  await expect(goals.getByRole('row').filter({ hasText: TYPE }).getByRole('cell').nth(1)).toHaveText('20');
  await expect(goals.getByRole('row').filter({ hasText: TYPE }).getByRole('cell').last()).toHaveText('35%');
  await expect(documents.getByRole('row').filter({ hasText: TYPE })).toContainText('Beneficiaries');
  await expect(documents.getByRole('row').filter({ hasText: TYPE }).getByRole('cell').last()).toHaveText(String(DOCUMENTS));
  await expect(team.getByRole('row').filter({ hasText: 'Team member' })).toHaveText(/0\s*0\s*0$/);
  // The charts are drawn (their own chunk, loaded with the report).
  await expect(goals.locator('svg').first()).toBeVisible();
  await expect(documents.locator('svg').first()).toBeVisible();
  await expect(team.locator('svg').first()).toBeVisible();
  await expectNoSeriousAxe(page, 'the program report');
  await keepScreenshot(page, '18-explorer-report-1440', { fullPage: true });

  // Each table's CSV holds the rows shown.
  const goalCsv = await csvOf(page, 'Goal progress');
  expect(goalCsv[0]).toMatch(/^Goal,Target,(\d\d-\d\d-\d{4},){12}Percentage$/);
  expect(goalCsv).toEqual([goalCsv[0], `${TYPE},20,${'0,'.repeat(11)}7,35%`]);
  const documentCsv = await csvOf(page, 'Documents per week');
  expect(documentCsv[0]).toMatch(/^Module,Document Type,(\d\d-\d\d-\d{4},){12}All time$/);
  expect(documentCsv[1]).toMatch(new RegExp(`^Beneficiaries,${TYPE},(0,){11}7,7$`));
  const teamCsv = await csvOf(page, 'Team members');
  expect(teamCsv).toHaveLength(2);
  expect(teamCsv[1]).toMatch(/,Team member,0,0,0$/);

  // Another period.
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 4 weeks' }).click();
  await expect(documents.getByRole('columnheader')).toHaveCount(2 + 4 + 1);

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/program/${made.programId}/report`);
  await expect(goals.locator('svg').first()).toBeVisible();
  await expectNoSeriousAxe(page, 'the program report on a phone');
  await keepScreenshot(page, '18-explorer-report-390', { fullPage: true });
});

test('a role without can_get_program is told so', async ({ page }) => {
  await openSignedIn(page, E2E.viewer, `/program/${made.programId}/report`);
  await expect(page.getByText("You don't have permission to see programs (can_get_program)")).toBeVisible();
  const token = await apiToken(authUrl, E2E.viewer);
  expect((await callWith(token, 'GET', `${apiUrl}/program/${made.programId}/report`)).status).toBe(403);
});
