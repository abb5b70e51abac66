/**
 * A form reaches a program: the builder's program multi-select on the add and edit pages, fields
 * duplicated from another form (a clashing name made unique), and in a program's type drawer the
 * form picker saying why a draft is missing, with a link to open it.
 */
import { expect, test } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, openSignedIn, toast } from './helpers.ts';
import { keepScreenshot } from './screenshots.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;
const PROGRAM = 'Nutrition Drive';
const SOURCE = 'Growth check';
const DRAFT = 'Feeding log draft';

/** The program made here goes again at the end: programs.spec.ts, which may run next on the same stack, starts from none. */
let madeProgram: { token: string; id: string } | undefined;
test.afterAll(async () => {
  if (madeProgram) expect((await callWith(madeProgram.token, 'DELETE', `${apiUrl}/program/${madeProgram.id}`)).status).toBe(200);
});

test('a form linked to a program, fields duplicated from another form, and a draft named under the type drawer’s form picker', async ({
  page,
}) => {
  const token = await apiToken(authUrl, E2E.admin);
  const program = new FormData();
  program.append('name', PROGRAM);
  program.append('description', 'Meals and growth checks for every child under five.');
  program.append('no_of_days_for_edit_program', '30');
  program.append('program_head', '[]');
  program.append('documentVisible', 'ALL');
  const made = await callWith(token, 'POST', `${apiUrl}/program`, program);
  expect(made.status).toBe(201);
  const programId = String(made.body._id);
  madeProgram = { token, id: programId };
  const source = await callWith(token, 'POST', `${apiUrl}/form`, {
    name: SOURCE,
    structures: [
      { field_label: 'Child name', field_name: 'child_name', field_type: 'text' },
      { field_label: 'Weight', field_name: 'weight', field_type: 'number' },
    ],
  });
  expect((await callWith(token, 'POST', `${apiUrl}/form/publish`, { _id: source.body._id })).status).toBe(200);
  const draft = await callWith(token, 'POST', `${apiUrl}/form`, { name: DRAFT, structures: [] });

  await openSignedIn(page, E2E.admin, '/custom-form/add-new');
  await page.getByRole('textbox', { name: 'Title' }).fill('Feeding survey');
  // The program, searched by name.
  const programs = page.getByRole('combobox', { name: 'Programs' });
  await programs.fill('Nutri');
  await page.getByRole('option', { name: PROGRAM }).click();
  await expect(page.getByRole('button', { name: PROGRAM })).toBeVisible();
  // A field of its own, then two duplicated from the published form; "child_name" clashes.
  const add = page.getByRole('form', { name: 'Add a field' });
  await add.getByRole('textbox', { name: 'New field label' }).fill('Child name');
  await add.getByRole('button', { name: 'Add field' }).click();
  const duplicate = page.getByRole('region', { name: 'Duplicate fields from another form' });
  await duplicate.getByRole('combobox', { name: 'Duplicate fields from another form' }).fill('Growth');
  await page.getByRole('option', { name: SOURCE }).click();
  await duplicate.getByRole('checkbox', { name: 'Child name (Text)' }).check();
  await duplicate.getByRole('checkbox', { name: 'Weight (Number)' }).check();
  await duplicate.getByRole('button', { name: 'Copy 2 fields' }).click();
  await expect(toast(page, `Copied 2 fields from “${SOURCE}”`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fields (3)' })).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, `18-builder-programs-duplicate-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(toast(page, 'Successfully added form')).toBeVisible();
  await expect(page).toHaveURL(/\/custom-form\/edit\/[^/]+$/);
  const formId = decodeURIComponent(page.url().split('/').pop()!);
  const saved = (await callWith(token, 'GET', `${apiUrl}/form/${encodeURIComponent(formId)}`)).body;
  expect(saved.program_ids).toEqual([programId]);
  expect((saved.structures as Array<{ field_name: string }>).map((f) => f.field_name)).toEqual(['child_name', 'child_name_2', 'weight']);
  // The edit page shows the program by name.
  await expect(page.getByRole('button', { name: PROGRAM })).toBeVisible();

  // In the program's Beneficiaries tab, the type drawer's form picker says why drafts are missing.
  await page.goto(`/program/${encodeURIComponent(programId)}?tab=4`);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Add Beneficiary Type' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add Beneficiary Type' });
  await drawer.getByRole('tab', { name: 'Create new Beneficiary Type' }).click();
  await expect(drawer.getByText('Only published forms can be picked.')).toBeVisible();
  const open = drawer.getByRole('link', { name: `open “${DRAFT}” to publish it` });
  await expect(open).toHaveAttribute('href', `/custom-form/edit/${encodeURIComponent(String(draft.body._id))}`);
  await expect(open).toHaveAttribute('target', '_blank');
  await keepScreenshot(page, '18-builder-type-drawer-note-1440');
  // On a phone the drawer takes the whole screen, the note in view. (By its text: while the
  // viewport changes, the app's own menu drawer may briefly hide the page from the role tree.)
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(`open “${DRAFT}” to publish it`)).toBeInViewport();
  await keepScreenshot(page, '18-builder-type-drawer-note-390');
});
