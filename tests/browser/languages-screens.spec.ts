/**
 * The main screens in French and in Arabic, as their users see them: sign in, the users list,
 * a role's permission checklist, the form builder (a field added, then moved with the keyboard),
 * a program's tab, the Data Explorer and a document's drawer. Each is checked for its words
 * (taken from that language's catalogue, so a key that fell back to English fails here), and by
 * axe, at 1440 and at 390 px; SCREENSHOTS_DIR keeps a screenshot of each.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, forgetSession, pickUpWithKeyboard, resetAdminLanguage, storeSession } from './helpers.ts';
import { expectNoSeriousAxe } from './axe.ts';
import { keepScreenshot } from './screenshots.ts';
import { seedProgram, type SeededProgram } from './seed-program.ts';
// The catalogues' parts, not their index: that derives the schemas' English from the schema
// registry, whose JSON imports Node does not load without import attributes.
import * as french from '../../src/i18n/fr/areas.ts';
import * as arabic from '../../src/i18n/ar/areas.ts';
import { frenchTitles } from '../../src/i18n/fr/schema-titles.ts';
import { arabicTitles } from '../../src/i18n/ar/schema-titles.ts';

const LANGUAGES = [
  { tag: 'fr', app: french.app, titles: frenchTitles },
  { tag: 'ar', app: arabic.app, titles: arabicTitles },
] as const;

/** A catalogue text with its placeholders filled; `form` picks a plural form (French: 0 one, 1 many; Arabic: 1 one, 3 many). */
const say = (text: string, params: Record<string, string | number> = {}, form?: number) =>
  (form === undefined ? text : text.split(' |||| ')[form]!).replace(/%\{(\w+)\}/g, (_, name: string) => String(params[name]));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let seeded: SeededProgram | undefined;
let roleId = '';
const run = Date.now().toString(36);

test.beforeAll(async () => {
  // The device's language is what these tests set: the admin's own (from another spec) must not override it.
  await resetAdminLanguage(authUrl, E2E.admin);
  seeded = await seedProgram({
    form: {
      name: `Languages form ${run}`,
      fields: [
        {
          field_label: 'Head of household',
          field_name: 'head',
          field_type: 'text',
          translations: { fr: { field_label: 'Chef de ménage' }, ar: { field_label: 'ربّ الأسرة' } },
        },
      ],
    },
    type: { name: `Languages Household ${run}`, plural: 'Languages Households', description: 'Households seen in French and Arabic' },
    program: { name: `Languages Program ${run}`, description: 'Seen in French and Arabic' },
  });
  await seeded.submit(`languages-e2e-${run}`, { head: 'Amina' }, { processed: true });
  const token = await apiToken(authUrl, E2E.admin);
  const roles = (await callWith(token, 'GET', `${authUrl}/role`)).body as unknown as Array<{ _id: string; role_slug: string }>;
  roleId = roles.find((r) => r.role_slug === 'program-manager')!._id;
});
test.afterAll(() => seeded?.cleanUp());

/** Opens `path` signed in as the admin, the device set to `tag`. */
async function openIn(page: Page, tag: string, path: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await storeSession(page, E2E.admin);
  await page.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), tag);
  await page.goto(path);
}

/** The screen as it is now at 1440 (kept, checked by axe), then at 390 (the same). */
async function atBothWidths(page: Page, name: string) {
  await expectNoSeriousAxe(page, `${name} (1440)`);
  await keepScreenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
  await expectNoSeriousAxe(page, `${name} (390)`);
  await keepScreenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const { tag, app, titles } of LANGUAGES) {
  test.describe(`in ${tag}`, () => {
    test.describe.configure({ mode: 'serial' });
    const plural = tag === 'fr' ? 1 : 3;

    test(`signs in and reads the users list and a role's checklist (${tag})`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await forgetSession(page);
      await page.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), tag);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('dir', tag === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { name: app.auth.login.title })).toBeVisible();
      await expectNoSeriousAxe(page, `${tag} login`);
      await keepScreenshot(page, `${tag}-login-1440`);
      await page.getByLabel(app.auth.email).fill(E2E.admin.email);
      await page.getByLabel(app.auth.password).fill(E2E.admin.password);
      await page.getByRole('button', { name: app.auth.login.submit }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      const users = say(titles['User |||| Users'], {}, plural);
      await page.locator('.RaSidebar-fixed').getByRole('menuitem', { name: users }).click();
      await expect(page.getByRole('heading', { name: say(app.records.list.title_all, { name: users }) })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: titles.Email })).toBeVisible();
      await atBothWidths(page, `${tag}-users`);

      await page.goto(`/role/permission/${roleId}`);
      await expect(page.getByText(titles.User, { exact: true })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: titles['Can get user'] })).toBeVisible();
      await atBothWidths(page, `${tag}-role-permissions`);
    });

    test(`builds a form: adds a field and moves it with the keyboard (${tag})`, async ({ page }) => {
      await openIn(page, tag, '/custom-form/add-new');
      const builder = app.forms.builder;
      const add = page.getByRole('form', { name: builder.add_field.form });
      for (const label of ['Alpha', 'Beta']) {
        await add.getByRole('combobox', { name: builder.add_field.type }).click();
        await page.getByRole('option', { name: app.forms.types.text, exact: true }).click();
        await add.getByRole('textbox', { name: builder.add_field.label }).fill(label);
        await add.getByRole('button', { name: builder.add_field.button }).click();
      }
      await expect(page.getByRole('heading', { name: say(builder.page.fields, { count: 2 }) })).toBeVisible();
      const list = page.getByRole('list', { name: builder.rows.list });
      // A screen reader hears each step in the language (and a person waits for the row to move before dropping it).
      const spoken = page.getByRole('region', { name: builder.page.fields_section }).getByRole('status');
      await pickUpWithKeyboard(page, list.getByRole('button', { name: say(builder.rows.move, { label: 'Alpha' }), exact: true }));
      await expect(spoken).toHaveText(say(builder.drag.over, { name: 'Alpha', position: 1 }));
      await page.keyboard.press('ArrowDown');
      await expect(spoken).toHaveText(say(builder.drag.over, { name: 'Alpha', position: 2 }));
      await page.keyboard.press('Space');
      await expect(spoken).toHaveText(say(builder.drag.dropped_at, { name: 'Alpha', position: 2 }));
      await expect(list.getByRole('listitem')).toHaveText([new RegExp(`^1\\.${escape('Beta')}`), new RegExp(`^2\\.${escape('Alpha')}`)]);

      // The field's label in this language, given beside its own: the preview shows it, and the form's own on "English".
      const language = tag === 'fr' ? 'Français' : 'العربية';
      await list.getByRole('button', { name: say(builder.rows.open, { label: 'Alpha' }) }).click();
      const alpha = list.getByRole('listitem').filter({ hasText: 'Alpha' });
      await alpha.getByRole('button', { name: new RegExp(escape(builder.translations.title)) }).click();
      const box = alpha.getByRole('textbox', { name: say(builder.translations.text_in, { text: builder.translations.label, language }) });
      await box.fill(`Alpha ${tag}`);
      await expect(box).toHaveAttribute('lang', tag);
      const preview = page.getByRole('region', { name: builder.page.preview_section });
      await expect(preview.getByText(`Alpha ${tag}`)).toBeVisible();
      await preview.getByRole('button', { name: 'English' }).click();
      await expect(preview.getByText('Alpha', { exact: true })).toBeVisible();
      await expect(preview.getByText(`Alpha ${tag}`)).toHaveCount(0);
      await expectNoSeriousAxe(page, `${tag} builder`);
      await keepScreenshot(page, `${tag}-builder-1440`);
      // At phone width the boxes stack under the text they translate (no reload: the draft lives on the page).
      await page.setViewportSize({ width: 390, height: 844 });
      // The layout's switch to the phone drawer draws the page afresh: the folded section may start folded again.
      const translations = alpha.getByRole('button', { name: new RegExp(escape(builder.translations.title)) });
      if ((await translations.getAttribute('aria-expanded')) === 'false') await translations.click();
      await expect(box).toHaveValue(`Alpha ${tag}`);
      await box.scrollIntoViewIfNeeded();
      await expectNoSeriousAxe(page, `${tag} builder (390)`);
      await keepScreenshot(page, `${tag}-builder-390`);
    });

    test(`opens a program's tab, the Data Explorer and a document's drawer (${tag})`, async ({ page }) => {
      await openIn(page, tag, `/program/${seeded!.programId}`);
      await page.getByRole('tab', { name: app.program.tabs.goals }).click();
      await expect(page.getByRole('tab', { name: app.program.tabs.goals })).toHaveAttribute('aria-selected', 'true');
      await atBothWidths(page, `${tag}-program-goals`);

      await page.goto('/data-explorer');
      await expect(page.getByRole('heading', { name: app.documents.explorer.heading })).toBeVisible();
      await atBothWidths(page, `${tag}-data-explorer`);

      await page.goto('/dashboard');
      await page
        .getByRole('row')
        .filter({ hasText: `Languages Program ${run}` })
        .first()
        .click();
      const drawer = page.getByRole('dialog', { name: app.documents.drawer.label });
      await expect(drawer.getByText('Amina')).toBeVisible();
      // The form's own label in this language.
      await expect(drawer.getByText(tag === 'fr' ? 'Chef de ménage' : 'ربّ الأسرة', { exact: true })).toBeVisible();
      await expectNoSeriousAxe(page, `${tag} drawer`);
      await keepScreenshot(page, `${tag}-drawer-1440`);
    });
  });
}
