/**
 * Copy Form at the speed a person works: Copy Form, then at once a new title typed and Save Draft
 * pressed, without waiting for anything to settle — over a connection slow enough that the add
 * page's code is still on its way. The published original must be exactly as it was on the
 * server, and the copy must exist under the title typed, its parent the original.
 */
import { expect, test } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, toast } from './helpers.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;
const ORIGINAL = 'Clinic intake';
const COPY_TITLE = 'Clinic intake follow-up';

const FIELDS = [
  { field_label: 'Patient name', field_name: 'patient_name', field_type: 'text' },
  { field_label: 'Visit date', field_name: 'visit_date', field_type: 'date' },
  { field_label: 'Notes', field_name: 'notes', field_type: 'text-area' },
];

test('Copy Form, a title typed and saved at once: the original is unchanged and the copy is made', async ({ page }) => {
  const token = await apiToken(authUrl, E2E.admin);
  const created = await callWith(token, 'POST', `${apiUrl}/form`, { name: ORIGINAL, structures: FIELDS });
  expect(created.status).toBe(201);
  const originalId = String(created.body._id);
  expect((await callWith(token, 'POST', `${apiUrl}/form/publish`, { _id: originalId })).status).toBe(200);
  const before = (await callWith(token, 'GET', `${apiUrl}/form/${originalId}`)).body;

  // A slow connection: the add page's code takes a second and a half to arrive, the moment in
  // which the address is already the add page's.
  await page.route(/\/assets\/FormBuilderAdd-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  await openSignedIn(page, E2E.admin, `/custom-form/edit/${encodeURIComponent(originalId)}`);
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue(ORIGINAL);

  // No waiting for the add page: click, clear the title, type, save, as fast as a person does.
  await page.getByRole('button', { name: 'Copy Form' }).click();
  await title.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(COPY_TITLE, { delay: 40 });
  await page.getByRole('button', { name: 'Save Draft' }).click();

  // Whichever save answered, the original is as it was.
  await expect(page.locator('.MuiSnackbar-root')).toBeVisible();
  const after = (await callWith(token, 'GET', `${apiUrl}/form/${originalId}`)).body;
  expect(after.name, 'the original keeps its name').toBe(ORIGINAL);
  expect(after.draft_version, 'the original was not saved over').toBe(before.draft_version);
  expect(after.structures).toEqual(before.structures);

  await expect(toast(page, 'Successfully added form')).toBeVisible();
  await expect(page).toHaveURL(/\/custom-form\/edit\/[^/]+$/);
  const copyId = decodeURIComponent(page.url().split('/').pop()!);
  expect(copyId).not.toBe(originalId);
  const copy = (await callWith(token, 'GET', `${apiUrl}/form/${encodeURIComponent(copyId)}`)).body;
  expect(copy).toMatchObject({ name: COPY_TITLE, parent_id: originalId, version: 0 });
  expect((copy.structures as Array<{ field_name: string }>).map((f) => f.field_name)).toEqual(['patient_name', 'visit_date', 'notes']);
  await expect(page.getByRole('heading', { name: 'Edit Form Group' })).toBeVisible();
  await expect(title).toHaveValue(COPY_TITLE);
});
