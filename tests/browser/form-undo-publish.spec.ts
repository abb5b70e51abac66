/**
 * Undo and redo in the builder as a person uses them — a field deleted, one moved with the
 * keyboard, a label retyped; the Undo and Redo buttons, Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y — and
 * PUBLISH FORM asking first, listing what the new revision changes, with Publish and Cancel.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, pickUpWithKeyboard, toast } from './helpers.ts';
import { expectNoSeriousAxe } from './axe.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;
const NAME = 'School visit';
const FIELDS = ['Teacher', 'Pupils present', 'Remarks'].map((label, i) => ({
  field_label: label,
  field_name: label.toLowerCase().replace(/ /g, '_'),
  field_type: 'text',
  order: i + 1,
}));

const fieldList = (page: Page) => page.getByRole('region', { name: 'Form fields' }).getByRole('list', { name: 'Fields' });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
async function expectOrder(page: Page, labels: string[]) {
  await expect(fieldList(page).getByRole('listitem')).toHaveText(labels.map((label, i) => new RegExp(`^${i + 1}\\.${escape(label)}`)));
}

test('fields deleted, moved and relabelled are undone and redone; publishing lists the changes and asks first', async ({ page }) => {
  const token = await apiToken(authUrl, E2E.admin);
  const created = await callWith(token, 'POST', `${apiUrl}/form`, { name: NAME, structures: FIELDS });
  const id = String(created.body._id);
  expect((await callWith(token, 'POST', `${apiUrl}/form/publish`, { _id: id })).status).toBe(200);

  await openSignedIn(page, E2E.admin, `/custom-form/edit/${encodeURIComponent(id)}`);
  await expectOrder(page, ['Teacher', 'Pupils present', 'Remarks']);
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  // Delete "Pupils present" (after its confirmation).
  await fieldList(page).getByRole('button', { name: 'Delete Pupils present' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectOrder(page, ['Teacher', 'Remarks']);
  // Move "Remarks" up with the keyboard.
  // A person waits for the row to move before the next key (a screen reader says each step).
  const spoken = page.getByRole('region', { name: 'Form fields' }).getByRole('status');
  await pickUpWithKeyboard(page, fieldList(page).getByRole('button', { name: 'Move Remarks' }));
  await expect(spoken).toHaveText('Remarks is over position 2.');
  await page.keyboard.press('ArrowUp');
  await expect(spoken).toHaveText('Remarks is over position 1.');
  await page.keyboard.press('Space');
  await expect(spoken).toHaveText('Remarks was dropped at position 1.');
  await expectOrder(page, ['Remarks', 'Teacher']);
  // Retype a label.
  await fieldList(page).getByRole('button', { name: 'Open Teacher' }).click();
  const label = fieldList(page).getByRole('textbox', { name: 'Field label' });
  await label.fill('Class teacher');
  await expectOrder(page, ['Remarks', 'Class teacher']);

  // Ctrl+Z inside the label box is the browser's own undo of typing: the fields stay as they are.
  await label.press('ControlOrMeta+Z');
  await expect(fieldList(page).getByRole('listitem')).toHaveCount(2);

  // The Undo button takes back the label, then Ctrl+Z (outside a text box) the move and the deletion.
  await label.fill('Class teacher');
  await undo.click();
  await expectOrder(page, ['Remarks', 'Teacher']);
  await undo.press('ControlOrMeta+Z');
  await expectOrder(page, ['Teacher', 'Remarks']);
  await undo.press('ControlOrMeta+Z');
  await expectOrder(page, ['Teacher', 'Pupils present', 'Remarks']);
  await expect(undo).toBeDisabled();
  // Redo: Ctrl+Shift+Z, Ctrl+Y, and the button.
  await redo.press('ControlOrMeta+Shift+Z');
  await expectOrder(page, ['Teacher', 'Remarks']);
  await redo.press('Control+Y');
  await expectOrder(page, ['Remarks', 'Teacher']);
  await redo.click();
  await expectOrder(page, ['Remarks', 'Class teacher']);
  await expect(redo).toBeDisabled();

  // PUBLISH FORM asks first, with what revision 2 changes.
  await page.getByRole('button', { name: 'PUBLISH FORM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish revision 2?' });
  await expect(dialog.getByText('From revision 1 to this draft: 2 changes')).toBeVisible();
  const changes = dialog.getByRole('list', { name: 'Changes' }).locator(':scope > li');
  await expect(changes.filter({ hasText: 'Pupils present' })).toContainText('Removed');
  await expect(changes.filter({ hasText: 'Class teacher' })).toContainText('Moved from place 1 to place 2');
  await expect(changes.filter({ hasText: 'Class teacher' })).toContainText('Label: “Teacher” → “Class teacher”');
  await expectNoSeriousAxe(page, 'the publish question');
  await page.setViewportSize({ width: 1440, height: 900 });
  await keepScreenshot(page, '18-builder-publish-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, '18-builder-publish-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancel publishes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await callWith(token, 'GET', `${apiUrl}/form/${id}`)).body.version).toBe(1);

  await page.getByRole('button', { name: 'PUBLISH FORM' }).click();
  await page.getByRole('dialog', { name: 'Publish revision 2?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Published revision 2')).toBeVisible();
  await expect(page).toHaveURL(/\/custom-form$/);
  const revisions = (await callWith(token, 'GET', `${apiUrl}/form/rev/${id}`)).body as unknown as Array<{
    version: number;
    structures: Array<{ field_label: string }>;
  }>;
  expect(revisions[0]!.version).toBe(2);
  expect(revisions[0]!.structures.map((f) => f.field_label)).toEqual(['Remarks', 'Class teacher']);
});
