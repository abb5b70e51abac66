/**
 * The pseudo-locale walk: the console in en-XA (every catalogue text accented and in brackets)
 * across its main screens. Any visible text outside the data (table cells, inputs, the brand,
 * numbers and dates) that is not in brackets did not come from the catalogue: the test names it.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './e2e-settings.ts';
import { storeSession } from './helpers.ts';

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

/** Visible texts under the console's root that are neither in brackets nor data. */
async function plainTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const data =
      'td, input, textarea, [role="gridcell"], [data-testid="organisation-brand"], svg, .recharts-wrapper, .MuiChartsSurface-root';
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.getElementById('root')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest(data) || parent.closest('[aria-hidden="true"]')) continue;
      if (!parent.getClientRects().length || getComputedStyle(parent).visibility === 'hidden') continue;
      // Numbers, dates, counts and punctuation are not words to translate.
      if (!/\p{L}{2,}/u.test(text)) continue;
      if (/\[.*\]/su.test(text)) continue;
      found.add(text);
    }
    return [...found];
  });
}

test('every main screen in the pseudo-locale shows only texts from the catalogue', async ({ page }) => {
  test.setTimeout(120_000);
  await storeSession(page, E2E.admin);
  // react-admin keeps the chosen language in its store (localStorage, JSON).
  await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en-XA')));
  const missed: Record<string, string[]> = {};
  for (const screen of SCREENS) {
    await page.goto(screen);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    // Settled: the page's heading or main content is drawn and no spinner is left.
    await expect(page.locator('main')).toBeVisible();
    await expect(page.locator('main [role="progressbar"]')).toHaveCount(0, { timeout: 15_000 });
    const plain = await plainTexts(page);
    if (plain.length) missed[screen] = plain;
  }
  expect(missed).toEqual({});
});
