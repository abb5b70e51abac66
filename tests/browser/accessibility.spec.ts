/**
 * Every screen of the menu and their main sub-screens — the login page, the dashboard and its
 * document drawer, users, roles and a role's checklist, designations, custom forms with a
 * form's builder and revisions, view lists, programs with each of a program's 11 tabs and its History, the type
 * record pages, the Data Explorer, Settings and Support — at 1440 and at 390 px: each has a tab
 * title of its own ("Users · Fieldbase") and axe finds nothing serious or critical on it.
 */
import { test, expect, type Page } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith, forgetSession, openSignedIn } from './helpers.ts';
import { expectNoSeriousAxe } from './axe.ts';
import { seedProgram, type SeededProgram } from './seed-program.ts';

const made = { formId: '', programId: '', roleId: '', userId: '' };
let seeded: SeededProgram | undefined;
// A worker that starts again after a failure seeds again: its names must not clash with the first seeding's.
const run = Date.now().toString(36);
const PROGRAM = `Accessible Water Points ${run}`;
const FORM = `Accessible household form ${run}`;

/** A published form, a program using it for a beneficiary type, and one processed document, so every screen has something to show. */
test.beforeAll(async () => {
  seeded = await seedProgram({
    form: {
      name: FORM,
      fields: [
        { field_label: 'Head of household', field_name: 'head', field_type: 'text', validation: { required: true } },
        { field_label: 'Members', field_name: 'members', field_type: 'number' },
      ],
    },
    type: { name: `Accessible Household ${run}`, plural: 'Accessible Households', description: 'Households on the accessible program' },
    program: { name: PROGRAM, description: 'Every screen checked with axe' },
  });
  made.formId = seeded.formId;
  made.programId = seeded.programId;
  await seeded.submit(`accessibility-e2e-${run}`, { head: 'Amina', members: 4 }, { processed: true });
  const token = await apiToken(authUrl, E2E.admin);
  const roles = (await callWith(token, 'GET', `${authUrl}/role`)).body as unknown as Array<{ _id: string; role_slug: string }>;
  made.roleId = roles.find((r) => r.role_slug === 'program-manager')!._id;
  const session = (await callWith(token, 'POST', `${authUrl}/user/verify`, { token })).body as { user?: { _id: string } };
  made.userId = session.user?._id ?? '';
});

// The specs after this one count programs and forms (programs.spec.ts starts from 'No program found'): take away what this one added.
test.afterAll(() => seeded?.cleanUp());

/**
 * The screen at `path`, once `ready` shows: its title, then axe. Reached as the console's own
 * links reach it (the router follows the address), not by loading the console again: a reload
 * costs the browser most of a second of script for nothing this check looks at.
 */
async function check(page: Page, path: string, title: string, ready: (page: Page) => Promise<void>) {
  const consoleShown = (await page.locator('#root').count()) > 0;
  if (consoleShown) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(path);
  }
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await ready(page);
  await expect(page, `title of ${path}`).toHaveTitle(title);
  await expectNoSeriousAxe(page, `${path} at ${page.viewportSize()!.width} px`);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    });

    test('the signed-out screens', async ({ page }) => {
      await forgetSession(page);
      await check(page, '/login', 'Sign in · Fieldbase', heading('Sign in'));
      await check(page, '/otp', 'Forgot password · Fieldbase', async (p) => expect(p.getByRole('button').first()).toBeVisible());
    });

    test('the menu screens, users, roles and designations', async ({ page }) => {
      await openSignedIn(page, E2E.admin);
      await check(page, '/dashboard', 'Dashboard · Fieldbase', async (p) =>
        expect(p.getByText('Recently Processed Documents')).toBeVisible(),
      );
      // The document drawer, opened from the recently processed documents.
      // A table row at 1440 px, a list entry (a button) on a phone.
      await page.getByRole('row').or(page.getByRole('button')).filter({ hasText: PROGRAM }).first().click();
      await expect(page.getByRole('dialog').or(page.getByRole('presentation')).getByText('Amina').first()).toBeVisible();
      await expectNoSeriousAxe(page, `the document drawer at ${width} px`);
      await page.keyboard.press('Escape');
      await check(page, '/user', 'Users · Fieldbase', heading(/Users/));
      await check(page, '/user/add', 'Add · Users · Fieldbase', async (p) => expect(p.getByLabel('First Name').first()).toBeVisible());
      if (made.userId) await check(page, `/user/${made.userId}`, 'Profile · Users · Fieldbase', heading(/Admin|User/));
      await check(page, '/role', 'Roles · Fieldbase', heading('Roles'));
      await check(page, `/role/permission/${made.roleId}`, 'Permissions · Roles · Fieldbase', async (p) =>
        expect(p.getByRole('checkbox').first()).toBeVisible(),
      );
      await check(page, '/designation', 'Designations · Fieldbase', heading('Designations'));
      await check(page, '/webhook', 'Webhooks · Fieldbase', heading(/Webhooks/));
      await check(page, '/webhook/create', 'Add · Webhooks · Fieldbase', heading(/Add Webhook/));
      await check(page, '/data-explorer', 'Data Explorer · Fieldbase', heading(/Explore data/));
      await check(page, '/settings', 'Settings · Fieldbase', heading('Settings'));
      await check(page, '/support', 'Support · Fieldbase', heading('Support'));
      await check(page, '/audit', 'Audit log · Fieldbase', async (p) => {
        await expect(p.getByRole('heading', { name: 'Audit log' })).toBeVisible();
        await expect(p.getByRole('progressbar')).toHaveCount(0);
      });
      await check(page, '/beneficiaries', 'Beneficiary Types · Fieldbase', async (p) => expect(p.getByRole('main')).toBeVisible());
      await check(page, '/events', 'Event Types · Fieldbase', async (p) => expect(p.getByRole('main')).toBeVisible());
    });

    test('custom forms: the list, view lists, the builder and the revisions', async ({ page }) => {
      await openSignedIn(page, E2E.admin);
      await check(page, '/custom-form', 'Custom Forms · Fieldbase', async (p) => expect(p.getByText(FORM).first()).toBeVisible());
      await check(page, '/custom-form/view-list', 'View Lists · Custom Forms · Fieldbase', heading(/View List/));
      await check(page, '/custom-form/add-new', 'Add · Custom Forms · Fieldbase', heading(/Add New Form/));
      await check(page, `/custom-form/edit/${made.formId}`, 'Edit · Custom Forms · Fieldbase', heading(/Edit Form/));
      await check(page, `/custom-form/form-revisions/${made.formId}`, 'Revisions · Custom Forms · Fieldbase', async (p) => {
        await expect(p.getByText('Latest').first()).toBeVisible();
        // The revision's form drawn, its spinner gone: axe judges colours as they settle, not mid-fade.
        await expect(p.getByText('Head of household').first()).toBeVisible();
        await expect(p.getByRole('progressbar')).toHaveCount(0);
      });
    });

    test("programs: the lists, add, edit and each of a program's tabs", async ({ page }) => {
      await openSignedIn(page, E2E.admin);
      await check(page, '/program', 'Programs · Fieldbase', async (p) => expect(p.getByText(PROGRAM).first()).toBeVisible());
      await check(page, '/program/active', 'Active · Programs · Fieldbase', async (p) =>
        expect(p.getByText(PROGRAM).first()).toBeVisible(),
      );
      await check(page, '/program/deactive', 'Deactivated · Programs · Fieldbase', async (p) => expect(p.getByRole('main')).toBeVisible());
      await check(page, '/program/add', 'Add · Programs · Fieldbase', heading('Add Program'));
      await check(page, `/program/edit/${made.programId}`, 'Edit · Programs · Fieldbase', heading('Edit Program'));
      for (let tab = 0; tab <= 11; tab++) {
        await check(page, `/program/${made.programId}?tab=${tab}`, 'Details · Programs · Fieldbase', async (p) =>
          expect(p.getByRole('tab').nth(tab)).toHaveAttribute('aria-selected', 'true'),
        );
      }
    });
  });
}
