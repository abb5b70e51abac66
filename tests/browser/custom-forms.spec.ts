/**
 * Issue 8's journey in Chromium against the real servers, as a program manager: a lookup list
 * uploaded on the view-list page; a form of twenty fields built by picking types and labels,
 * reordered with the mouse and with the keyboard, "Reason" shown only when "Attended" is No,
 * a 9-digit phone refused and "Kisumu" found in the lookup list, all in the live preview;
 * Save Draft, two publishes, the changes between them field by field, restore, Copy Form; and
 * a draft saved in two pages at once, where the second save is refused and nothing is lost.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { E2E } from './e2e-settings.ts';
import { openSignedIn, pickUpWithKeyboard, toast } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const FORM = 'Household visit';
const LOOKUP = 'Counties';

/** The twenty fields, as the type picker names their types. */
const FIELDS: Array<[type: string, label: string]> = [
  ['Heading', 'Visit details'],
  ['Text', 'Full name'],
  ['Yes / No', 'Attended'],
  ['Text', 'Reason'],
  ['Phone', 'Phone'],
  ['Dropdown', 'County'],
  ['Number', 'Age'],
  ['Email', 'Email'],
  ['Text area', 'Notes'],
  ['Date', 'Visit date'],
  ['Date and time', 'Next visit'],
  ['URL', 'Website'],
  ['Radio buttons', 'Gender'],
  ['Checkboxes', 'Services'],
  ['Multiple select', 'Needs'],
  ['Image', 'Photo'],
  ['File', 'Consent form'],
  ['Address', 'Home address'],
  ['Barcode', 'Card number'],
  ['Separator', 'End of visit'],
];

/** Set once the first save has made the form: the later tests open it by its id. */
let formId = '';

const fieldsRegion = (page: Page) => page.getByRole('region', { name: 'Form fields' });
const preview = (page: Page) => page.getByRole('region', { name: 'Form preview' });
const fieldList = (page: Page) => fieldsRegion(page).getByRole('list', { name: 'Fields' });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rows as a person reads them: "3.", then the label, in this order and no others. */
async function expectOrder(page: Page, labels: string[]) {
  await expect(fieldList(page).getByRole('listitem')).toHaveText(labels.map((label, i) => new RegExp(`^${i + 1}\\.${escape(label)}`)));
}

/**
 * Opens a select and picks an option, as a person does: if the menu is still open after the
 * click (on a loaded machine the click can land while the menu is still being placed, and MUI
 * drops it), click the option again.
 */
async function pickOption(page: Page, select: Locator, option: string) {
  await select.click();
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if ((await listbox.count()) > 0) await listbox.getByRole('option', { name: option, exact: true }).click({ timeout: 5_000 });
    await expect(listbox).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ intervals: [250] });
}

async function addField(page: Page, type: string, label: string) {
  const add = page.getByRole('form', { name: 'Add a field' });
  await pickOption(page, add.getByRole('combobox', { name: 'New field type' }), type);
  await add.getByRole('textbox', { name: 'New field label' }).fill(label);
  await add.getByRole('button', { name: 'Add field' }).click();
}

/** Opens a field's row in the builder (one row is open at a time) and answers its editor. */
async function openField(page: Page, label: string): Promise<Locator> {
  const row = fieldList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Move ${label}`, exact: true }) });
  const toggle = row.getByRole('button', { name: new RegExp(`^(Open|Close) ${escape(label)}$`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Wait for the rows to finish opening and closing, as a person does: while they move, the page
  // scrolls under the pointer and a click can begin on one control and end on another.
  await expect(row.locator('.MuiCollapse-entered')).toHaveCount(1);
  await expect(fieldList(page).locator('.MuiCollapse-root')).toHaveCount(1);
  return row;
}

/**
 * Every Content-Security-Policy violation the page reports. The preview must run under the
 * console's policy: a validator that compiles code at run time (ajv) is refused there, and every
 * check of the preview then fails without a word.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  return violations;
}

async function openCustomForms(page: Page) {
  await page.getByRole('menuitem', { name: 'Custom Forms' }).click();
  await expect(page).toHaveURL(/\/custom-form$/);
  await expect(page.getByRole('heading', { name: 'All Custom Forms' })).toBeVisible();
}

test('a lookup list is uploaded on the view-list page', async ({ page }, testInfo) => {
  // A few thousand counties and towns; the 100,000-row case is the benchmark's.
  const rows = ['County,Region'];
  for (let i = 1; i <= 3000; i++) rows.push(`Place ${String(i).padStart(4, '0')},Region ${i % 47}`);
  rows.splice(1700, 0, 'Kisumu,Nyanza');
  const csv = testInfo.outputPath('counties.csv');
  await writeFile(csv, rows.join('\r\n') + '\r\n');

  await openSignedIn(page, E2E.admin);
  await openCustomForms(page);
  await page.getByRole('link', { name: 'View List' }).click();
  await expect(page).toHaveURL(/\/custom-form\/view-list$/);
  await expect(page.getByRole('heading', { name: 'All View List' })).toBeVisible();

  await page.getByRole('button', { name: 'Add New Form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add URL for form' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(LOOKUP);
  await dialog.getByLabel('Excel file').setInputFiles(csv);
  await expect(dialog.getByText('counties.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'View list added')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: LOOKUP })).toContainText('3,001 rows');
});

test('a form of twenty fields is built, reordered, previewed with its logic, its phone check and its lookup, and saved', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await openSignedIn(page, E2E.admin);
  await openCustomForms(page);
  await page.getByRole('button', { name: 'Add Form' }).click();
  await expect(page).toHaveURL(/\/custom-form\/add-new$/);
  await expect(page.getByRole('heading', { name: 'Add New Form Group' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(FORM);

  for (const [type, label] of FIELDS) await addField(page, type, label);
  await expect(fieldsRegion(page).getByRole('heading', { name: 'Fields (20)' })).toBeVisible();
  const labels = FIELDS.map(([, label]) => label);
  await expectOrder(page, labels);

  // With the mouse: "Phone" dragged by its handle onto "Full name" takes its place.
  await dragOnto(page, 'Phone', 'Full name');
  await expectOrder(page, moved(labels, 'Phone', 1));
  // With the keyboard: focus "Full name"'s handle, pick it up, one down, drop; a screen reader
  // hears each step (and a person waits for the row to move before dropping it).
  const handle = fieldList(page).getByRole('button', { name: 'Move Full name', exact: true });
  const spoken = fieldsRegion(page).getByRole('status');
  await pickUpWithKeyboard(page, handle);
  await expect(spoken).toHaveText('Full name is over position 3.'); // picked up, still in its place
  await page.keyboard.press('ArrowDown');
  await expect(spoken).toHaveText('Full name is over position 4.');
  await page.keyboard.press('Space');
  await expect(spoken).toHaveText('Full name was dropped at position 4.');
  const order = moved(moved(labels, 'Phone', 1), 'Full name', 3);
  await expectOrder(page, order);

  // "Reason" only when "Attended" is No.
  const reasonRow = await openField(page, 'Reason');
  await reasonRow.getByRole('switch', { name: 'Conditional logic' }).check();
  const rule = reasonRow.getByTestId('condition-rule');
  await pickOption(page, rule.getByRole('combobox', { name: 'Field' }), 'Attended');
  await expect(rule.getByRole('combobox', { name: 'Operator' })).toHaveText('is equal to');
  await pickOption(page, rule.getByRole('combobox', { name: 'Value' }), 'No');
  await expect(reasonRow.getByRole('button', { name: 'Close Reason' })).toHaveAccessibleDescription(/1 condition/);

  const attended = preview(page)
    .getByRole('radiogroup')
    .filter({ has: page.getByRole('radio', { name: 'Yes' }) })
    .first();
  const reason = preview(page).getByRole('textbox', { name: 'Reason' });
  await expect(preview(page).getByRole('textbox', { name: 'Full name' })).toBeVisible();
  await expect(reason).toHaveCount(0);
  await attended.getByRole('radio', { name: 'No' }).check();
  await expect(reason).toBeVisible();
  await attended.getByRole('radio', { name: 'Yes' }).check();
  await expect(reason).toHaveCount(0);

  // A phone number of 9 digits is refused once the field is left; 10 digits pass.
  const phone = preview(page).getByRole('textbox', { name: 'Phone' });
  await phone.fill('071234567');
  await expect(preview(page).getByText('Enter at least 10 characters')).toHaveCount(0); // not while typing
  await phone.blur();
  await expect(preview(page).getByText('Enter at least 10 characters')).toBeVisible();
  await phone.fill('0712345678');
  await phone.blur();
  await expect(preview(page).getByText('Enter at least 10 characters')).toHaveCount(0);

  // Radio buttons offer the choices typed for them, and none is chosen before the person chooses.
  const genderRow = await openField(page, 'Gender');
  await genderRow.getByRole('textbox', { name: 'Options' }).fill('f: Female\nm: Male');
  const gender = preview(page)
    .getByRole('radiogroup')
    .filter({ has: page.getByRole('radio', { name: 'Female', exact: true }) });
  await expect(gender.getByRole('radio')).toHaveCount(2);
  await expect(gender.getByRole('radio', { name: 'Female', exact: true })).not.toBeChecked();
  await expect(gender.getByRole('radio', { name: 'Male', exact: true })).not.toBeChecked();
  await gender.getByRole('radio', { name: 'Male', exact: true }).check();

  // The dropdown takes its choices from the uploaded list; three letters find Kisumu.
  const countyRow = await openField(page, 'County');
  await countyRow.getByRole('combobox', { name: 'Lookup list (optional)' }).fill('Coun');
  await page.getByRole('option', { name: LOOKUP, exact: true }).click();
  await expect(countyRow.getByRole('combobox', { name: 'Lookup list (optional)' })).toHaveValue(LOOKUP);
  await expect(countyRow.getByRole('textbox', { name: 'Options' })).toHaveCount(0);
  const county = preview(page).getByRole('combobox', { name: 'County' });
  await county.fill('Kis');
  await expect(page.getByRole('option', { name: /^Kisumu/ })).toBeVisible();
  await page.getByRole('option', { name: /^Kisumu/ }).click();
  await expect(county).toHaveValue('Kisumu');
  // Scrolled to its end, the list loads the next rows where the person is reading: it does not
  // jump back to its top, with an answer chosen and without.
  for (const [search, total] of [
    ['Place', '3,000'],
    ['Place 1', '1,000'],
  ] as const) {
    if (search === 'Place 1') await county.clear();
    await county.fill(search);
    await expect(page.getByText(`25 of ${total} rows`)).toBeVisible();
    const listbox = page.getByRole('listbox');
    const end = await listbox.evaluate((list) => (list.scrollTop = list.scrollHeight - list.clientHeight));
    await expect(page.getByText(`50 of ${total} rows`)).toBeVisible();
    // Where it was, give or take the footer's height while it loads; the top would be 0.
    await expect.poll(() => listbox.evaluate((list) => list.scrollTop)).toBeGreaterThan(end - 60);
  }
  await county.fill('Kis');
  await page.getByRole('option', { name: /^Kisumu/ }).click();
  await expect(county).toHaveValue('Kisumu');
  expect(violations, 'the builder and its preview run under the console policy').toEqual([]);

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Successfully added form')).toBeVisible();
  await expect(page).toHaveURL(/\/custom-form\/edit\/[^/]+$/);
  formId = decodeURIComponent(page.url().split('/').pop()!);
  await expect(page.getByRole('heading', { name: 'Edit Form Group' })).toBeVisible();
  await expect(page.getByText('Not Published Form')).toBeVisible();
  await expectOrder(page, order);
});

/** The labels with one of them taken out and put back at `index` (0-based). */
function moved(labels: string[], label: string, index: number): string[] {
  const rest = labels.filter((l) => l !== label);
  return [...rest.slice(0, index), label, ...rest.slice(index)];
}

/** Drags a row by its handle with the mouse and drops it over another row. */
async function dragOnto(page: Page, label: string, target: string) {
  const handle = fieldList(page).getByRole('button', { name: `Move ${label}`, exact: true });
  const over = fieldList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Move ${target}`, exact: true }) });
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await over.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 8, { steps: 4 }); // past the few pixels that make it a drag
  await page.mouse.move(x, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** Opens the form from the forms list, by its name. */
async function openForm(page: Page, name: string) {
  await page.getByRole('menuitem', { name: 'Custom Forms' }).click();
  await expect(page).toHaveURL(/\/custom-form$/);
  await formRow(page, name).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/custom-form\/edit\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Edit Form Group' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(name);
}

const formRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

test('two publishes make revisions 1 and 2; their changes are listed field by field; revision 1 is restored; the form is copied', async ({
  page,
}) => {
  expect(formId, 'the form saved by the test before').not.toBe('');
  await openSignedIn(page, E2E.admin);
  await openForm(page, FORM);
  await expect(page.getByText('Not Published Form')).toBeVisible();

  await page.getByRole('button', { name: 'PUBLISH FORM' }).click();
  const first = page.getByRole('dialog', { name: 'Publish revision 1?' });
  await expect(first).toContainText("This is the form's first revision: 20 fields.");
  await first.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Published revision 1')).toBeVisible();
  await expect(page).toHaveURL(/\/custom-form$/);
  await expect(formRow(page, FORM)).toContainText('1 revision');
  await expect(formRow(page, FORM)).toContainText('20 fields');

  // Two changes: a label, and a field made required.
  await openForm(page, FORM);
  await expect(page.getByRole('link', { name: 'There is 1 Revision of this form' })).toBeVisible();
  const age = await openField(page, 'Age');
  await age.getByRole('textbox', { name: 'Field label' }).fill('Age in years');
  const email = await openField(page, 'Email');
  await email.getByRole('switch', { name: 'Required' }).check();
  await expect(email.getByRole('button', { name: 'Close Email' })).toHaveAccessibleDescription(/Required/);
  await page.getByRole('button', { name: 'PUBLISH FORM' }).click();
  const second = page.getByRole('dialog', { name: 'Publish revision 2?' });
  await expect(second).toContainText('From revision 1 to this draft: 2 changes');
  await second.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Published revision 2')).toBeVisible();
  await expect(page).toHaveURL(/\/custom-form$/);

  // The revisions page: newest first, and what changed from 1 to 2.
  await formRow(page, FORM).getByRole('link', { name: '2 revisions' }).click();
  await expect(page).toHaveURL(new RegExp(`/custom-form/form-revisions/${escape(encodeURIComponent(formId))}$`));
  const revisions = page.getByRole('list', { name: 'Revisions' });
  await expect(revisions.getByRole('button')).toHaveText([/^Revision 2\s*Latest/, /^Revision 1/]);
  await expect(page.getByRole('heading', { name: `Revision 2 · ${FORM}` })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Form' }).getByRole('textbox', { name: 'Age in years' })).toBeVisible();
  await page.getByRole('tab', { name: 'Changes' }).click();
  await expect(page.getByText('From revision 1 to revision 2: 2 changes')).toBeVisible();
  const changes = page.getByRole('list', { name: 'Changes' }).locator(':scope > li');
  await expect(changes).toHaveCount(2);
  await expect(changes.filter({ hasText: 'Age in years' })).toContainText('Label: “Age” → “Age in years”');
  await expect(changes.filter({ hasText: 'Email' })).toContainText('Now required');

  // Restore revision 1 into the draft.
  await revisions.getByRole('button', { name: /^Revision 1/ }).click();
  await expect(page.getByRole('heading', { name: `Revision 1 · ${FORM}` })).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Restore revision 1?');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Revision 1 restored to the draft')).toBeVisible();
  await expect(page).toHaveURL(/\/custom-form$/);

  await openForm(page, FORM);
  await expect(fieldList(page).getByRole('button', { name: 'Open Age', exact: true })).toBeVisible();
  await expect(fieldList(page).getByRole('button', { name: 'Open Age in years' })).toHaveCount(0);
  const emailButton = fieldList(page).getByRole('button', { name: 'Open Email', exact: true });
  await expect(emailButton).toBeVisible();
  await expect(emailButton).not.toHaveAccessibleDescription(/Required/);
  await expect(page.getByRole('link', { name: 'There are 2 Revisions of this form' })).toBeVisible();

  // Copy Form: a new form with the same fields, under a new title.
  await page.getByRole('button', { name: 'Copy Form' }).click();
  await expect(page).toHaveURL(/\/custom-form\/add-new$/);
  await expect(page.getByRole('heading', { name: 'Add New Form Group' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`Copy of ${FORM}`);
  await expect(fieldsRegion(page).getByRole('heading', { name: 'Fields (20)' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(`${FORM} (follow-up)`);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Successfully added form')).toBeVisible();
  await expect(page).toHaveURL(/\/custom-form\/edit\/[^/]+$/);
  expect(decodeURIComponent(page.url().split('/').pop()!)).not.toBe(formId);
  await expect(page.getByText('Not Published Form')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Custom Forms' }).click();
  await expect(formRow(page, `${FORM} (follow-up)`)).toContainText('20 fields');
  await expect(formRow(page, FORM)).toContainText('2 revisions');
});

test('a draft saved in one page is not overwritten by a stale save in another; nothing is lost', async ({ browser }) => {
  expect(formId, 'the form saved by the tests before').not.toBe('');
  // Two managers, each in a browser of their own, open the same draft.
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  for (const page of [first, second]) {
    await openSignedIn(page, E2E.admin);
    await openForm(page, FORM);
  }

  const notes = await openField(first, 'Notes');
  await notes.getByRole('textbox', { name: 'Field label' }).fill('Visit notes');
  await first.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(first, 'Successfully Updated')).toBeVisible();

  const website = await openField(second, 'Website');
  await website.getByRole('textbox', { name: 'Field label' }).fill('Web page');
  await second.getByRole('button', { name: 'Save Draft' }).click();
  const stale = second.getByRole('alert').filter({ hasText: 'Someone else saved this form since you opened it' });
  await expect(stale).toContainText('Reload it to see their changes. Your changes are still on screen until you reload.');
  await expect(toast(second, 'Successfully Updated')).toHaveCount(0);
  // The second manager's edit is still there, and the first one's save is not (yet) on this page.
  await expect(fieldList(second).getByRole('button', { name: 'Close Web page' })).toBeVisible();
  await expect(fieldList(second).getByRole('button', { name: 'Open Notes', exact: true })).toBeVisible();

  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(stale).toHaveCount(0);
  await expect(fieldList(second).getByRole('button', { name: 'Open Visit notes' })).toBeVisible();
  await expect(fieldList(second).getByRole('button', { name: 'Open Website', exact: true })).toBeVisible();

  // Made again over the fresh draft, the second edit saves; both are kept.
  const again = await openField(second, 'Website');
  await again.getByRole('textbox', { name: 'Field label' }).fill('Web page');
  await second.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(second, 'Successfully Updated')).toBeVisible();
  await first.reload();
  await expect(fieldList(first).getByRole('button', { name: 'Open Visit notes' })).toBeVisible();
  await expect(fieldList(first).getByRole('button', { name: 'Open Web page' })).toBeVisible();
  await first.context().close();
  await second.context().close();
});
