/**
 * The console's sync controls in Chromium against the real servers: a program whose type's form
 * picks from a view list is synced from its Overview (Database Sync: progress, the spec's toast,
 * then what the offline database holds), and the view lists are synced all at once and one by one
 * from their page. What the database holds is then read over the replication protocol, as a
 * device would. Two phones' versions of one document (pushed over the protocol) are reviewed side
 * by side on the Overview and one is kept. Everything made here is removed at the end: other files on the same stack count
 * programs and view lists.
 */
import { expect } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, testFailingOnPageErrors, toast } from './helpers.ts';

const test = testFailingOnPageErrors();
test.describe.configure({ mode: 'serial' });

const apiUrl = `http://localhost:${E2E.apiPort}`;
const PROGRAM = 'Malaria nets for Kisumu';
const LIST = 'Sub-counties for sync';
const made = { token: '', programId: '', listId: '', typeId: '', formId: '', documentId: '' };

async function created(method: string, url: string, body?: unknown): Promise<Record<string, unknown> & { _id?: string }> {
  const answer = await callWith(made.token, method, url, body);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

test.beforeAll(async () => {
  made.token = await apiToken(authUrl, E2E.admin);
  const list = new FormData();
  list.append('name', LIST);
  const rows = ['Sub-county', ...Array.from({ length: 1500 }, (_, i) => `Place ${i}`)].join('\n');
  list.append('excel_file', new Blob([rows + '\n'], { type: 'text/csv' }), 'sub-counties.csv');
  made.listId = String((await created('POST', `${apiUrl}/listview`, list))._id);
  made.formId = String(
    (
      await created('POST', `${apiUrl}/form`, {
        name: 'Net distribution',
        structures: [{ field_label: 'Sub-county', field_name: 'sub_county', field_type: 'dropdown', url: made.listId }],
      })
    )._id,
  );
  await created('POST', `${apiUrl}/form/publish`, { _id: made.formId });
  made.typeId = String(
    (
      await created('POST', `${apiUrl}/beneficiarytype`, {
        name: 'Net household',
        plural_name: 'Net households',
        description: 'Households given nets',
        form: made.formId,
      })
    )._id,
  );
  const program = new FormData();
  program.append('name', PROGRAM);
  program.append('description', 'Bed nets for every household of the sub-county.');
  program.append('no_of_days_for_edit_program', '30');
  program.append('program_head', '[]');
  program.append('documentVisible', 'ALL');
  made.programId = String((await created('POST', `${apiUrl}/program`, program))._id);
  await created('POST', `${apiUrl}/program/${made.programId}/types/beneficiary_types`, { type_id: made.typeId });
});

test.afterAll(async () => {
  if (made.documentId) await created('DELETE', `${apiUrl}/document/${made.documentId}`);
  if (made.programId) await created('DELETE', `${apiUrl}/program/${made.programId}`);
  if (made.typeId) await created('DELETE', `${apiUrl}/beneficiarytype/${made.typeId}`);
  if (made.formId) await created('DELETE', `${apiUrl}/form/${made.formId}`);
  if (made.listId) await created('DELETE', `${apiUrl}/listview/${made.listId}`);
});

test('a program is synced from its Overview, and says what its offline database holds', async ({ page }) => {
  await openSignedIn(page, E2E.admin, `/program/${made.programId}`);
  const card = page.getByRole('region', { name: 'Database Sync' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Sync' }).click();
  await expect(toast(page, 'Sync To Database Successfully')).toBeVisible();
  // The program, its type, the form's one revision and the list's 1,500 rows in two chunks.
  await expect(card.getByText('5 documents')).toBeVisible();
  await expect(card.getByText(/^Last synced \d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible();

  const info = await callWith(made.token, 'GET', `${apiUrl}/sync/db/program-${made.programId}`);
  expect(info.body).toMatchObject({ db_name: `program-${made.programId}`, doc_count: 5 });
});

test('the view lists are synced all at once and one by one', async ({ page }) => {
  await openSignedIn(page, E2E.admin, '/custom-form/view-list');
  await expect(page.getByRole('heading', { name: 'All View List' })).toBeVisible();
  await page.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(toast(page, 'Sync To Database Successfully')).toBeVisible();
  await page
    .getByRole('row')
    .filter({ hasText: LIST })
    .getByRole('button', { name: `Sync ${LIST}` })
    .click();
  await expect(toast(page, 'Successfully Sync')).toBeVisible();
});

test('two phones’ versions of one document are reviewed side by side and one is kept', async ({ page }) => {
  // Two phones edited one document offline: its first revision, then a child of it from each.
  const me = JSON.parse(Buffer.from(made.token.split('.')[1]!, 'base64url').toString()).sub as string;
  const fields = { program_id: made.programId, module: 'beneficiaries', type_id: made.typeId, form_revision_id: '' };
  const revisions = await callWith(made.token, 'GET', `${apiUrl}/form/rev/${made.formId}`);
  fields.form_revision_id = String((revisions.body as unknown as Array<{ _id: string }>)[0]!._id);
  const version = (rev: string, history: string[], place: string) => ({
    _id: 'net-household-1',
    _rev: rev,
    _revisions: { start: history.length, ids: history },
    ...fields,
    form_data: { sub_county: place },
  });
  const push = (docs: object[]) => callWith(made.token, 'POST', `${apiUrl}/sync/db/user-${me}/_bulk_docs`, { new_edits: false, docs });
  expect((await push([version('1-a', ['a'], 'Place 1')])).body).toEqual([]);
  expect((await push([version('2-b', ['b', 'a'], 'Place 2'), version('2-c', ['c', 'a'], 'Place 3')])).body).toEqual([]);

  await openSignedIn(page, E2E.admin, `/program/${made.programId}`);
  const card = page.getByRole('region', { name: 'Offline conflicts' });
  await expect(card).toContainText('1 document was edited on two phones at once');
  await card.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Documents edited on two phones' });
  const other = dialog.getByRole('article', { name: /^Other version/ });
  await expect(dialog.getByRole('article', { name: 'Current version' })).toContainText('Sub-county');
  const kept = (await other.innerText()).includes('Place 2') ? 'Place 2' : 'Place 3';
  await other.getByRole('button', { name: 'Keep this one' }).click();
  await expect(toast(page, 'Kept the chosen version')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card).toContainText('No document was edited on two phones at once.');

  const document = await callWith(made.token, 'GET', `${apiUrl}/dashboard/document?local_id=net-household-1`);
  expect(document.status).toBe(200);
  expect(JSON.stringify(document.body)).toContain(kept);
  made.documentId = String(document.body._id);
});
