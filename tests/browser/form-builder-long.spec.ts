/**
 * A long form in the builder: its field list and its preview draw only what is near the screen
 * (a 500-field form opened in 4.9 s when every row was drawn), yet a person can still carry a
 * field with the keyboard past the bottom of the screen, scroll to the last field, and save.
 */
import { expect, test } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, pickUpWithKeyboard, toast } from './helpers.ts';
import { largeForm } from '../support/large-form.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;
const FIELDS = 300;
let formId = '';

test.beforeAll(async () => {
  const token = await apiToken(authUrl, E2E.admin);
  const created = await callWith(token, 'POST', `${apiUrl}/form`, { name: 'Long household census', structures: largeForm(FIELDS, 0) });
  formId = String(created.body._id);
});

test.afterAll(async () => {
  const token = await apiToken(authUrl, E2E.admin);
  if (formId) await callWith(token, 'DELETE', `${apiUrl}/form/${formId}`);
});

test('a 300-field form draws the rows near the screen; a field is carried 25 places down with the keyboard and saved there', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, E2E.admin, `/custom-form/edit/${encodeURIComponent(formId)}`);
  const fields = page.getByRole('region', { name: 'Form fields' }).getByRole('list', { name: 'Fields' });
  const preview = page.getByRole('region', { name: 'Form preview' });
  await expect(page.getByRole('heading', { name: `Fields (${FIELDS})` })).toBeVisible();
  await expect(fields.getByRole('listitem').first()).toHaveText(/^1\.Name 1/);
  await expect(fields.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(FIELDS));
  await expect(preview.getByRole('textbox', { name: 'Name 1', exact: true })).toBeVisible();
  // Drawn: a screenful and a few more, in the list and in the preview — not all 300.
  expect(await fields.getByRole('listitem').count()).toBeLessThan(40);
  expect(await preview.getByRole('textbox').count()).toBeLessThan(40);

  // With the keyboard: "Name 1" picked up by its handle, 25 places down (past the screen's
  // bottom edge, where rows are drawn as they come), and dropped.
  const handle = fields.getByRole('button', { name: 'Move Name 1', exact: true });
  const spoken = page.getByRole('region', { name: 'Form fields' }).getByRole('status');
  await pickUpWithKeyboard(page, handle);
  await expect(spoken).toHaveText('Name 1 is over position 1.');
  for (let place = 2; place <= 26; place++) {
    await page.keyboard.press('ArrowDown');
    await expect(spoken).toHaveText(`Name 1 is over position ${place}.`);
  }
  await page.keyboard.press('Space');
  await expect(spoken).toHaveText('Name 1 was dropped at position 26.');
  await expect(handle).toBeFocused();
  await expect(fields.locator('li[aria-posinset="26"]')).toHaveText(/^26\.Name 1/);
  // The page followed the field down; back at the top, "Number 2" is first.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(fields.locator('li[aria-posinset="1"]')).toHaveText(/^1\.Number 2/);

  // The last field is there when the page is scrolled to the end.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(fields.getByRole('button', { name: 'Open Checkbox 300', exact: true })).toBeVisible();
  await expect(fields.locator(`li[aria-posinset="${FIELDS}"]`)).toHaveText(new RegExp(`^${FIELDS}\\.Checkbox ${FIELDS}`));

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Successfully Updated')).toBeVisible();
  const token = await apiToken(authUrl, E2E.admin);
  const saved = await callWith(token, 'GET', `${apiUrl}/form/${formId}`);
  const structures = (saved.body as { structures: Array<{ field_label: string; order: number }> }).structures;
  expect(structures.find((f) => f.field_label === 'Name 1')?.order).toBe(26);
  expect(structures.find((f) => f.field_label === 'Number 2')?.order).toBe(1);
});
