/**
 * The pseudo-locale walk: the console in en-XA (every catalogue text accented and in brackets)
 * across its main screens. Any visible text outside the data (table cells, inputs, the brand,
 * numbers and dates) that is not in brackets did not come from the catalogue: the test names it.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './e2e-settings.ts';
import { storeSession } from './helpers.ts';
import { keepScreenshot } from './screenshots.ts';
import { seedProgram, type SeededProgram } from './seed-program.ts';

const SCREENS = [
  '/dashboard',
  '/designation',
  '/user',
  '/role',
  '/custom-form',
  '/listview',
  '/program',
  '/beneficiary_type',
  '/webhook',
  '/data-explorer',
  '/settings',
  '/audit',
  '/support',
];

/** Visible texts under the console's root that are neither in brackets nor data (`known`: data shown as text, e.g. a program's name in its heading). */
async function plainTexts(page: Page, known: string[]): Promise<string[]> {
  return page.evaluate((known) => {
    // Data: table cells, inputs, the brand, a user's initials, charts' own drawing; and text marked
    // as in another language (a language's own name, as the language pickers show it).
    const data =
      'td, input, textarea, [role="gridcell"], [data-testid="organisation-brand"], .MuiAvatar-root, svg, .recharts-wrapper, .MuiChartsSurface-root, [lang]:not(html)';
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.getElementById('root')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest(data) || parent.closest('[aria-hidden="true"]')) continue;
      if (!parent.getClientRects().length || getComputedStyle(parent).visibility === 'hidden') continue;
      // Numbers, dates, counts and punctuation are not words to translate.
      if (!/\p{L}{2,}/u.test(text)) continue;
      if (/\[.*\]/su.test(text) || known.some((value) => text.includes(value))) continue;
      found.add(text);
    }
    return [...found];
  }, known);
}

let seeded: SeededProgram | undefined;
const run = Date.now().toString(36);

// Something on every screen: a published form, a program with a type using it, a processed document.
test.beforeAll(async () => {
  seeded = await seedProgram({
    form: { name: `Pseudo form ${run}`, fields: [{ field_label: 'Head of household', field_name: 'head', field_type: 'text' }] },
    type: { name: `Pseudo Household ${run}`, plural: 'Pseudo Households', description: 'Households of the pseudo-locale walk' },
    program: { name: `Pseudo Program ${run}`, description: 'Walked in the pseudo-locale' },
  });
  await seeded.submit(`pseudo-e2e-${run}`, { head: 'Amina' }, { processed: true });
});
// The specs after this one count programs and forms: take away what this one added.
test.afterAll(() => seeded?.cleanUp());

test('every main screen in the pseudo-locale shows only texts from the catalogue', async ({ page }) => {
  test.setTimeout(120_000);
  const screens = [...SCREENS, `/program/${seeded!.programId}`, `/custom-form/form-revisions/${seeded!.formId}`];
  await storeSession(page, E2E.admin);
  // react-admin keeps the chosen language in its store (localStorage, JSON).
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en-XA')));
  const missed: Record<string, string[]> = {};
  for (const screen of screens) {
    await page.goto(screen);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    // Settled: the page's heading or main content is drawn and no spinner is left.
    await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    await expect(page.locator('main [role="progressbar"]')).toHaveCount(0, { timeout: 15_000 });
    const plain = await plainTexts(page, [run, 'Walked in the pseudo-locale', 'Head of household']);
    await keepScreenshot(page, `pseudo${screen.replaceAll('/', '-')}-1440`);
    if (plain.length) missed[screen] = plain;
  }
  expect(missed).toEqual({});
});
