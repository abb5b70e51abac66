/**
 * Three details a program manager noticed in the builder and the forms list: the preview's date
 * reads DD/MM/YYYY like every other date (the browser here speaks American English, which writes
 * mm/dd/yyyy in its own date input), a text field saved without limits shows the spec's 0 and
 * 10000, and the column chooser names every column.
 */
import { expect, test } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn } from './helpers.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;

test.use({ locale: 'en-US' });

test('the date reads DD/MM/YYYY, a text field shows 0 and 10000, and the column chooser names every column', async ({ page }) => {
  const token = await apiToken(authUrl, E2E.admin);
  const created = await callWith(token, 'POST', `${apiUrl}/form`, {
    name: 'Market survey',
    structures: [
      { field_label: 'Stall owner', field_name: 'stall_owner', field_type: 'text' },
      { field_label: 'Survey date', field_name: 'survey_date', field_type: 'date' },
    ],
  });
  const id = String(created.body._id);

  await openSignedIn(page, E2E.admin, `/custom-form/edit/${encodeURIComponent(id)}`);
  const fields = page.getByRole('region', { name: 'Form fields' });
  await fields.getByRole('button', { name: 'Open Stall owner' }).click();
  await expect(fields.getByRole('spinbutton', { name: 'Min characters' })).toHaveValue('0');
  await expect(fields.getByRole('spinbutton', { name: 'Max characters' })).toHaveValue('10000');

  const date = page.getByRole('region', { name: 'Form preview' }).getByRole('textbox', { name: 'Survey date' });
  await expect(date).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await date.fill('31/12/2026');
  await date.blur();
  await expect(date).toHaveValue('31/12/2026');
  await expect(page.getByText('Enter a date as DD/MM/YYYY')).toHaveCount(0);
  await date.fill('12/31/2026'); // the American order is not a day here
  await date.blur();
  await expect(page.getByText('Enter a date as DD/MM/YYYY')).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `18-builder-date-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/custom-form');
  await expect(page.getByRole('link', { name: 'Market survey' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('option')).toHaveText(['Name', 'Fields', 'Revisions', 'Status', 'Last updated', 'Actions']);
});
