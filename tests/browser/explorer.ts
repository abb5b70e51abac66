/**
 * The Data Explorer as the specs drive it: its dropdowns, its result rows and the query of a
 * program's beneficiary type, so each spec reads as what a person does there.
 */
import { expect, type Page } from '@playwright/test';

/** Picks `option` in the dropdown named `dropdown`. */
export async function choose(page: Page, dropdown: string, option: string) {
  await page.getByRole('combobox', { name: dropdown }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The rows of the results table (its header row has no cells). */
export const documentRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Documents' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** Queries the beneficiary documents of this type in this program on the open explorer, and waits for their total. */
export async function query(page: Page, program: string, type: string, total: number) {
  await choose(page, 'Select Program', program);
  await choose(page, 'Select Module', 'Beneficiaries');
  await choose(page, 'Select Document Type', type);
  await page.getByRole('button', { name: 'Query Data' }).click();
  await expect(page.getByText(`Total number of Documents: ${total}`, { exact: true })).toBeVisible();
}
